import type {
  Bus,
  ErrorLog,
  HostServices,
  Http,
  LanguageView,
  LoadModule,
  LockState,
  NavigateOptions,
  ServerTextsLoader,
  SessionStore,
  SiteConfig,
  SiteStorage,
} from '@ops/shared';

export type { Language } from '@ops/shared';

export interface Notify {
  success(text: string): unknown;
  warning(text: string): unknown;
  error(text: string): unknown;
  info(text: string): unknown;
}

/**
 * The one bag of services every feature of the shell receives: the runtime's own objects (the shell is
 * the host's chrome: it signs in, locks and owns the session), the router, the toasts, and what the chrome
 * hands the parcels it hosts. Tests build it from a real runtime over a fake transport
 * (packages/shell/test-support).
 */
export interface ShellServices {
  /** The shared core's axios instance (client headers, tokens, refresh and the error catalogue). */
  http: Http;
  session: SessionStore;
  lock: LockState;
  config: SiteConfig;
  /** The site's browser storage (prefixed keys): the chrome keeps its sidebar width and tags there. */
  storage: SiteStorage;
  /** The server's texts by prefix (`menu.` for the menu names), fetched again on a language switch. */
  serverTexts: ServerTextsLoader;
  language: LanguageView;
  navigate(path: string, options?: NavigateOptions): void;
  /** Leaves the console for another address (a sign-in provider): a full page load. */
  leave(url: string): void;
  /** The one sign-out of the runtime; answers the login page to go to. */
  signOut(): Promise<string>;
  /** The runtime's local error log (spec §3 Error log entry): the top bar's error-log viewer reads it. */
  errorLog: ErrorLog;
  /** The `message` API of @ops/ui. */
  notify: Notify;
  /** The console's root bus: the chrome publishes its state topics (menus, tags, theme) on it. */
  bus: Bus;
  /** What the chrome hands every parcel it mounts (each mount gets its own context of it). */
  host: HostServices;
  /** The root config's one module loader (parcels' code). */
  loadModule: LoadModule;
}
