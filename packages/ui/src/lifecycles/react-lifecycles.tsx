import { type HostProps, type Lifecycles, withStylesheets } from '@ops/shared';
import type { ComponentType } from 'react';
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { CrashPanel } from './crash-panel';

export interface ReactLifecyclesOptions<P extends HostProps> {
  rootComponent: ComponentType<P>;
  /** Shown in the crash panel when the component tree throws. */
  label: string;
  /** URLs of the package's stylesheets, linked while mounted. */
  stylesheets?: string[];
}

/**
 * Single-spa lifecycles for a React package (a parcel, a sub-app or the shell): an error boundary so a
 * crash stays inside the package, and stylesheets linked only while mounted.
 */
export function reactLifecycles<P extends HostProps>(options: ReactLifecyclesOptions<P>): Lifecycles<P> {
  const lifecycles = singleSpaReact({
    React,
    ReactDOMClient,
    rootComponent: options.rootComponent as never,
    errorBoundary: (error: Error) => <CrashPanel label={options.label} error={error} />,
  }) as unknown as Lifecycles<P>;
  return withStylesheets(lifecycles, options.stylesheets ?? []);
}
