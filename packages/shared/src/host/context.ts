import type { Observable } from 'rxjs';
import type { Bus, ScopedBus } from '../bus/bus';
import type { SiteConfig } from '../config/site-config';
import type { Http, HttpClient } from '../http';
import { currentLanguage, onLanguageChange, setLanguage } from '../i18n/i18n';
import type { Language } from '../i18n/language';
import type { Runtime } from '../runtime/runtime';
import type { SessionEndReason } from '../session/context';
import type { SessionState } from '../session/state';
import type { SiteStorage } from '../storage';

/** The session as a parcel or sub-app sees it: read only. */
export interface SessionView {
  get(): Readonly<SessionState>;
  readonly state$: Observable<Readonly<SessionState>>;
}

export interface LanguageView {
  current(): Language;
  /** Switches the console's language (every package re-renders; sent as `Hz-Language`). */
  set(language: Language): void;
  /** Follows switches; returns the function that stops following. */
  subscribe(listener: (language: Language) => void): () => void;
}

export interface NavigateOptions {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
}

/**
 * What every parcel and sub-app receives from the host, as single-spa props: the whole of what it may
 * reach besides the bus. Nothing else of the console is importable from a hosted bundle but
 * `@ops/shared`'s pure rules and `@ops/ui`'s building blocks.
 */
export interface HostContext {
  /** The bus, scoped to this mount: the host ends its subscriptions after unmount. */
  bus: ScopedBus;
  /** The console's one axios instance: headers, token refresh and the error catalogue included. */
  http: Http;
  /** A streamed call (Server-Sent Events) through the same headers, refresh, errors and aborts. */
  stream: HttpClient['stream'];
  session: SessionView;
  config: Readonly<SiteConfig>;
  /**
   * The site's browser storage (the site prefix, typed keys naming their area): a parcel keeps what it
   * remembers for the tab (`area: 'session'`) or across tabs (`'local'`) here, never in the raw storages.
   */
  storage: SiteStorage;
  /** The console's language; texts are registered with `registerTexts` and read with @ops/ui's `useTexts`. */
  language: LanguageView;
  navigate(path: string, options?: NavigateOptions): void;
  /** Signs the user out (asks the server to revoke, clears everything) and goes to the login page. */
  signOut(): Promise<void>;
  /**
   * Aborts when this mount ends: on unmount, and when the session context ends (logout, tenant switch,
   * station switch). Pass it to calls, sockets and streams; the host mounts the module again for a new
   * tenant or station.
   */
  signal: AbortSignal;
}

/** What the host holds once for every mount: the context without the per-mount bus and signal. */
export interface HostServices extends Omit<HostContext, 'bus' | 'signal'> {
  readonly rootBus: Bus;
  /** The signal of the current session context. */
  sessionSignal(): AbortSignal;
  /** Emits when a session context ends. */
  readonly sessionEnded$: Observable<SessionEndReason>;
}

/** The host's services made of the started runtime; `navigate` is the router's (single-spa's). */
export function hostServicesOf(rt: Runtime, navigate: HostContext['navigate']): HostServices {
  return {
    rootBus: rt.bus,
    http: rt.api.http,
    stream: rt.api.stream,
    session: { get: () => rt.session.get(), state$: rt.session.state$ },
    config: rt.config,
    storage: rt.storage,
    language: { current: currentLanguage, set: setLanguage, subscribe: onLanguageChange },
    navigate,
    async signOut() {
      navigate(await rt.signOut(), { replace: true });
    },
    sessionSignal: () => rt.sessionContext.signal(),
    sessionEnded$: rt.sessionContext.ended$,
  };
}

/** The context of one mount: the services, a bus scope and a signal that ends with the mount or the session. */
export function contextOf(services: HostServices, bus: ScopedBus, unmounted: AbortSignal): HostContext {
  const { rootBus: _root, sessionSignal, sessionEnded$: _ended, ...shared } = services;
  return { ...shared, bus, signal: AbortSignal.any([unmounted, sessionSignal()]) };
}
