import { configure } from '@testing-library/dom';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

const flags = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

/**
 * `act` with React's act environment switched on only while it runs: updates from timers and from roots
 * the components create themselves (toasts, confirm dialogs) happen outside it, as in the product.
 */
export async function inAct(fn: () => unknown): Promise<void> {
  flags.IS_REACT_ACT_ENVIRONMENT = true;
  try {
    await act(async () => {
      await fn();
    });
  } finally {
    flags.IS_REACT_ACT_ENVIRONMENT = false;
  }
}

function inSyncAct<T>(fn: () => T): T {
  flags.IS_REACT_ACT_ENVIRONMENT = true;
  let result: T | undefined;
  try {
    act(() => {
      result = fn();
    });
  } finally {
    flags.IS_REACT_ACT_ENVIRONMENT = false;
  }
  return result as T;
}

// Testing Library's events run inside act (so React has rendered when `fireEvent` returns), as
// @testing-library/react sets it up; waits allow for the first load of a lazy chunk.
configure({ eventWrapper: inSyncAct, asyncUtilTimeout: 3000 });

export interface Rendered {
  container: HTMLElement;
  rerender(ui: ReactNode): Promise<void>;
  unmount(): Promise<void>;
}

const mounted = new Set<Rendered>();

/** Renders into a fresh container on <body> (unmounted by `cleanup`). */
export async function render(ui: ReactNode): Promise<Rendered> {
  const container = document.createElement('div');
  document.body.append(container);
  let root: Root | null = null;
  await inAct(() => {
    root = createRoot(container);
    root.render(ui);
  });
  const rendered: Rendered = {
    container,
    async rerender(next) {
      await inAct(() => root?.render(next));
    },
    async unmount() {
      if (!root) return;
      const current = root;
      root = null;
      await inAct(() => current.unmount());
      container.remove();
      mounted.delete(rendered);
    },
  };
  mounted.add(rendered);
  return rendered;
}

/** Unmounts everything `render` mounted (call in afterEach). */
export async function cleanup(): Promise<void> {
  for (const r of [...mounted]) await r.unmount();
}
