import type WebSocket from 'ws';

/**
 * A client that stops reading (a frozen tab, a dead network) must not grow the server's memory: once a
 * socket holds more than this unsent, it is closed rather than sent more (docs/api.md, sections 18 and 19).
 */
export const MAX_UNSENT_BYTES = 1024 * 1024;
/** Try again later: the client reconnects (the notification sockets then replay from its last id). */
export const TOO_SLOW = 1013;
export const TOO_SLOW_REASON = 'too slow: over 1 MiB unsent';
/**
 * The close frame waits behind the unsent bytes; a client that never reads them never completes the close,
 * so its connection is cut after this.
 */
const CUT_AFTER_MS = 10_000;

/** Sends a text frame; false (and the socket closing) when it is not open or has too much unsent. */
export function sendBounded(socket: WebSocket, text: string): boolean {
  if (socket.readyState !== socket.OPEN) return false;
  if (socket.bufferedAmount > MAX_UNSENT_BYTES) {
    socket.close(TOO_SLOW, TOO_SLOW_REASON);
    const cut = setTimeout(() => socket.terminate(), CUT_AFTER_MS);
    cut.unref();
    socket.once('close', () => clearTimeout(cut));
    return false;
  }
  socket.send(text);
  return true;
}
