import {
  bus,
  createModuleLoader,
  createSlot,
  type HostServices,
  hostServicesOf,
  isSubAppPath,
  type ModuleLoadError,
  type Runtime,
  startRuntime,
} from '@ops/shared';
import { registerApplication, start } from 'single-spa';
import { constructApplications, constructLayoutEngine, constructRoutes } from 'single-spa-layout';
import { dismissBootWhenShellSettles } from './boot';
import { apply, decide, navigate } from './navigation';
import { registryOf, SUB_APPS } from './sub-apps';

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
const subApps = registryOf(SUB_APPS);

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

  const mainView = () => {
    const element = document.getElementById('ops-main-view');
    if (!element) throw new Error('The page frame lacks #ops-main-view.');
    return element;
  };
  for (const app of SUB_APPS) {
    registerApplication({
      name: app.code,
      app: () =>
        Promise.resolve(
          createSlot({ specifier: app.specifier, label: app.label, loadModule, services }) as never,
        ),
      activeWhen: (url) => isSubAppPath(url.pathname, app.code),
      customProps: { domElementGetter: mainView },
    });
  }
  return layoutEngine;
}

/** Re-checks the current page when the session ends or the screen is locked or unlocked (in any tab). */
function followSession(rt: Runtime) {
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
  // The first URL is settled before single-spa starts, so nothing mounts for a path that redirects.
  await apply(rt, decide(rt, location.href, subApps));
  const layoutEngine = register(rt, hostServicesOf(rt, navigate));

  // Later navigations: cancel (single-spa restores the previous URL), then go where the guard says.
  window.addEventListener('single-spa:before-routing-event', (event) => {
    const { newUrl, cancelNavigation } = (event as CustomEvent).detail as {
      newUrl: string;
      cancelNavigation?: (cancel?: boolean) => void;
    };
    const decision = decide(rt, newUrl, subApps);
    if (decision.action === 'allow' && !decision.clearSession) return;
    if (decision.action !== 'allow') cancelNavigation?.();
    setTimeout(() => void apply(rt, decision));
  });
  followSession(rt);

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
