import { consoleGlobals, type LoadModule, normalizeLifecycles } from '@ops/shared';

/**
 * The side-effect sandbox of a sub-app (spec §1 "sandboxed", ARCHITECTURE 3.4). A sub-app is code from
 * another team running in the console's own window: what it leaves behind after unmount would pile up
 * with every visit. The sandbox records what the sub-app adds while mounted and takes it away on
 * unmount:
 * - window globals it defines (new own properties of `window`): removed on unmount, defined again on the
 *   next mount, because module code that ran once (at first load) will not run again to set them; the
 *   globals of the console's shared libraries (`loadShared`) stay, even when one first loads during a mount;
 * - `<style>` and `<link rel="stylesheet">` elements its code adds to `<head>`: removed on unmount, put back on
 *   the next mount for the same reason (a library may inject its sheet once and remember it did); one
 *   copy of each is kept. Links held through `holdStylesheet` are the console's own and are left to
 *   their holders;
 * - timeouts and intervals its code starts, and listeners its code adds to `window` and `document`:
 *   cleared and removed on unmount.
 * Styles, timers and listeners are told apart from the console's own by the calling code's address: a
 * call whose stack passes through the sub-app's bundle (its base URL) is the sub-app's. (A sheet the
 * console links while a sub-app is mounted, Shoelace's theme say, is the console's and stays.) What it cannot catch
 * is written down in docs/sub-apps.md.
 */

export interface Sandbox {
  /** Starts recording (at load and mount): restores what the previous mount had added. */
  activate(): void;
  /** Stops recording (after unmount, or a failed load or mount) and removes what was added. */
  deactivate(): void;
  /** What it holds now (the contract tests read it). */
  report(): SandboxReport;
}

export interface SandboxReport {
  active: boolean;
  /** Globals the sub-app defined (live while active, saved while not). */
  globals: string[];
  /** Style and stylesheet-link elements it added. */
  styles: number;
  /** Pending timeouts and intervals started by its code. */
  timers: number;
  /** Window and document listeners added by its code. */
  listeners: number;
}

export interface SandboxOptions {
  /** Base URL of the sub-app's bundle: code loaded from under it is the sub-app's. */
  baseUrl: string;
  /** Globals a sub-app may define that the console itself relies on after it leaves (none by default). */
  keepGlobals?: readonly string[];
}

type TimerId = number;
type Listening = [
  target: EventTarget,
  type: string,
  listener: EventListenerOrEventListenerObject,
  capture: boolean,
];

interface Tracker {
  owns(stack: string): boolean;
  timers: Set<TimerId>;
  listeners: Listening[];
  /** Style and stylesheet-link elements its code put into `<head>`. */
  styles: (HTMLStyleElement | HTMLLinkElement)[];
}

/** Every sandbox that tracks timers and listeners; the patches below do nothing while it is empty. */
const trackers = new Set<Tracker>();
let patched = false;

/** V8's structured stack (Chromium): the frames' file names without formatting the whole trace. */
type V8Error = ErrorConstructor & {
  captureStackTrace?(target: object): void;
  prepareStackTrace?: (error: Error, frames: { getFileName(): string | null }[]) => unknown;
};

/**
 * The addresses of the code on the call stack. The sub-app's frame may lie under a shared library's
 * (rxjs, React's effects): it looks 60 frames deep. Where the engine offers structured frames (V8) only
 * their file names are read, which costs a fraction of formatting the trace; elsewhere the trace's text.
 */
function callerFiles(): string {
  const v8 = Error as V8Error;
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 60;
  try {
    if (typeof v8.captureStackTrace === 'function') {
      const prepare = v8.prepareStackTrace;
      v8.prepareStackTrace = (_error, frames) => frames.map((frame) => frame.getFileName() ?? '').join('\n');
      try {
        const holder: { stack?: unknown } = {};
        v8.captureStackTrace(holder);
        if (typeof holder.stack === 'string') return holder.stack;
      } finally {
        v8.prepareStackTrace = prepare;
      }
    }
    return new Error().stack ?? '';
  } finally {
    Error.stackTraceLimit = limit;
  }
}

