import { KEYS, type SessionState, type SystemType } from '@ops/shared';
import { useState } from 'react';
import { useShellText } from '../shared/i18n';
import type { LayoutState } from '../shared/layout-state';
import type { ShellServices } from '../shared/services';
import { activeSystem, systemLabels, systemTypeOf } from './rules';
import { SYSTEM_TEXTS } from './texts';

export interface SystemView {
  /** The system this tab shows (spec §4 System type): the rule's, or the one its user switched to. */
  system: SystemType;
  visual: boolean;
  /** The chrome's title, and the two systems' names as the footer and the switch buttons show them. */
  labels: { title: string; manage: string; visual: string };
  /**
   * Spec §4: switching to the visual system changes the theme and the page (its first one, `openFirst`);
   * returning to the management system reloads the page at `home`.
   */
  switchTo(type: SystemType, where: { home: string; openFirst(): void }): void;
}

export function useSystem(services: ShellServices, session: SessionState, layout: LayoutState): SystemView {
  const { t, lang } = useShellText(SYSTEM_TEXTS);
  const account = session.userInfo?.account;
  const user = { tenantId: session.tenantId, account };
  const [stored, setStored] = useState(() => services.storage.get(KEYS.systemType));
  const system = activeSystem(systemTypeOf(user, layout), stored, user);
  return {
    system,
    visual: system === 'visual',
    labels: systemLabels({ layout, config: services.config, tenantId: session.tenantId, lang, t }),
    switchTo(type, { home, openFirst }) {
      services.storage.set(KEYS.systemType, { tenantId: session.tenantId, account: account ?? '', type });
      if (type === 'manage') {
        window.location.assign(home);
        return;
      }
      setStored(services.storage.get(KEYS.systemType));
      openFirst();
    },
  };
}
