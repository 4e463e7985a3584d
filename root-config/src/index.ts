import {
  bus,
  createModuleLoader,
  createSandbox,
  createSlot,
  type HostServices,
  hostServicesOf,
  installSandboxPatches,
  type ModuleLoadError,
  pageApiOf,
  type Runtime,
  startRuntime,
} from '@ops/shared';
import {
  getMountedApps,
  navigateToUrl,
  registerApplication,
  start,
  triggerAppChange,
  unregisterApplication,
} from 'single-spa';
import { constructApplications, constructLayoutEngine, constructRoutes } from 'single-spa-layout';
import { dismissBootWhenShellSettles } from './boot';
import { apply, decide, navigate, type SubAppRegistry } from './navigation';
import { createSubAppHost, type SubAppHost } from './sub-app-host';
import { assertSingular, registryOf, type SubApp } from './sub-apps';

const reportLoadError = (error: ModuleLoadError) => {
  bus.publish('error-log:entry', {
    type: error.name,
    url: location.href,
    message: error.message,
    stack: error.stack ?? '',
    info: `${error.specifier} (${error.reason})`,
    time: new Date().toISOString(),
  });
};

const loadModule = createModuleLoader({ registry: System, onError: reportLoadError });

const mainView = () => {
  const element = document.getElementById('ops-main-view');
  if (!element) throw new Error('The page frame lacks #ops-main-view.');
  return element;
};

/** Whether the import map names a specifier: SystemJS resolves only what the map has. */
const inImportMap = (specifier: string) => {
  try {
    System.resolve(specifier);
    return true;
  } catch {
    return false;
  }
};

/** A sub-app in the main view: a slot with its sandbox, fed the main view and the page API. */
function subAppSlot(app: SubApp, services: HostServices) {
  return createSlot({
    specifier: app.specifier,
    label: app.label,
    loadModule,
    services,
    sandbox: createSandbox({ baseUrl: new URL('./', System.resolve(app.specifier)).href }),
    extraProps: () => ({ mainView: mainView(), page: pageApiOf(services.rootBus), awaitStylesheets: true }),
  }) as never;
}

function hostSubApps(rt: Runtime, services: HostServices): SubAppHost {
  installSandboxPatches();
  const host = createSubAppHost({
    http: rt.api.http,
    session: rt.session,
    sessionSignal: () => rt.sessionContext.signal(),
    isInstalled: inImportMap,
    registrar: {
      registerApplication: (config) => registerApplication(config as never),
      unregisterApplication,
      reroute: () => void triggerAppChange(),
    },
    slotFor: (app) => subAppSlot(app, services),
    mainView,
    bus: rt.bus,
  });
  // Development builds check the singular rule after every change: at most one sub-app mounted.
  if (process.env.NODE_ENV !== 'production') {
    window.addEventListener('single-spa:app-change', () => assertSingular(getMountedApps()));
  }
  return host;
}

function register(rt: Runtime, services: HostServices) {
  const template = document.querySelector<HTMLTemplateElement>('#single-spa-layout');
  if (!template) throw new Error('index.html lacks the single-spa-layout template.');
  const routes = constructRoutes(template);
  const applications = constructApplications({
    routes,
    loadApp: ({ name }) =>
      Promise.resolve(createSlot({ specifier: name, label: name, loadModule, services }) as never),
  });
  const layoutEngine = constructLayoutEngine({ routes, applications });
  // The chrome is the host's own: besides the context every module gets, it receives the runtime (it
  // signs in, locks and owns the session) and what it needs to host the parcels.
  for (const application of applications) {
    registerApplication({ ...application, customProps: { loadModule, runtime: rt, services } });
  }
  return layoutEngine;
}

/** Re-checks the current page when the session ends or the screen is locked or unlocked (in any tab). */
function followSession(rt: Runtime, subApps: SubAppRegistry) {
  let signedIn = Boolean(rt.session.get().token);
  let locked = rt.lock.isLocked();
  // After the current task, so a flow that navigates itself (logout goes to /login) is not overridden.
  const recheck = () => setTimeout(() => void apply(rt, decide(rt, location.href, subApps)));
  rt.session.state$.subscribe((state) => {
    const now = Boolean(state.token);
    // Signing in is followed by the login flow itself (it knows about isInit and `redirect`).
    if (signedIn && !now) recheck();
    signedIn = now;
  });
  rt.lock.locked$.subscribe((now) => {
    if (now !== locked) recheck();
    locked = now;
  });
}

async function main() {
  dismissBootWhenShellSettles(bus);
  const rt = await startRuntime();
  const services = hostServicesOf(rt, navigate);
  const host = hostSubApps(rt, services);
  const subApps = registryOf(host.state);
  // The first URL is settled before single-spa starts, so nothing mounts for a path that redirects. A
  // path that may be a sub-app's waits for the user's list of sub-apps first.
  let first = decide(rt, location.href, subApps);
  if (first.action === 'wait') {
    await host.settled();
    first = decide(rt, location.href, subApps);
  }
  await apply(rt, first);
  const layoutEngine = register(rt, services);

  // Later navigations: cancel (single-spa restores the previous URL), then go where the guard says.
  window.addEventListener('single-spa:before-routing-event', (event) => {
    const { oldUrl, newUrl, cancelNavigation } = (event as CustomEvent).detail as {
      oldUrl?: string;
      newUrl: string;
      cancelNavigation?: (cancel?: boolean) => void;
    };
    // The guard decides navigations. A reroute at the same address (an application registered, the
    // sub-app list read) is no navigation: a sign-in under way must not be redirected by it, and
    // session changes are followed on their own (followSession).
    if (oldUrl === newUrl) return;
    const decision = decide(rt, newUrl, subApps);
    if (decision.action === 'allow' && !decision.clearSession) return;
    if (decision.action !== 'allow') cancelNavigation?.();
    if (decision.action === 'wait') {
      // Once the user's sub-apps are known the same navigation is decided again.
      void host.settled().then(() => navigateToUrl(newUrl));
      return;
    }
    setTimeout(() => void apply(rt, decision));
  });
  followSession(rt, subApps);

  layoutEngine.activate();
  start({ urlRerouteOnly: true });
}

main().catch((error: unknown) => {
  console.error(error);
  document.body.dataset.startError = error instanceof Error ? error.message : String(error);
  // The boot frame stays: it says so instead of loading forever.
  const text = document.querySelector('#ops-boot .ops-boot__text');
  if (text) {
    text.textContent = '运维控制台未能启动，请刷新重试。 The console could not start. Reload to try again.';
    text.setAttribute('role', 'alert');
  }
  document.querySelector('#ops-boot .ops-boot__bar')?.remove();
});
