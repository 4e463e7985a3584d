/** Test helpers: render into a container, query by role and accessible name, wait for conditions. */

import { sendKeys } from '@web/test-runner-commands';
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

export interface Rendered {
  container: HTMLElement;
  rerender(ui: ReactNode): Promise<void>;
  unmount(): Promise<void>;
}

const mounted = new Set<Rendered>();

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

const ROLE_SELECTORS: Record<string, string> = {
  button: 'button, sl-button, sl-icon-button, [role=button]',
  textbox: 'input:not([type]), input[type=text], input[type=password], textarea, [role=textbox]',
  combobox: 'select, [role=combobox]',
  dialog: 'sl-dialog, dialog, [role=dialog]',
  status: '[role=status]',
  alert: '[role=alert]',
  img: 'img, [role=img]',
  table: 'table, [role=table]',
  row: 'tr, [role=row]',
  slider: 'input[type=range], [role=slider]',
  navigation: 'nav, [role=navigation]',
  spinbutton: 'input[type=number], [role=spinbutton]',
  timer: '[role=timer]',
};

function textOf(ids: string | null): string {
  return (ids ?? '')
    .split(/\s+/)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

/** A simplified accessible name: aria-labelledby, aria-label, Shoelace `label`, `<label for>`, alt, text. */
export function nameOf(el: Element): string {
  if (el.hasAttribute('aria-labelledby')) return textOf(el.getAttribute('aria-labelledby'));
  const aria = el.getAttribute('aria-label');
  if (aria) return aria.trim();
  const label = (el as HTMLElement & { label?: unknown }).label;
  if (el.tagName.startsWith('SL-') && typeof label === 'string' && label) return label;
  if (el.id) {
    const forLabel = document.querySelector(`label[for="${CSS.escape(el.id)}"]`);
    if (forLabel) return forLabel.textContent?.trim() ?? '';
  }
  const wrapping = el.closest('label');
  if (wrapping && wrapping !== el) return wrapping.textContent?.trim() ?? '';
  if (el instanceof HTMLImageElement) return el.alt;
  if (el instanceof HTMLTableElement) return el.caption?.textContent?.trim() ?? '';
  if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement)
    return '';
  return (el.textContent ?? '').replace(/\s+/g, ' ').trim();
}

export function allByRole(root: ParentNode, role: string, name?: string | RegExp): HTMLElement[] {
  const selector = ROLE_SELECTORS[role] ?? `[role=${role}]`;
  return [...root.querySelectorAll<HTMLElement>(selector)].filter((el) => {
    if (name === undefined) return true;
    const accessible = nameOf(el);
    return typeof name === 'string' ? accessible === name : name.test(accessible);
  });
}

export function queryByRole(root: ParentNode, role: string, name?: string | RegExp): HTMLElement | null {
  return allByRole(root, role, name)[0] ?? null;
}

export function getByRole<T extends HTMLElement = HTMLElement>(
  root: ParentNode,
  role: string,
  name?: string | RegExp,
): T {
  const found = allByRole(root, role, name);
  if (found.length === 0) {
    const names = allByRole(root, role).map(nameOf);
    throw new Error(`No ${role} named ${String(name)}; found: ${JSON.stringify(names)}`);
  }
  return found[0] as T;
}

export async function waitFor<T>(check: () => T, timeout = 3000): Promise<NonNullable<T>> {
  const start = performance.now();
  let lastError: unknown;
  while (performance.now() - start < timeout) {
    try {
      const value = check();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      lastError = error;
    }
    await inAct(() => new Promise((resolve) => setTimeout(resolve, 20)));
  }
  throw lastError instanceof Error ? lastError : new Error('waitFor timed out');
}

/** Clicks an element (a Shoelace host forwards the click to its inner button) inside act. */
export async function click(el: Element): Promise<void> {
  await inAct(() => (el as HTMLElement).click());
}

/** Types a value into a native input the way React sees it (value setter + input event). */
export async function type(el: HTMLInputElement | HTMLTextAreaElement, value: string): Promise<void> {
  const proto =
    el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  await inAct(() => {
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export async function blur(el: HTMLElement): Promise<void> {
  await inAct(() => {
    el.focus();
    el.blur();
  });
}

export async function key(target: EventTarget, keyName: string): Promise<void> {
  await inAct(() => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key: keyName, bubbles: true, cancelable: true }));
  });
}

/** A real key press through the browser (Shoelace's dialog listens with CloseWatcher, which ignores synthetic events). */
export async function press(keyName: string): Promise<void> {
  await inAct(() => sendKeys({ press: keyName }));
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
