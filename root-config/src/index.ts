import { bus, createModuleLoader, createSlot, type ModuleLoadError } from '@ops/shared';
import { navigateToUrl, registerApplication, start } from 'single-spa';
import { constructApplications, constructLayoutEngine, constructRoutes } from 'single-spa-layout';
import { guard } from './guard';
import { SHELL_ROUTES } from './routes';
import { SUB_APPS } from './sub-apps';

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

const template = document.querySelector<HTMLTemplateElement>('#single-spa-layout');
if (!template) throw new Error('index.html lacks the single-spa-layout template.');
const routes = constructRoutes(template);
const applications = constructApplications({
  routes,
  loadApp: ({ name }) =>
    Promise.resolve(createSlot({ specifier: name, label: name, loadModule, bus }) as never),
});
const layoutEngine = constructLayoutEngine({ routes, applications });

for (const application of applications) {
  registerApplication({ ...application, customProps: { loadModule } });
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
      Promise.resolve(createSlot({ specifier: app.specifier, label: app.label, loadModule, bus }) as never),
    activeWhen: (url) => url.pathname === `/${app.code}` || url.pathname.startsWith(`/${app.code}/`),
    customProps: { domElementGetter: mainView, loadModule },
  });
}

const guardConfig = {
  homePath: '/index',
  shellRoutes: SHELL_ROUTES,
  subAppCodes: SUB_APPS.map((app) => app.code),
};

// The first URL is settled before single-spa starts, so nothing mounts for a path that redirects.
const first = guard({ path: location.pathname }, guardConfig);
if (first.action === 'redirect') history.replaceState(history.state, '', first.to);

// Later navigations: cancel (single-spa restores the previous URL), then go where the guard says.
window.addEventListener('single-spa:before-routing-event', (event) => {
  const { newUrl, cancelNavigation } = (event as CustomEvent).detail as {
    newUrl: string;
    cancelNavigation?: (cancel?: boolean) => void;
  };
  const decision = guard({ path: new URL(newUrl).pathname }, guardConfig);
  if (decision.action !== 'redirect' || !cancelNavigation) return;
  cancelNavigation();
  setTimeout(() => navigateToUrl(decision.to));
});

layoutEngine.activate();
start({ urlRerouteOnly: true });
