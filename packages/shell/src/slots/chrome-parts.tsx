import type { HostServices, LoadModule, SessionStore } from '@ops/shared';
import { loadShoelace } from '@ops/ui';
import { useEffect, useSyncExternalStore } from 'react';
import { AssistantRobot } from '../assistant-robot/robot';
import { ReloadPrompt } from '../reload-prompt/reload-prompt';
import { DefaultPasswordReminder } from '../session-dialogs/session-dialogs';
import { SHELL_TEXTS } from '../shared/chrome-texts';
import { useShellText } from '../shared/i18n';
import { ParcelSlot } from '../shared/parcel-slot';
import type { ShellServices } from '../shared/services';
import { PARCELS, type ParcelKey, parcelsFor } from './parcels';
import { RemoteControlSlot } from './remote-control-slot';

function useParcels(session: SessionStore): ParcelKey[] {
  const list = useSyncExternalStore(
    (onChange) => {
      const sub = session.state$.subscribe(onChange);
      return () => sub.unsubscribe();
    },
    () => parcelsFor(session.get()).join(' '),
  );
  return list.split(' ') as ParcelKey[];
}

export interface ChromePartsProps {
  services: ShellServices;
  host: HostServices;
  loadModule: LoadModule;
}

/**
 * The parcels' slots the session may see (spec §2, §6): `where="topbar"` gives the top bar's (remote
 * control, notices), `where="floating"` the assistant's robot, the default-password reminder and the
 * reload prompt (a new import map).
 */
export function ChromeParts({
  services,
  host,
  loadModule,
  where,
}: ChromePartsProps & { where: 'topbar' | 'floating' }) {
  const { t } = useShellText(SHELL_TEXTS);
  const parcels = useParcels(services.session);
  // The chrome's parcels and pages show dialogs and tooltips: their Shoelace comes now, not on first use
  // (the sign-in pages never load it). A failure here is retried by the first component that needs it.
  useEffect(() => {
    if (where === 'floating') loadShoelace().catch(() => undefined);
  }, [where]);
  const slot = (key: ParcelKey, className: string) =>
    parcels.includes(key) && (
      <ParcelSlot
        specifier={PARCELS[key]}
        label={t(key)}
        className={`ops-shell-slot ${className}`}
        loadModule={loadModule}
        services={host}
      />
    );
  if (where === 'topbar')
    return (
      <>
        {parcels.includes('remoteControl') && (
          <RemoteControlSlot
            host={host}
            loadModule={loadModule}
            label={t('remoteControl')}
            className="ops-shell-slot ops-shell-slot--remote-control"
          />
        )}
        {slot('notices', 'ops-shell-slot--notices')}
      </>
    );
  return (
    <>
      {parcels.includes('assistant') && <AssistantRobot host={host} loadModule={loadModule} />}
      <DefaultPasswordReminder services={services} />
      <ReloadPrompt bus={host.rootBus} />
    </>
  );
}
