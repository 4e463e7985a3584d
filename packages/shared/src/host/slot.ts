import type { Subscription } from 'rxjs';
import type { Bus } from '../bus/bus';
import type { SlotStatus } from '../bus/topics';
import { failureEntry } from '../error-log/entry';
import type { LoadModule } from '../loader/load-module';
import type { HostServices } from './context';
import { hostLifecycles, type Lifecycles } from './lifecycles';
import { slotText } from './texts';

export interface SlotOptions {
  /** Import-map name of the module to load into the slot. */
  specifier: string;
  /** Name shown in the loader and error panel. */
  label: string;
  loadModule: LoadModule;
  /** What every hosted module receives (its context is made of these per mount). */
  services: HostServices;
  /** Told about every failure (a mount failure also goes to the error log). */
  onError?: (error: unknown, phase: 'load' | 'mount') => void;
  /** The loader shows only when loading takes longer than this (ms): no flash for a cached module. */
  loaderDelay?: number;
  /** A mount that has not settled by then (ms) shows the error panel with Retry. */
  mountTimeout?: number;
}

/** Defaults of the slot's timings: the loader after 200 ms, a mount given 20 s. */
export const SLOT_LOADER_DELAY = 200;
export const SLOT_MOUNT_TIMEOUT = 20_000;
/** How long an unmount waits for a mount still under way. */
const UNMOUNT_GRACE = 2_000;

export class MountTimeoutError extends Error {
  override readonly name = 'MountTimeoutError';
  constructor(specifier: string, ms: number) {
    super(`${specifier} did not finish mounting within ${ms} ms`);
  }
}

interface SlotProps {
  name: string;
  domElement?: HTMLElement;
  domElementGetter?: () => HTMLElement;
  [key: string]: unknown;
}

/** Publishes a slot's status: one event, and the `slots` state of every slot (unmounted: removed). */
export function publishSlotStatus(bus: Bus, specifier: string, status: SlotStatus | null): void {
  const { [specifier]: _previous, ...others } = bus.current('slots') ?? {};
  bus.publish('slots', status ? { ...others, [specifier]: status } : others);
  if (status) bus.publish('slot:status', { specifier, status });
}

/**
 * Lifecycles for a slot (the main view, or a parcel slot of the shell) whose code is fetched on first
 * mount. While it loads the slot shows a loader; if loading or mounting fails it shows an error panel
 * with Retry, and the rest of the page keeps working. Unmount removes everything the slot added.
 */