function ownerOf(): Tracker | null {
  if (trackers.size === 0) return null;
  const files = callerFiles();
  for (const tracker of trackers) if (tracker.owns(files)) return tracker;
  return null;
}

const captureOf = (options: boolean | AddEventListenerOptions | EventListenerOptions | undefined) =>
  typeof options === 'boolean' ? options : Boolean(options?.capture);

const isStyleElement = (node: Node): node is HTMLStyleElement | HTMLLinkElement =>
  node instanceof HTMLStyleElement ||
  (node instanceof HTMLLinkElement &&
    node.rel.split(/\s+/).includes('stylesheet') &&
    !node.hasAttribute('data-ops-held'));

/**
 * Wraps `setTimeout`, `setInterval`, their clear functions and `addEventListener` of `window` and
 * `document`, once per page (the first sandbox does it; the host calls it at start, so the wrappers are
 * in place before any sub-app's snapshot of the window). While no sandbox is tracking they call
 * straight through.
 */
export function installSandboxPatches(): void {
  if (patched) return;
  patched = true;
  const win = window as Window & typeof globalThis;
  const { setTimeout: nativeTimeout, setInterval: nativeInterval } = win;
  const { clearTimeout: nativeClearTimeout, clearInterval: nativeClearInterval } = win;

  const forget = (id: TimerId | undefined) => {
    if (id === undefined) return;
    for (const tracker of trackers) tracker.timers.delete(id);
  };
  win.setTimeout = ((handler: TimerHandler, delay?: number, ...args: unknown[]) => {
    const owner = ownerOf();
    if (!owner) return nativeTimeout(handler, delay, ...args);
    const run =
      typeof handler === 'function'
        ? (...given: unknown[]) => {
            owner.timers.delete(id);
            (handler as (...a: unknown[]) => void)(...given);
          }
        : handler;
    const id = nativeTimeout(run, delay, ...args) as unknown as TimerId;
    owner.timers.add(id);
    return id;
  }) as typeof setTimeout;
  win.setInterval = ((handler: TimerHandler, delay?: number, ...args: unknown[]) => {
    const owner = ownerOf();
    const id = nativeInterval(handler, delay, ...args) as unknown as TimerId;
    owner?.timers.add(id);
    return id;
  }) as typeof setInterval;
  win.clearTimeout = ((id?: TimerId) => {
    forget(id);
    nativeClearTimeout(id);
  }) as typeof clearTimeout;
  win.clearInterval = ((id?: TimerId) => {
    forget(id);
    nativeClearInterval(id);
  }) as typeof clearInterval;

  for (const target of [window, document] as EventTarget[]) {
    const add = target.addEventListener.bind(target);
    const remove = target.removeEventListener.bind(target);
    target.addEventListener = (type, listener, options) => {
      add(type, listener, options);
      if (!listener) return;
      const owner = ownerOf();
      owner?.listeners.push([target, type, listener, captureOf(options)]);
    };
    target.removeEventListener = (type, listener, options) => {
      remove(type, listener, options);
      if (!listener || trackers.size === 0) return;
      const capture = captureOf(options);
      for (const tracker of trackers) {
        tracker.listeners = tracker.listeners.filter(
          ([t, ty, l, c]) => !(t === target && ty === type && l === listener && c === capture),
        );
      }
    };
  }

  // Elements put into <head>: a style or stylesheet link inserted by the sub-app's code is its own.
  const head = document.head as unknown as Record<string, (...args: unknown[]) => unknown>;
  const noteInserted = (nodes: readonly unknown[]) => {
    const styles = nodes.filter(
      (node): node is HTMLStyleElement | HTMLLinkElement => node instanceof Node && isStyleElement(node),
    );
    if (styles.length === 0) return;
    const owner = ownerOf();
    if (owner) for (const node of styles) if (!owner.styles.includes(node)) owner.styles.push(node);
  };
  for (const method of ['append', 'prepend', 'appendChild', 'insertBefore'] as const) {
    const native = head[method].bind(head);
    head[method] = (...args: unknown[]) => {
      const result = native(...args);
      noteInserted(method === 'insertBefore' ? [args[0]] : args);
      return result;
    };
  }
}

