import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { MessageHost } from './message-host';
import { add, clear, hostCount, type MessageOptions, type MessageType, remove } from './store';

export interface MessageHandle {
  close(): void;
}

let ownHost: HTMLElement | null = null;

/** Without a mounted <MessageHost>, toasts still show: the first one mounts a host on <body>. */
function ensureHost() {
  if (hostCount() > 0 || ownHost?.isConnected) return;
  ownHost = document.createElement('div');
  ownHost.className = 'ops-message-host';
  document.body.append(ownHost);
  createRoot(ownHost).render(createElement(MessageHost));
}

function show(type: MessageType, text: string, options?: MessageOptions): MessageHandle {
  ensureHost();
  const id = add(type, text, options);
  return { close: () => remove(id) };
}

/** Toasts: `message.success('Saved')`; 2 s by default, stacked, warnings and errors as alerts. */
export const message = {
  success: (text: string, options?: MessageOptions) => show('success', text, options),
  warning: (text: string, options?: MessageOptions) => show('warning', text, options),
  error: (text: string, options?: MessageOptions) => show('error', text, options),
  info: (text: string, options?: MessageOptions) => show('info', text, options),
  closeAll: clear,
};
