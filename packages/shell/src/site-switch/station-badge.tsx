import { holdStylesheet } from '@ops/shared';
import { useLayoutEffect } from 'react';
import { useShellText } from '../shared/i18n';
import type { ShellServices } from '../shared/services';
import { useSessionState } from '../shared/use-session';
import href from './station-badge.css';
import { stationLabel } from './station-label';
import { SITE_TEXTS } from './texts';

/** The top bar's mark of the station joined (nothing on the main site). */
export function StationBadge({ services }: { services: Pick<ShellServices, 'session'> }) {
  const { t } = useShellText(SITE_TEXTS);
  const label = stationLabel(useSessionState(services).subStation);
  useLayoutEffect(() => (label ? holdStylesheet(href) : undefined), [label]);
  if (!label) return null;
  const text = t('badge', { name: label });
  return (
    <span className="ops-station-badge" title={text}>
      {text}
    </span>
  );
}
