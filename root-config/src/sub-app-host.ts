import {
  type Bus,
  type ErrorLogEntry,
  envelopeData,
  failureEntry,
  type Http,
  type Lifecycles,
  matchRoute,
  registerTexts,
  type SessionState,
} from '@ops/shared';
import type { Observable } from 'rxjs';
import type { SubAppsStatus } from './navigation';
import {
  installedCheck,
  type ServedMap,
  type SubApp,
  type SubAppSource,
  subAppName,
  subAppOfPath,
  subAppSourcesOf,
  subAppsOf,
} from './sub-apps';

/** docs/api.md section 5. */
export const APPLICATIONS_URL = '/api/blade-system/application/applications';
export const MENU_ROUTES_URL = '/api/blade-system/menu/routes';

// Not an app code (codes have no parentheses), so no sub-app of a tenant can take the name.
const MISSING = subAppName('(missing)');

/** What the host needs of single-spa: injected, so tests run it without one. */
export interface Registrar {
  registerApplication(config: {
    name: string;
    app: () => Promise<Lifecycles<never>>;
    activeWhen: (location: Location) => boolean;
    customProps: Record<string, unknown>;
  }): void;
  unregisterApplication(name: string): Promise<unknown>;
  /** Checks every application's activity against the URL again (single-spa's `triggerAppChange`). */
  reroute(): void;
}

export interface SubAppHostDeps {
  http: Http;
  session: {
    get(): SessionState;
    readonly state$: Observable<SessionState>;
    update(patch: Partial<SessionState>): void;
  };
  /** The signal of the current session context (calls end with it). */
  sessionSignal(): AbortSignal;
  /** Whether the page's import map names a specifier (the only check before anything is imported). */
  isInstalled(specifier: string): boolean;
  /**
   * The import map the server serves for a tenant now; null when it is the page's own map (the same
   * version) or cannot be read. The page's own map was served for whoever was signed in when it loaded:
   * a sub-app published since is not in it.
   */
  readImportMap(tenantId: string, signal: AbortSignal): Promise<ServedMap | null>;
  /** Makes the page's import map resolve the given sub-apps as the tenant's map does. */
  adoptEntries(served: ServedMap, apps: readonly SubApp[]): void;
  registrar: Registrar;
  /** The lifecycles of an installed sub-app: a slot with its sandbox. */
  slotFor(app: SubApp): Lifecycles<never>;
  /** The main view element the sub-apps mount into. */
  mainView(): HTMLElement;
  bus: Pick<Bus, 'publish'>;
}

export interface SubAppHostState {
  status: SubAppsStatus;
  apps: readonly SubApp[];
}

export interface SubAppHost {
  state(): SubAppHostState;
  /** Settles once the list is known (at once when it is); the route guard waits on it. */
  settled(): Promise<void>;
  dispose(): void;
}

/**
 * The tenant and user the list belongs to (a new one reads the list again): '' signed out; WAITING between
 * the token and the user's info (sign-in stores the token, then reads the user), so the lists are read
 * once per sign-in, for the user they belong to.
 */
const WAITING = 'waiting-for-user';
const identityOf = (state: SessionState) =>
  !state.token
    ? ''
    : state.userInfo
      ? JSON.stringify([state.tenantId, state.userInfo.user_id ?? ''])
      : WAITING;

/** Texts of the "not installed" panel (plain DOM, like the slot's panels). */
const notInstalledText = registerTexts('sub-apps', {
  zh: { notInstalled: '未安装', notInstalledHint: '此应用的程序包尚未部署到本站点，请联系管理员。' },
  en: {
    notInstalled: 'not installed',
    notInstalledHint: "This app's bundle is not deployed on this site. Ask your administrator.",
  },
});

/** A panel in the main view for a sub-app whose bundle the import map lacks: its name and 未安装. */
export function notInstalledLifecycles(label: () => string): Lifecycles<never> {
  let panel: HTMLElement | null = null;
  return {
    bootstrap: async () => undefined,
    async mount(props: { domElementGetter?: () => HTMLElement }) {
      const host = props.domElementGetter?.();
      if (!host) throw new Error('No main view to show the panel in.');
      panel = document.createElement('section');
      panel.className = 'ops-slot-panel ops-slot-missing';
      panel.setAttribute('aria-labelledby', 'ops-slot-missing-title');
      const title = document.createElement('h1');
      title.id = 'ops-slot-missing-title';
      title.textContent = label();
      const state = document.createElement('span');
      state.className = 'ops-slot-missing__state';
      state.textContent = notInstalledText('notInstalled');
      const hint = document.createElement('p');
      hint.textContent = notInstalledText('notInstalledHint');
      panel.append(title, state, hint);
      host.append(panel);
    },
    async unmount() {
      panel?.remove();
      panel = null;
    },
  } as unknown as Lifecycles<never>;
}

/**
 * The sub-app host of the main view (spec §1, §2 Routes; ARCHITECTURE 3.4): for the signed-in user it
 * reads the applications and menus, registers one single-spa application per app code (active under
 * `/{code}` and on the fixed routes that name it), and unregisters them when the user signs out or
 * another user or tenant signs in. The list is kept with the session (`menuApps`), so a reload registers
 * at once and reads it again behind. An app whose bundle the import map lacks shows "not installed"
 * without importing anything. Single-spa mounts after every unmount has finished: one sub-app at a time.
 */
