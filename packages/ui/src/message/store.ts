/** The toast queue: a module-level store, shared by every package because @ops/ui is one import-map entry. */
export type MessageType = 'success' | 'warning' | 'error' | 'info';

export interface MessageOptions {
  /** Milliseconds until the toast goes away; 0 keeps it until closed. Default 2000 (spec §9). */
  duration?: number;
  /** Shows a close button. */
  showClose?: boolean;
}

export interface MessageItem {
  id: number;
  type: MessageType;
  text: string;
  duration: number;
  showClose: boolean;
}

export const DEFAULT_DURATION = 2000;

type Listener = (items: readonly MessageItem[]) => void;

let items: readonly MessageItem[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const hosts: symbol[] = [];

function emit() {
  for (const listener of listeners) listener(items);
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  listener(items);
  return () => listeners.delete(listener);
}

export function snapshot(): readonly MessageItem[] {
  return items;
}

export function add(type: MessageType, text: string, options: MessageOptions = {}): number {
  const item: MessageItem = {
    id: nextId++,
    type,
    text,
    duration: options.duration ?? DEFAULT_DURATION,
    showClose: options.showClose ?? false,
  };
  items = [...items, item];
  emit();
  return item.id;
}

export function remove(id: number): void {
  if (!items.some((item) => item.id === id)) return;
  items = items.filter((item) => item.id !== id);
  emit();
}

export function clear(): void {
  items = [];
  emit();
}

/** Hosts register so only the most recent one renders the stack (no toast shows twice). */
export function registerHost(token: symbol, onChange: () => void): () => void {
  hosts.push(token);
  const listener = () => onChange();
  hostListeners.add(listener);
  emitHosts();
  return () => {
    const index = hosts.indexOf(token);
    if (index >= 0) hosts.splice(index, 1);
    hostListeners.delete(listener);
    emitHosts();
  };
}

const hostListeners = new Set<() => void>();
function emitHosts() {
  for (const listener of hostListeners) listener();
}

export function activeHost(): symbol | undefined {
  return hosts.at(-1);
}

export function hostCount(): number {
  return hosts.length;
}
