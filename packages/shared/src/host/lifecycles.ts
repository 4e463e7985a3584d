import type { Bus, ScopedBus } from '../bus/bus';
import { scopeOf } from '../bus/bus';

/** What a parcel or sub-app module exports (single-spa lifecycles; a function or an array of them). */
export type LifecycleFn<P> = (props: P) => Promise<unknown>;
export interface ModuleLifecycles<P = HostProps> {
  bootstrap?: LifecycleFn<P> | LifecycleFn<P>[];
  mount: LifecycleFn<P> | LifecycleFn<P>[];
  unmount: LifecycleFn<P> | LifecycleFn<P>[];
  update?: LifecycleFn<P> | LifecycleFn<P>[];
}

/** Props every hosted module receives. `bus` is scoped: the host disposes it after unmount. */
export interface HostProps {
  name: string;
  domElement?: HTMLElement;
  domElementGetter?: () => HTMLElement;
  bus: ScopedBus;
  [key: string]: unknown;
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
 * Wraps a module's lifecycles the way the host runs every parcel and sub-app: a fresh scoped bus per
 * mount, disposed once unmount has finished; unmount is idempotent, so a second call is harmless.
 */
export function hostLifecycles<P extends { name: string }>(
  module: unknown,
  rootBus: Bus,
): Lifecycles<P & { bus?: ScopedBus }> {
  const inner = normalizeLifecycles<P & { bus: ScopedBus }>(module);
  let scope: ScopedBus | null = null;
  let mounted = false;
  return {
    bootstrap: (props) => inner.bootstrap({ ...props, bus: scopeOf(rootBus) }),
    async mount(props) {
      if (mounted) return;
      scope = scopeOf(rootBus);
      try {
        await inner.mount({ ...props, bus: scope });
        mounted = true;
      } catch (error) {
        scope.dispose();
        scope = null;
        throw error;
      }
    },
    async unmount(props) {
      if (!mounted || !scope) return;
      mounted = false;
      const owned = scope;
      scope = null;
      try {
        await inner.unmount({ ...props, bus: owned });
      } finally {
        owned.dispose();
      }
    },
    update: inner.update
      ? async (props) => {
          if (mounted && scope && inner.update) await inner.update({ ...props, bus: scope });
        }
      : undefined,
  };
}
