import type { SessionStore, SystemType } from '@ops/shared';
import { useSyncExternalStore } from 'react';
import { useShellText } from '../shared/i18n';
import { ParcelSlot } from '../shared/parcel-slot';
import { PARCELS, type ParcelKey } from '../shared/parcels';
import type { ShellServices } from '../shared/services';
import { parcelsFor } from './parcels';
import { RemoteControlSlot } from './remote-control-slot';
import { SLOT_TEXTS } from './texts';

/** The parcel slots the session may see in the tab's system (spec §6), following the session. */
export function useParcels(session: SessionStore, system: SystemType): ParcelKey[] {
  const list = useSyncExternalStore(
    (onChange) => {
      const sub = session.state$.subscribe(onChange);
      return () => sub.unsubscribe();
    },
    () => parcelsFor(session.get(), system).join(' '),
  );
  return list.split(' ') as ParcelKey[];
}

/**
 * The top bar's parcels (spec §2, §6): remote control (mounted on its first request) and notices, each a
 * separately deployed parcel in a slot of its own.
 */
export function ParcelTools({ services, system }: { services: ShellServices; system: SystemType }) {
  const { t } = useShellText(SLOT_TEXTS);
  const parcels = useParcels(services.session, system);
  return (
    <>
      {parcels.includes('remoteControl') && (
        <RemoteControlSlot
          services={services}
          label={t('remoteControl')}
          className="ops-shell-slot ops-shell-slot--remote-control"
        />
      )}
      {parcels.includes('notices') && (
        <ParcelSlot
          specifier={PARCELS.notices}
          label={t('notices')}
          className="ops-shell-slot ops-shell-slot--notices"
          services={services}
        />
      )}
    </>
  );
}
