import {
  bus,
  createModuleLoader,
  createSlot,
  failureEntry,
  type HostServices,
  hostServicesOf,
  type ModuleLoadError,
  type Runtime,
  startRuntime,
} from '@ops/shared';
import { navigateToUrl, registerApplication, start } from 'single-spa';
import { constructApplications, constructLayoutEngine, constructRoutes } from 'single-spa-layout';
import { dismissBootWhenShellSettles } from './boot';
import { apply, decide, navigate, registryOf, type SubAppRegistry } from './navigation';
import { loadsOverrides } from './overrides-gate';
import { overridesStored } from './overrides-rules';
import type { SubAppHost } from './sub-app-host';

const reportLoadError = (error: ModuleLoadError) =>
  bus.publish('error-log:entry', failureEntry(error, `${error.specifier} (${error.reason})`));

const loadModule = createModuleLoader({ registry: System, onError: reportLoadError });

/**
 * The sub-app host, loaded with its own chunk once someone is signed in (the login page does without
 * it). Until it is there, a signed-in user's list counts as being read: the guard waits for it.
 */
function lazySubAppHost(rt: Runtime, services: HostServices): SubAppHost {
  let real: SubAppHost | null = null;
  let loading: Promise<SubAppHost> | null = null;
  const load = () => {
    loading ??= import('./sub-app-wiring').then(({ startSubAppHost }) => {
      real = startSubAppHost(rt, services, loadModule);
      return real;
    });
    return loading;
  };
  rt.session.state$.subscribe((state) => {
    if (state.token) void load();
  });
  const signedIn = () => Boolean(rt.session.get().token);
  return {
    state: () => real?.state() ?? { status: signedIn() ? 'pending' : 'none', apps: [] },
    settled: () =>
      real ? real.settled() : signedIn() ? load().then((host) => host.settled()) : Promise.resolve(),
    dispose: () => real?.dispose(),
  };
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

function storedOverrides(): boolean {
  try {
    return overridesStored(Object.keys(localStorage));
  } catch {
    return false;
  }
}

async function main() {
  dismissBootWhenShellSettles(bus);
  const rt = await startRuntime();
  // Outside production only: the developer tool import-map-overrides, in chunks of their own (never on a
  // production page). Its overrides apply to everything imported after this: the shell, parcels, sub-apps.
  // With an override stored the shell waits for the tool (so it applies); without, nothing waits for its
  // chunk: it is fetched when the page is idle, not in the first screen's round trips.
  if (loadsOverrides(rt.config)) {
    const prepare = () =>
      import('./overrides').then(
        ({ prepareOverrides }) => prepareOverrides(),
        (error: unknown) => console.error('import-map-overrides did not load', error),
      );
    if (storedOverrides()) await prepare();
    else if ('requestIdleCallback' in window) requestIdleCallback(() => void prepare(), { timeout: 5000 });
    else setTimeout(() => void prepare(), 2000);
  }
  const services = hostServicesOf(rt, navigate);
  const host = lazySubAppHost(rt, services);
  const subApps = registryOf(host.state);
  // The first URL is settled before single-spa starts, so nothing mounts for a path that redirects. A
  // path that may be a sub-app's waits for the user's list of sub-apps first.
  // A redirect is decided again (`/no/such/page` -> `/` -> `/index`): later reroutes at the same address
  // do not run the guard, so the first address must be one it allows.
  for (let step = 0; step < 4; step += 1) {
    let first = decide(rt, location.href, subApps);
    if (first.action === 'wait') {
      await host.settled();
      first = decide(rt, location.href, subApps);
    }
    await apply(rt, first);
    if (first.action !== 'redirect' && first.action !== 'logout') break;
  }
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