export function createSandbox(options: SandboxOptions): Sandbox {
  const base = new URL(options.baseUrl, location.href).href;
  const keep = new Set(options.keepGlobals ?? []);
  const tracker: Tracker = {
    owns: (stack) => stack.includes(base),
    timers: new Set(),
    listeners: [],
    styles: [],
  };
  let active = false;
  let before: Set<string> | null = null;
  let savedGlobals = new Map<string, PropertyDescriptor>();

  return {
    activate() {
      if (active) return;
      active = true;
      installSandboxPatches();
      trackers.add(tracker);
      // The snapshot comes first, so what is restored counts as the sub-app's again.
      before = new Set(Object.getOwnPropertyNames(window));
      for (const [key, descriptor] of savedGlobals) {
        if (!Object.hasOwn(window, key)) Object.defineProperty(window, key, descriptor);
      }
      savedGlobals = new Map();
      for (const element of tracker.styles) if (!element.isConnected) document.head.append(element);
    },
    deactivate() {
      if (!active) return;
      active = false;
      // Styles: the ones still in the page go, to come back on the next mount. A sub-app that adds the
      // same sheet again on every mount finds its earlier copy restored: one copy of each is kept, so
      // the saved set does not grow from visit to visit.
      const seen = new Set<string>();
      tracker.styles = tracker.styles.filter((element) => {
        if (!element.isConnected) return false;
        element.remove();
        const key =
          element instanceof HTMLLinkElement ? `link ${element.href}` : `style ${element.textContent}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      // Globals defined since mount.
      for (const key of Object.getOwnPropertyNames(window)) {
        if (before?.has(key) || keep.has(key) || consoleGlobals().has(key)) continue;
        const descriptor = Object.getOwnPropertyDescriptor(window, key);
        if (!descriptor?.configurable) continue;
        savedGlobals.set(key, descriptor);
        delete (window as unknown as Record<string, unknown>)[key];
      }
      before = null;
      // Timers and listeners its code started.
      for (const id of tracker.timers) {
        clearTimeout(id);
        clearInterval(id);
      }
      tracker.timers.clear();
      for (const [target, type, listener, capture] of tracker.listeners) {
        target.removeEventListener(type, listener, capture);
      }
      tracker.listeners = [];
      trackers.delete(tracker);
    },
    report() {
      const live =
        active && before ? Object.getOwnPropertyNames(window).filter((key) => !before?.has(key)) : [];
      return {
        active,
        globals: active ? live : [...savedGlobals.keys()],
        styles: tracker.styles.filter((element) => !active || element.isConnected).length,
        timers: tracker.timers.size,
        listeners: tracker.listeners.length,
      };
    },
  };
}

/**
 * A sub-app's module loader for its slot: the sandbox records while the module loads (what its code does
 * when it first runs) and from each mount until its unmount has finished (or a mount has failed), and
 * every lifecycle gets `extraProps` (the main view, the page API) besides the host's context.
 */
export function sandboxedLoader(
  loadModule: LoadModule,
  sandbox: Sandbox,
  extraProps: () => Record<string, unknown>,
): LoadModule {
  return (async (specifier: string) => {
    sandbox.activate();
    try {
      const inner = normalizeLifecycles<Record<string, unknown>>(await loadModule(specifier));
      const withExtra = (props: Record<string, unknown>) => ({ ...props, ...extraProps() });
      return {
        bootstrap: (props: Record<string, unknown>) => inner.bootstrap(withExtra(props)),
        async mount(props: Record<string, unknown>) {
          sandbox.activate();
          try {
            await inner.mount(withExtra(props));
          } catch (error) {
            sandbox.deactivate();
            throw error;
          }
        },
        async unmount(props: Record<string, unknown>) {
          try {
            await inner.unmount(withExtra(props));
          } finally {
            sandbox.deactivate();
          }
        },
        ...(inner.update
          ? { update: (props: Record<string, unknown>) => inner.update?.(withExtra(props)) }
          : {}),
      };
    } finally {
      // Between load and mount nothing of the app runs: what its first run added waits for the mount.
      sandbox.deactivate();
    }
  }) as LoadModule;
}
