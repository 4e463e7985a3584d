import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';

export function mount(node: ReactNode): { container: HTMLElement; root: Root; unmount: () => void } {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  flushSync(() => root.render(node));
  return {
    container,
    root,
    unmount: () => {
      root.unmount();
      container.remove();
    },
  };
}

/** The input a visible or visually hidden label names. */
export function fieldByLabel(root: ParentNode, text: string): HTMLInputElement | null {
  const label = [...root.querySelectorAll('label')].find(
    (l) => l.textContent?.replace('*', '').trim() === text,
  );
  return label ? (document.getElementById(label.htmlFor) as HTMLInputElement | null) : null;
}

/** Types a value the way React notices (native setter + input event). */
export function type(input: HTMLInputElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  setter.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

export function submit(root: ParentNode): void {
  root.querySelector('form')!.requestSubmit();
}

export const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));