export function createSlot<P extends SlotProps>(options: SlotOptions): Lifecycles<P> {
  let hosted: Lifecycles<P> | null = null;
  let bootstrapped = false;
  let frame: HTMLElement | null = null;
  let hostedMounted = false;
  let generation = 0;
  let remount: Subscription | null = null;
  const bus = options.services.rootBus;
  const status = (next: SlotStatus | null) => publishSlotStatus(bus, options.specifier, next);

  const clearPanels = () => {
    for (const el of frame?.querySelectorAll(':scope > .ops-slot-panel') ?? []) el.remove();
  };

  const showLoader = () => {
    clearPanels();
    const loader = document.createElement('div');
    loader.className = 'ops-slot-panel ops-slot-loader';
    loader.setAttribute('role', 'status');
    loader.setAttribute('aria-live', 'polite');
    const spinner = document.createElement('span');
    spinner.className = 'ops-spinner';
    spinner.setAttribute('aria-hidden', 'true');
    loader.append(spinner, slotText('loading'));
    frame?.append(loader);
  };

  const showError = (phase: 'load' | 'mount', retry: () => void) => {
    clearPanels();
    const panel = document.createElement('div');
    panel.className = 'ops-slot-panel ops-slot-error';
    panel.setAttribute('role', 'alert');
    const text = document.createElement('p');
    text.textContent = slotText(phase === 'load' ? 'failed' : 'crashed', options.label);
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'ops-button';
    button.textContent = slotText('retry');
    button.addEventListener('click', retry, { once: true });
    panel.append(text, button);
    frame?.append(panel);
  };

  let loaderTimer: ReturnType<typeof setTimeout> | undefined;
  let mountingNow: Promise<void> | null = null;
  const settle = () => clearTimeout(loaderTimer);

  const withTimeout = <T>(work: Promise<T>): Promise<T> => {
    const ms = options.mountTimeout ?? SLOT_MOUNT_TIMEOUT;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new MountTimeoutError(options.specifier, ms)), ms);
    });
    return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
  };

  const attempt = async (props: P, body: HTMLElement, mine: number): Promise<void> => {
    let phase: 'load' | 'mount' = 'load';
    clearPanels();
    settle();
    // Markup the server sent for the module's first render (issue 31) needs no loader over it.
    if (!body.hasChildNodes()) loaderTimer = setTimeout(showLoader, options.loaderDelay ?? SLOT_LOADER_DELAY);
    status('loading');
    const hostedProps = { ...props, domElement: body } as P;
    try {
      if (!hosted) hosted = hostLifecycles<P>(await options.loadModule(options.specifier), options.services);
      if (mine !== generation) return;
      phase = 'mount';
      if (!bootstrapped) {
        await withTimeout(hosted.bootstrap(hostedProps));
        bootstrapped = true;
      }
      if (mine !== generation) return;
      const mounting = hosted.mount(hostedProps);
      const bounded = withTimeout(mounting).then(
        () => {
          hostedMounted = true;
        },
        (error: unknown) => {
          // A mount that ends after its timeout is taken down again when it does.
          if (error instanceof MountTimeoutError) {
            void mounting.then(() => hosted?.unmount(hostedProps)).catch(() => undefined);
          }
          throw error;
        },
      );
      // An unmount that comes meanwhile waits for this mount (never for a load) and then takes it down.
      mountingNow = bounded.catch(() => undefined);
      await bounded;
      if (mine !== generation) {
        // Unmounted meanwhile, and the unmount did not wait this long: take the mount down here.
        if (hostedMounted) {
          hostedMounted = false;
          await hosted.unmount(hostedProps);
        }
        return;
      }
      settle();
      clearPanels();
      status('mounted');
    } catch (error) {
      if (mine !== generation) return;
      settle();
      status(phase === 'load' ? 'load-error' : 'mount-error');
      // A load failure is reported by the module loader; a failure to mount is the slot's to report.
      if (phase === 'mount') bus.publish('error-log:entry', mountFailureEntry(options.specifier, error));
      options.onError?.(error, phase);
      console.error(error);
      showError(phase, () => {
        generation += 1;
        void attempt(props, body, generation);
      });
    }
  };

  return {
    bootstrap: async () => undefined,
    async mount(props) {
      // single-spa-layout gives an application no element prop: it renders a container with a known id.
      const host =
        props.domElement ??
        props.domElementGetter?.() ??
        document.getElementById(`single-spa-application:${props.name}`);
      if (!host) throw new Error(`No element to mount ${options.specifier} into.`);
      generation += 1;
      // The server may have sent the slot with the module's first render in it (issue 31): it is adopted.
      const sent = [...host.querySelectorAll<HTMLElement>(':scope > .ops-slot')].find(
        (el) => el.dataset.slot === options.specifier,
      );
      const sentBody = sent?.querySelector<HTMLElement>(':scope > .ops-slot-body');
      frame = sent && sentBody ? sent : document.createElement('div');
      const body = sentBody ?? document.createElement('div');
      if (frame !== sent) {
        frame.className = 'ops-slot';
        frame.dataset.slot = options.specifier;
        body.className = 'ops-slot-body';
        frame.append(body);
        host.append(frame);
      }
      // Resolve at once: a slow or failing module must never hold up single-spa's other applications.
      void attempt(props, body, generation);
      // A new tenant or station is a new session context: the module starts again for it. After a
      // sign-out the chrome unmounts its slots itself.
      remount = options.services.sessionEnded$.subscribe((reason) => {
        if (reason === 'sign-out' || !hosted || !hostedMounted) return;
        const mine = ++generation;
        hostedMounted = false;
        void hosted.unmount({ ...props, domElement: body }).then(() => attempt(props, body, mine));
      });
    },
    async unmount(props) {
      generation += 1;
      settle();
      remount?.unsubscribe();
      remount = null;
      const body = frame?.querySelector<HTMLElement>(':scope > .ops-slot-body');
      if (mountingNow) {
        // A mount under way is waited for a moment, so the unmount leaves nothing of it behind; a mount
        // that hangs does not hold the next page up (it is taken down when it ends).
        let grace: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([
          mountingNow,
          new Promise((resolve) => (grace = setTimeout(resolve, UNMOUNT_GRACE))),
        ]);
        clearTimeout(grace);
        mountingNow = null;
      }
      if (hosted && hostedMounted && body) {
        hostedMounted = false;
        await hosted.unmount({ ...props, domElement: body });
      }
      frame?.remove();
      frame = null;
      status(null);
    },
  };
}

function mountFailureEntry(specifier: string, error: unknown) {
  return failureEntry(error, `${specifier} (mount)`);
}
