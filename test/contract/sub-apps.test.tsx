// The sub-app contract of the host (spec §1 "singular, sandboxed, no prefetch"; QUALITY R2): a sub-app
// runs in a slot of the main view with a side-effect sandbox. A deliberately leaky sub-app (a module of
// its own address, as a deployed bundle is) proves each sandbox rule: what it adds while mounted is gone
// after unmount and, where it must be, back on the next mount; the console's own timers and listeners
// are left alone. Failures stay in the slot: an error panel with Retry and one error-log entry each.
import { expect } from '@esm-bundle/chai';
import {
  createBus,
  createSlot,
  type ErrorLogEntry,
  holdStylesheet,
  type LoadModule,
  loadShared,
  MountTimeoutError,
  withStylesheets,
} from '@ops/shared';
import { createSandbox, installSandboxPatches, sandboxedLoader } from '../../root-config/src/sandbox';
import { byRole, waitFor } from '../support/dom';
import { testHostServices, testRuntime } from '../support/runtime';

/** A sub-app module served from its own (blob) address, like a bundle from its own path. */
function moduleUrl(source: string): string {
  return URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
}

const LEAKY = `
window.leakyModuleGlobal = { loadedAt: Date.now() };
const moduleStyle = document.createElement('style');
moduleStyle.dataset.leaky = 'module';
moduleStyle.textContent = '.leaky-module { color: rgb(1, 2, 3); }';
document.head.append(moduleStyle);

export const state = { ticks: 0, resized: 0, clicked: 0, timeoutFired: 0 };
export async function bootstrap() {}
export async function mount(props) {
  window.leakyMountGlobal = true;
  const style = document.createElement('style');
  style.dataset.leaky = 'mount';
  style.textContent = '.leaky-mount { color: rgb(4, 5, 6); }';
  document.head.append(style);
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.dataset.leaky = 'link';
  link.href = 'data:text/css,.leaky-link{color:red}';
  document.head.append(link);
  setInterval(() => { state.ticks += 1; }, 5);
  setTimeout(() => { state.timeoutFired += 1; }, 60000);
  window.addEventListener('resize', () => { state.resized += 1; });
  document.addEventListener('click', () => { state.clicked += 1; }, true);
  props.domElement.innerHTML = '<h1>Leaky app</h1>';
}
export async function unmount(props) {
  props.domElement.innerHTML = '';
}
`;

const leakyHead = () =>
  [...document.head.querySelectorAll('[data-leaky]')].map((el) => (el as HTMLElement).dataset.leaky);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Leaky {
  state: { ticks: number; resized: number; clicked: number; timeoutFired: number };
}

function slotFor(
  specifier: string,
  loadModule: LoadModule,
  baseUrl: string,
  extra: Record<string, unknown> = {},
) {
  const bus = createBus();
  const errors: ErrorLogEntry[] = [];
  bus.on('error-log:entry').subscribe((entry) => errors.push(entry));
  const sandbox = createSandbox({ baseUrl });
  const { extraProps, ...slotOptions } = extra as { extraProps?: () => Record<string, unknown> };
  const slot = createSlot<{ name: string; domElement: HTMLElement }>({
    specifier,
    label: 'Leaky app',
    loadModule: sandboxedLoader(loadModule, sandbox, extraProps ?? (() => ({}))),
    services: testHostServices(testRuntime({ bus })),
    ...slotOptions,
  });
  const host = document.createElement('main');
  document.body.append(host);
  const props = { name: specifier, domElement: host };
  return { slot, sandbox, host, props, errors };
}

