import {
  type Bus,
  createSlot,
  type HostServices,
  type LoadModule,
  type PageApi,
  type Runtime,
} from '@ops/shared';
import { getMountedApps, registerApplication, triggerAppChange, unregisterApplication } from 'single-spa';
import { overriddenHere } from './overrides-rules';
import { createSandbox, installSandboxPatches, sandboxedLoader } from './sandbox';
import { createSubAppHost, type SubAppHost } from './sub-app-host';
import { assertSingular, entriesToAdd, type ServedMap, type SubApp, servedMapOf } from './sub-apps';

/**
 * The sub-app host wired to the page: SystemJS's import map, single-spa, the main view, a slot with its
 * sandbox per app. A chunk of its own, loaded once someone is signed in: the login page does not need it.
 */

export const mainView = () => {
  const element = document.getElementById('ops-main-view');
  if (!element) throw new Error('The page frame lacks #ops-main-view.');
  return element;
};

/** The page API over the bus: the chrome's tag bar follows `page:title`. */
export function pageApiOf(bus: Pick<Bus, 'publish'>): PageApi {
  return {
    setTitle(title) {
      bus.publish('page:title', { path: `${location.pathname}${location.search}`, title: String(title) });
    },
  };
}

/** Whether the import map names a specifier: SystemJS resolves only what the map has. */
const inImportMap = (specifier: string) => {
  try {
    System.resolve(specifier);
    return true;
  } catch {
    return false;
  }
};

/** Entries were added to the page's map: it is no longer the version its meta names. */
let amended = false;

/**
 * The map the server serves for a tenant now (docs/api.md section 12), or null when it is the very map the
 * page carries: asked with the page's version (its `ops-importmap-version` meta) as If-None-Match, a 304.
 */
async function readImportMap(tenantId: string, signal: AbortSignal): Promise<ServedMap | null> {
  const page = amended
    ? null
    : document.querySelector<HTMLMetaElement>('meta[name="ops-importmap-version"]')?.content;
  const response = await fetch(`/importmap.json?tenantId=${encodeURIComponent(tenantId)}`, {
    headers: page ? { 'If-None-Match': `"${page}"` } : {},
    cache: 'no-store',
    credentials: 'same-origin',
    signal,
  });
  return response.status === 200 ? servedMapOf(await response.json()) : null;
}

/**
 * Adds to SystemJS's map the sub-app entries of the tenant's map that the page resolves otherwise. A
 * bundle a developer overrides in this browser (import-map-overrides) keeps its override.
 */
function adoptEntries(served: ServedMap, apps: readonly SubApp[]) {
  const resolve = (specifier: string) => {
    try {
      return System.resolve(specifier);
    } catch {
      return null;
    }
  };
  const own = apps.filter((app) => !overriddenHere(app.specifier));
  const added = entriesToAdd(served, own, resolve, location.href);
  if (!added) return;
  (System as unknown as { addImportMap(map: ServedMap): void }).addImportMap(added);
  amended = true;
}

/** A sub-app in the main view: a slot with its sandbox, fed the main view and the page API. */
function subAppSlot(app: SubApp, services: HostServices, loadModule: LoadModule) {
  const sandbox = createSandbox({ baseUrl: new URL('./', System.resolve(app.specifier)).href });
  const page = pageApiOf(services.rootBus);
  return createSlot({
    specifier: app.specifier,
    label: app.label,
    loadModule: sandboxedLoader(loadModule, sandbox, () => ({
      mainView: mainView(),
      page,
      awaitStylesheets: true,
    })),
    services,
  }) as never;
}

export function startSubAppHost(rt: Runtime, services: HostServices, loadModule: LoadModule): SubAppHost {
  installSandboxPatches();
  const host = createSubAppHost({
    http: rt.api.http,
    session: rt.session,
    sessionSignal: () => rt.sessionContext.signal(),
    isInstalled: inImportMap,
    readImportMap,
    adoptEntries,
    registrar: {
      registerApplication: (config) => registerApplication(config as never),
      unregisterApplication,
      reroute: () => void triggerAppChange(),
    },
    slotFor: (app) => subAppSlot(app, services, loadModule),
    mainView,
    bus: rt.bus,
  });
  // Development builds check the singular rule after every change: at most one sub-app mounted.
  if (process.env.NODE_ENV !== 'production') {
    window.addEventListener('single-spa:app-change', () => assertSingular(getMountedApps()));
  }
  return host;
}
