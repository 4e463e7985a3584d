import type { ScopedBus } from '../bus/bus';
import { scopeOf } from '../bus/bus';
import { contextOf, type HostContext, type HostServices } from './context';

/** What a parcel or sub-app module exports (single-spa lifecycles; a function or an array of them). */
export type LifecycleFn<P> = (props: P) => Promise<unknown>;
export interface ModuleLifecycles<P = HostProps> {
  bootstrap?: LifecycleFn<P> | LifecycleFn<P>[];
  mount: LifecycleFn<P> | LifecycleFn<P>[];
  unmount: LifecycleFn<P> | LifecycleFn<P>[];
  update?: LifecycleFn<P> | LifecycleFn<P>[];
}

/**
 * Props every hosted module receives: single-spa's own (`name`, the element) and the host's context
 * (scoped bus, HTTP client, session view, config, storage, language, navigate, sign-out, and a signal that
 * ends with the mount or the session context).
 */
export interface HostProps extends HostContext {
  name: string;
  domElement?: HTMLElement;
  domElementGetter?: () => HTMLElement;
}

export interface Lifecycles<P> {
  bootstrap: LifecycleFn<P>;
  mount: LifecycleFn<P>;
  unmount: LifecycleFn<P>;
  update?: LifecycleFn<P>;
}

function chain<P>(fn: LifecycleFn<P> | LifecycleFn<P>[] | undefined): LifecycleFn<P> {
  if (!fn) return async () => undefined;
  const list = Array.isArray(fn) ? fn : [fn];
  return async (props: P) => {
    for (const step of list) await step(props);
  };
}

export function normalizeLifecycles<P>(module: unknown): Lifecycles<P> {
  const m = module as Partial<ModuleLifecycles<P>> | null;
  if (!m || typeof m !== 'object' || !m.mount || !m.unmount) {
    throw new TypeError('The module does not export single-spa lifecycles (mount and unmount).');
  }
  return {
    bootstrap: chain(m.bootstrap),
    mount: chain(m.mount),
    unmount: chain(m.unmount),
    update: m.update ? chain(m.update) : undefined,
  };
}

/**
 * Wraps a module's lifecycles the way the host runs every parcel and sub-app: a fresh context per mount
 * (its own bus scope and signal), ended once unmount has finished; unmount is idempotent, so a second
 * call is harmless.
 */
export function hostLifecycles<P extends { name: string }>(
  module: unknown,
  services: HostServices,
): Lifecycles<P> {
  const inner = normalizeLifecycles<P & HostContext>(module);
  let mount: { scope: ScopedBus; ended: AbortController; context: HostContext } | null = null;
  const begin = () => {
    const scope = scopeOf(services.rootBus);
    const ended = new AbortController();
    return { scope, ended, context: contextOf(services, scope, ended.signal) };
  };
  const end = (ending: NonNullable<typeof mount>) => {
    ending.ended.abort(new DOMException('unmounted', 'AbortError'));
    ending.scope.dispose();
  };
  return {
    bootstrap: (props) => {
      const once = begin();
      return inner.bootstrap({ ...props, ...once.context }).finally(() => end(once));
    },
    async mount(props) {
      if (mount) return;
      const current = begin();
      try {
        await inner.mount({ ...props, ...current.context });
        mount = current;
      } catch (error) {
        end(current);
        throw error;
      }
    },
    async unmount(props) {
      if (!mount) return;
      const owned = mount;
      mount = null;
      try {
        await inner.unmount({ ...props, ...owned.context });
      } finally {
        end(owned);
      }
    },
    update: inner.update
      ? async (props) => {
          if (mount && inner.update) await inner.update({ ...props, ...mount.context });
        }
      : undefined,
  };
}
