import {
  type ErrorLogEntry,
  failureEntry,
  type HostProps,
  type Lifecycles,
  subscribeTexts,
  textsVersion,
  withStylesheets,
} from '@ops/shared';
import type { ComponentType, ErrorInfo } from 'react';
import React, { useSyncExternalStore } from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { ErrorBoundary } from '../error-boundary/error-boundary';
import { CrashPanel } from './crash-panel';

export interface ReactLifecyclesOptions<P extends HostProps> {
  rootComponent: ComponentType<P>;
  /** Shown in the crash panel when the component tree throws. */
  label: string;
  /** URLs of the package's stylesheets, linked while mounted. */
  stylesheets?: string[];
  /** Also told about a crash (the entry goes to the error log on the bus either way). */
  onError?: (error: Error, info: ErrorInfo) => void;
  /**
   * Whether the server's markup in the container (marked `data-ops-prerender`, issue 31) is what the
   * first render makes, so React hydrates it; otherwise it is replaced by a fresh render.
   */
  hydrates?: (container: HTMLElement, props: P) => boolean;
}

/** The mark of a container holding the server's markup of a package's first render. */
export const PRERENDER_ATTRIBUTE = 'data-ops-prerender';

/**
 * A hydration that did not match: React recovers by rendering afresh, but the page showed something
 * else first, so it is reported as an error (tests fail on it), never only a warning.
 */
function reportRecoverable(label: string) {
  return (error: unknown) => console.error(`${label}: hydration did not match`, error);
}

/** The error-log entry of a React crash (spec §3 Error log). */
export function crashEntry(error: Error, info: ErrorInfo, label: string): ErrorLogEntry {
  return failureEntry(error, `${label}${info.componentStack ?? ''}`, 'boundary');
}

/**
 * Single-spa lifecycles for a React package (a parcel, a sub-app or the shell): re-rendered when the
 * console's texts change (language switch, texts added), an error boundary so a crash stays inside the package and reaches the
 * error log, and stylesheets linked only while mounted.
 */
export function reactLifecycles<P extends HostProps>(options: ReactLifecyclesOptions<P>): Lifecycles<P> {
  const Root = options.rootComponent as ComponentType<HostProps>;
  function Guarded(props: HostProps) {
    // `useTexts` users follow the texts themselves; code that translates in render with `i18n.t` (a
    // validator's key, a slot's label) is re-rendered from the package's root.
    useSyncExternalStore(subscribeTexts, textsVersion, textsVersion);
    return (
      <ErrorBoundary
        label={options.label}
        onError={(error, info) => {
          props.bus.publish('error-log:entry', crashEntry(error, info, options.label));
          options.onError?.(error, info);
        }}
      >
        <Root {...props} />
      </ErrorBoundary>
    );
  }
  // The boundary inside renders the crash panel; this one only covers a throw in that boundary itself.
  // A class of our own rather than single-spa-react's `errorBoundary` option: from that option it makes
  // a class once, closing over the props of the first mount (its container included), which would then
  // stay in memory for as long as the module does.
  class LastResort extends React.Component<{ children?: React.ReactNode }, { error: Error | null }> {
    override state = { error: null as Error | null };
    static getDerivedStateFromError(error: Error) {
      return { error };
    }
    override render() {
      return this.state.error ? (
        <CrashPanel label={options.label} error={this.state.error} />
      ) : (
        this.props.children
      );
    }
  }
  let hydrating = false;
  const lifecycles = singleSpaReact({
    React,
    ReactDOMClient: {
      createRoot: ReactDOMClient.createRoot,
      hydrateRoot: (container: Element, node: React.ReactNode) =>
        ReactDOMClient.hydrateRoot(container, node, { onRecoverableError: reportRecoverable(options.label) }),
    } as never,
    renderType: () => (hydrating ? 'hydrateRoot' : 'createRoot'),
    rootComponent: Guarded as never,
    errorBoundaryClass: LastResort as never,
  }) as unknown as Lifecycles<P>;
  const mount = lifecycles.mount;
  lifecycles.mount = (props) => {
    // Where single-spa-react renders: the element given (a slot's body), else the application's own.
    const { name, domElement } = props as { name?: string; domElement?: HTMLElement };
    const container = domElement ?? (name ? document.getElementById(`single-spa-application:${name}`) : null);
    hydrating = false;
    if (container?.hasAttribute(PRERENDER_ATTRIBUTE)) {
      hydrating = options.hydrates?.(container, props) ?? false;
      container.removeAttribute(PRERENDER_ATTRIBUTE);
      if (!hydrating) container.replaceChildren();
    }
    return mount(props);
  };
  return withStylesheets(lifecycles, options.stylesheets ?? []);
}
