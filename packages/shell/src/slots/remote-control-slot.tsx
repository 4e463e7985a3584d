import type { RemoteControlRequest } from '@ops/shared';
import { useLayoutEffect, useRef, useState } from 'react';
import { ParcelSlot } from '../shared/parcel-slot';
import { PARCELS } from '../shared/parcels';
import type { ShellServices } from '../shared/services';

/**
 * The remote-control parcel's slot, empty until the first `remote-control:open` (P2: none of the parcel's
 * code on the login and chrome path). That request mounts the slot and is handed to the parcel as its
 * `takeRequest` prop: the parcel takes it once, in the same effect that subscribes it to the topic, so no
 * request is lost between the two (event topics do not replay) and a later remount (a station switch)
 * finds nothing to take. Requests published while the parcel's code loads replace the waiting one.
 */
export function RemoteControlSlot({
  services,
  label,
  className,
}: {
  services: ShellServices;
  label: string;
  className: string;
}) {
  const [wanted, setWanted] = useState(false);
  const waiting = useRef<RemoteControlRequest | null>(null);
  const taken = useRef(false);

  // Listening from the commit that renders the chrome (a layout effect, not a passive one that React may
  // run later): a request published right after the chrome appears is not missed.
  useLayoutEffect(() => {
    const sub = services.bus.on('remote-control:open').subscribe((request) => {
      if (taken.current) return;
      waiting.current = request;
      setWanted(true);
    });
    return () => sub.unsubscribe();
  }, [services.bus]);

  // One function for the slot's lifetime (a new prop would not reach the mounted parcel anyway).
  const [parcelProps] = useState(() => ({
    takeRequest: (): RemoteControlRequest | null => {
      taken.current = true;
      const request = waiting.current;
      waiting.current = null;
      return request;
    },
  }));

  if (!wanted) return null;
  return (
    <ParcelSlot
      specifier={PARCELS.remoteControl}
      label={label}
      className={className}
      services={services}
      parcelProps={parcelProps}
    />
  );
}