describe('sub-app contract: the sandbox', () => {
  it('removes what a leaky sub-app adds while mounted and restores its module-level globals and styles on the next mount', async () => {
    const url = moduleUrl(LEAKY);
    const { slot, sandbox, host, props } = slotFor(
      '@ops/app-leaky',
      () => import(/* @vite-ignore */ url),
      url,
    );
    installSandboxPatches();
    const globalsBefore = new Set(Object.getOwnPropertyNames(window));
    // The console's own timer and listener, started while the sub-app is mounted, must survive it.
    let ownTicks = 0;
    let ownResizes = 0;

    await slot.bootstrap(props);
    await slot.mount(props);
    await waitFor(() => byRole(host, 'heading', 'Leaky app'));
    const module = (await import(/* @vite-ignore */ url)) as Leaky;
    const ownInterval = setInterval(() => {
      ownTicks += 1;
    }, 5);
    const onResize = () => {
      ownResizes += 1;
    };
    window.addEventListener('resize', onResize);
    // A sheet the console links while the sub-app is mounted (Shoelace's theme, say) is the console's.
    const consoleSheet = document.createElement('style');
    consoleSheet.textContent = '.console-own { color: rgb(7, 8, 9); }';
    document.head.append(consoleSheet);
    await waitFor(() => module.state.ticks > 0);
    expect(leakyHead().sort()).to.deep.equal(['link', 'module', 'mount']);
    expect(sandbox.report()).to.include({ active: true, timers: 2, listeners: 2, styles: 3 });

    await slot.unmount(props);
    expect(host.childElementCount).to.equal(0);
    expect(leakyHead()).to.deep.equal([], 'its style and link elements are gone');
    const added = Object.getOwnPropertyNames(window).filter((key) => !globalsBefore.has(key));
    expect(added).to.deep.equal([], 'its globals are gone');
    const ticks = module.state.ticks;
    const owned = ownTicks;
    window.dispatchEvent(new Event('resize'));
    document.body.click();
    await pause(40);
    expect(module.state.ticks).to.equal(ticks, 'its interval is cleared');
    expect(module.state.resized).to.equal(0, 'its window listener is removed');
    expect(module.state.clicked).to.equal(0, 'its document listener is removed');
    expect(ownTicks).to.be.greaterThan(owned, "the console's interval keeps running");
    expect(ownResizes).to.equal(1, "the console's listener stays");
    expect(consoleSheet.isConnected, "the console's sheet stays").to.equal(true);
    consoleSheet.remove();
    expect(sandbox.report()).to.include({ active: false, timers: 0, listeners: 0 });

    await slot.mount(props);
    await waitFor(() => byRole(host, 'heading', 'Leaky app'));
    const leaky = window as unknown as { leakyModuleGlobal?: unknown; leakyMountGlobal?: unknown };
    expect(leaky.leakyModuleGlobal, 'the global its module set at load is back').to.be.an('object');
    expect(new Set(leakyHead())).to.deep.equal(new Set(['link', 'module', 'mount']), 'its styles are back');
    await slot.unmount(props);
    expect(leaky.leakyModuleGlobal).to.equal(undefined);
    expect(leakyHead()).to.deep.equal([]);
    expect(sandbox.report().styles).to.equal(3, 'one saved copy of each: visits do not pile up');

    clearInterval(ownInterval);
    window.removeEventListener('resize', onResize);
    host.remove();
  });

  it('leaves the globals a shared library defines when it first loads during a mount (Lit under Shoelace)', async () => {
    const sandbox = createSandbox({ baseUrl: moduleUrl('') });
    sandbox.activate();
    // A page of the sub-app opens the console's first dialog: Shoelace (and Lit's globals) load now.
    const library = `data:text/javascript,globalThis.sharedLibraryGlobal ??= { loaded: true }; export const ok = 1;`;
    await loadShared(() => import(/* @vite-ignore */ library));
    (window as unknown as { appOwnGlobal?: unknown }).appOwnGlobal = 1;
    sandbox.deactivate();
    const win = window as unknown as { sharedLibraryGlobal?: unknown; appOwnGlobal?: unknown };
    expect(win.sharedLibraryGlobal, "the library's global stays for the console").to.deep.equal({
      loaded: true,
    });
    expect(win.appOwnGlobal, "the sub-app's own global goes").to.equal(undefined);
    expect(sandbox.report().globals).to.deep.equal(['appOwnGlobal']);
    delete win.sharedLibraryGlobal;
  });

  it('leaves the stylesheets the console holds for itself to their holders', async () => {
    const sandbox = createSandbox({ baseUrl: moduleUrl('') });
    sandbox.activate();
    const release = holdStylesheet('data:text/css,.held{}');
    sandbox.deactivate();
    const held = document.head.querySelector('link[href="data:text/css,.held{}"]');
    expect(held, 'still linked for its holder').to.not.equal(null);
    release();
    expect(held?.isConnected).to.equal(false);
  });
});

