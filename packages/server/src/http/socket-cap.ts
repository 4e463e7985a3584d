import type { FastifyInstance, FastifyRequest } from 'fastify';
import type WebSocket from 'ws';
import { t } from './messages.ts';

/** Open sockets one instance holds at most by default (MAX_SOCKETS): all socket routes together. */
export const DEFAULT_MAX_SOCKETS = 5000;
/** The close code of a refused socket: "try again later" (RFC 6455 registry), so clients reconnect later. */
export const SOCKETS_FULL_CODE = 1013;

type SocketHandler = (this: unknown, socket: WebSocket, request: FastifyRequest) => unknown;

/**
 * Caps the sockets this instance holds. Every file descriptor and buffer costs memory: past the cap a new
 * socket is upgraded and at once closed with 1013 and a reason (the client's reconnect backs off and may
 * land on another instance), rather than the process running out of descriptors or memory. Must be added
 * before the websocket plugin, so it wraps each route's handler before the plugin takes it.
 */
export function capSockets(app: FastifyInstance, max: number) {
  let open = 0;
  app.addHook('onRoute', (route) => {
    if (!route.websocket) return;
    const handler = route.handler as unknown as SocketHandler;
    const capped: SocketHandler = function (socket, request) {
      if (open >= max) {
        request.log.warn({ path: request.url.split('?')[0], open, max }, 'socket refused: instance full');
        socket.close(SOCKETS_FULL_CODE, t(request, 'socketsFull'));
        return;
      }
      open++;
      socket.once('close', () => {
        open--;
      });
      return handler.call(this, socket, request);
    };
    route.handler = capped as unknown as typeof route.handler;
  });
}