export function createSubAppHost(deps: SubAppHostDeps): SubAppHost {
  let state: SubAppHostState = { status: 'none', apps: [] };
  let identity = '';
  let generation = 0;
  const registered = new Map<string, SubApp>();
  let waiters: (() => void)[] = [];
  const release = () => {
    for (const wake of waiters.splice(0)) wake();
  };

  /** Unregistrations under way: the same name can be registered again only once its own has finished. */
  const leaving = new Map<string, Promise<unknown>>();

  /**
   * Registers the apps that are new and unregisters the ones that left; an app whose bundle came or went
   * (the tenant's map read after sign-in) is registered again, so it loads or shows "not installed".
   */
  const apply = (apps: readonly SubApp[]) => {
    const next = new Map(apps.map((app) => [app.code, app]));
    for (const [code, app] of [...registered]) {
      if (next.get(code)?.installed === app.installed) continue;
      registered.delete(code);
      const done: Promise<unknown> = deps.registrar
        .unregisterApplication(subAppName(code))
        .catch(() => undefined)
        .finally(() => {
          if (leaving.get(code) === done) leaving.delete(code);
        });
      leaving.set(code, done);
    }
    for (const app of apps) {
      if (registered.has(app.code)) continue;
      registered.set(app.code, app);
      const register = () =>
        deps.registrar.registerApplication({
          name: subAppName(app.code),
          app: async () => (app.installed ? deps.slotFor(app) : notInstalledLifecycles(() => app.label)),
          activeWhen: (location) => subAppOfPath(location.pathname, [app.code]) === app.code,
          customProps: { domElementGetter: deps.mainView },
        });
      const before = leaving.get(app.code);
      if (!before) register();
      else void before.then(() => registered.get(app.code) === app && register());
    }
  };

  const set = (next: SubAppHostState) => {
    state = next;
    if (next.status !== 'pending') release();
  };

  const load = async (mine: number) => {
    const signal = deps.sessionSignal();
    try {
      const [applications, menus, served] = await Promise.all([
        deps.http.get(APPLICATIONS_URL, { signal }),
        deps.http.get(MENU_ROUTES_URL, { signal }),
        deps.readImportMap(deps.session.get().tenantId, signal).catch(() => null),
      ]);
      if (mine !== generation) return;
      const sources = subAppSourcesOf(envelopeData(applications), envelopeData(menus));
      deps.session.update({ menuApps: sources });
      const apps = subAppsOf(sources, installedCheck(served, deps.isInstalled));
      if (served) deps.adoptEntries(served, apps);
      apply(apps);
      set({ status: 'ready', apps });
      deps.registrar.reroute();
    } catch (error) {
      if (mine !== generation || signal.aborted) return;
      // The list could not be read: what is known stays (from the session, or none), and the guard
      // stops waiting. The client has shown the call's error; the error log gets the host's view.
      deps.bus.publish('error-log:entry', loadFailureEntry(error));
      set({ status: 'ready', apps: state.apps });
      deps.registrar.reroute();
    }
  };

  const follow = (session: SessionState) => {
    const next = identityOf(session);
    if (next === identity) return;
    identity = next;
    const mine = ++generation;
    if (!next) {
      set({ status: 'none', apps: [] });
      apply([]);
      return;
    }
    // Known from this session already (a reload): registered at once, read again behind.
    const kept = next === WAITING ? [] : subAppsOf(session.menuApps as SubAppSource[], deps.isInstalled);
    if (kept.length > 0) {
      set({ status: 'ready', apps: kept });
      apply(kept);
    } else {
      set({ status: 'pending', apps: [] });
      apply([]);
    }
    if (next !== WAITING) void load(mine);
  };

  // A fixed route that names a sub-app the user does not have (the leave process's pages without the
  // leave-workflow app): the main view says so rather than staying empty.
  deps.registrar.registerApplication({
    name: MISSING,
    app: async () => notInstalledLifecycles(() => missingCodeOf(location.pathname) ?? ''),
    activeWhen: (location) => {
      const code = missingCodeOf(location.pathname);
      return code !== null && state.status === 'ready' && !registered.has(code);
    },
    customProps: { domElementGetter: deps.mainView },
  });

  const subscription = deps.session.state$.subscribe(follow);
  return {
    state: () => state,
    settled: () =>
      state.status === 'pending'
        ? new Promise<void>((resolve) => {
            waiters.push(resolve);
          })
        : Promise.resolve(),
    dispose() {
      subscription.unsubscribe();
      release();
      waiters = [];
    },
  };
}

/** The app code a fixed route names (`route.app`), or null. */
function missingCodeOf(pathname: string): string | null {
  return matchRoute(pathname)?.route.app ?? null;
}

function loadFailureEntry(error: unknown): ErrorLogEntry {
  return failureEntry(error, 'sub-apps: the applications and menus could not be read');
}