describe('sub-app contract: loading and failures', () => {
  it('shows the loader only when loading takes longer than the delay', async () => {
    let release: (module: unknown) => void = () => undefined;
    const pending = new Promise((resolve) => {
      release = resolve;
    });
    const url = moduleUrl(`export async function mount(p) { p.domElement.innerHTML = '<h1>Slow app</h1>'; }
      export async function unmount(p) { p.domElement.innerHTML = ''; }`);
    const { slot, host, props } = slotFor('@ops/app-slow', (async () => pending) as LoadModule, url, {
      loaderDelay: 50,
    });
    await slot.mount(props);
    expect(byRole(host, 'status', /加载|Loading/), 'no loader before the delay').to.equal(null);
    await waitFor(() => byRole(host, 'status', /加载|Loading/));
    release(await import(/* @vite-ignore */ url));
    await waitFor(() => byRole(host, 'heading', 'Slow app'));
    expect(byRole(host, 'status', /加载|Loading/), 'the loader is gone once mounted').to.equal(null);
    await slot.unmount(props);
    host.remove();
  });

  it('shows an error panel with Retry for a sub-app that throws in mount, logs it once, and Retry mounts it', async () => {
    const url = moduleUrl(`let calls = 0;
      export async function mount(p) { calls += 1; if (calls === 1) throw new Error('boom in mount');
        p.domElement.innerHTML = '<h1>Recovered app</h1>'; }
      export async function unmount(p) { p.domElement.innerHTML = ''; }`);
    const { slot, host, props, errors, sandbox } = slotFor(
      '@ops/app-throws',
      () => import(/* @vite-ignore */ url),
      url,
    );
    await slot.mount(props);
    const alert = await waitFor(() => byRole(host, 'alert', /运行出错|stopped/));
    expect(alert.textContent).to.contain('Leaky app');
    expect(errors).to.have.length(1);
    expect(errors[0]?.message).to.equal('boom in mount');
    expect(errors[0]?.info).to.contain('@ops/app-throws');
    expect(sandbox.report().active).to.equal(false, 'a failed mount leaves nothing recording');
    (byRole(host, 'button', /重试|Retry/) as HTMLButtonElement).click();
    await waitFor(() => byRole(host, 'heading', 'Recovered app'));
    expect(byRole(host, 'alert', /运行出错|stopped/)).to.equal(null);
    expect(errors).to.have.length(1);
    await slot.unmount(props);
    host.remove();
  });

  it('gives up on a mount that hangs past the timeout with an error panel and a log entry', async () => {
    const url = moduleUrl(`export async function mount() { await new Promise(() => {}); }
      export async function unmount() {}`);
    const { slot, host, props, errors } = slotFor(
      '@ops/app-hangs',
      () => import(/* @vite-ignore */ url),
      url,
      {
        mountTimeout: 100,
      },
    );
    await slot.mount(props);
    await waitFor(() => byRole(host, 'alert', /运行出错|stopped/));
    expect(errors).to.have.length(1);
    expect(errors[0]?.type).to.equal(new MountTimeoutError('x', 1).name);
    expect(byRole(host, 'button', /重试|Retry/)).to.not.equal(null);
    await slot.unmount(props);
    expect(host.childElementCount).to.equal(0);
    host.remove();
  });

  it("waits for a sub-app's stylesheets when the host asks, and a missing one is a CSS_CHUNK_LOAD_FAILED panel", async () => {
    const lifecycles = withStylesheets(
      {
        bootstrap: async () => undefined,
        mount: async (p: { domElement: HTMLElement }) => {
          p.domElement.innerHTML = '<h1>Styled app</h1>';
        },
        unmount: async (p: { domElement: HTMLElement }) => {
          p.domElement.innerHTML = '';
        },
      },
      ['/missing/styles-0000.css'],
    );
    const { slot, host, props, errors } = slotFor(
      '@ops/app-styled',
      async () => lifecycles as never,
      'blob:none',
      {
        extraProps: () => ({ awaitStylesheets: true }),
      },
    );
    await slot.mount(props);
    await waitFor(() => byRole(host, 'alert', /运行出错|stopped/));
    expect(byRole(host, 'heading', 'Styled app'), 'not shown unstyled').to.equal(null);
    expect(errors.map((entry) => entry.type)).to.deep.equal(['CSS_CHUNK_LOAD_FAILED']);
    expect(document.head.querySelector('link[href$="styles-0000.css"]'), 'the failed link is gone').to.equal(
      null,
    );
    await slot.unmount(props);
    host.remove();
  });
});
