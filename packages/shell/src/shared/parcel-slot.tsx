import { createSlot } from '@ops/shared';
import { useMemo } from 'react';
import Parcel from 'single-spa-react/parcel';
import type { ShellServices } from './services';

export interface ParcelSlotProps {
  specifier: string;
  label: string;
  className: string;
  services: Pick<ShellServices, 'host' | 'loadModule'>;
  /** Props of the parcel's own beyond the host's context (given at mount). */
  parcelProps?: Readonly<Record<string, unknown>>;
}

/**
 * A place in the chrome where a separately deployed parcel mounts. Its code loads on first mount; a
 * parcel that fails to load or throws shows an error panel with Retry here, and the chrome goes on.
 */
export function ParcelSlot({
  specifier,
  label,
  className,
  services: { host, loadModule },
  parcelProps,
}: ParcelSlotProps) {
  const config = useMemo(
    () => createSlot({ specifier, label, loadModule, services: host }),
    [specifier, label, loadModule, host],
  );
  return <Parcel config={config} wrapWith="div" wrapClassName={className} {...parcelProps} />;
}
