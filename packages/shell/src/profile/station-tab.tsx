import { validateRequiredText } from '@ops/shared';
import { LoadFailed, SelectField, useSubmit } from '@ops/ui';
import { useCallback, useEffect, useState } from 'react';
import type { ShellT } from '../shared/i18n';
import type { ShellServices } from '../shared/services';
import { fetchDefaultStation, fetchStations, submitDefaultStation } from './api';
import { TabForm } from './form-parts';
import type { StationOption } from './rules';

/** The default-station tab (IMS): the stations to choose from, the current default, and saving it. */
export function StationTab({ services, userId, t }: { services: ShellServices; userId: string; t: ShellT }) {
  const [stations, setStations] = useState<StationOption[] | null>(null);
  const [chosen, setChosen] = useState('');
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    setFailed(false);
    Promise.all([fetchStations(services.http), fetchDefaultStation(services.http, userId)]).then(
      ([list, current]) => {
        setStations(list);
        setChosen(current);
      },
      () => setFailed(true),
    );
  }, [services.http, userId]);
  useEffect(load, [load]);
  const save = useSubmit(
    async () => {
      await submitDefaultStation(services.http, chosen, userId);
      services.notify.success(t('stationSaved'));
    },
    { fallback: t('stationFailed'), notify: (text) => services.notify.error(text) },
  );
  if (failed) return <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={load} />;
  if (!stations) return <p>{t('loading')}</p>;
  return (
    <TabForm
      label={t('tabStation')}
      onSubmit={() => void save.run()}
      error={save.error}
      busy={save.busy}
      saveLabel={t('saveStation')}
    >
      <SelectField
        label={t('defaultStation')}
        value={chosen}
        onChange={setChosen}
        placeholder={t('chooseStation')}
        options={stations.map((s) => ({ value: s.deptId, label: s.name }))}
        validate={() => validateRequiredText(chosen, 'value')}
        required
      />
    </TabForm>
  );
}
