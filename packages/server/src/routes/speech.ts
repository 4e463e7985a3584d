import { randomBytes } from 'node:crypto';
import type WebSocket from 'ws';
import type { AppContext } from '../context.ts';
import type { RouteApp } from '../http/schema.ts';
import { sendBounded } from './socket-send.ts';
import {
  checkHandshake,
  dictation,
  SPEECH_EMULATOR_PATH,
  SPEECH_RULES,
  type Step,
} from './speech-emulator.ts';

/**
 * The speech provider emulator (docs/api.md "Speech provider"), development only like the demo social
 * provider: the served site config points a deployment without speech credentials here, so voice input
 * runs end to end against the reference server. Its credentials are the install's (DATA_DIR).
 */
export function registerSpeechRoutes(app: RouteApp, ctx: AppContext) {
  if (ctx.options.production) return;
  const creds = ctx.speechEmulator;
  app.get(
    SPEECH_EMULATOR_PATH,
    // The signed query is the credential (a browser cannot set headers on a socket); it is read as the
    // provider reads it, so a bad one is answered by an error frame rather than a refused upgrade.
    { websocket: true, config: { auth: 'public' } },
    (socket, request) => {
      // A client that stops reading is closed (1013) rather than buffered for, as on every socket.
      const send = (step: Step) => {
        for (const reply of step.replies) if (!sendBounded(socket, JSON.stringify(reply))) return true;
        if (step.close) socket.close(1000, 'done');
        return step.close;
      };
      const sid = `iat${randomBytes(8).toString('hex')}`;
      const problem = checkHandshake(
        {
          query: (request.query ?? {}) as Record<string, unknown>,
          host: request.headers.host,
          path: request.url.split('?')[0]!,
          now: ctx.now(),
        },
        creds,
      );
      if (problem) {
        send({ replies: [{ ...problem, sid }], close: true });
        return;
      }
      const session = dictation(creds, sid);
      let idle = setTimeout(() => send(session.timeout()), SPEECH_RULES.idleMs);
      socket.on('close', () => clearTimeout(idle));
      socket.on('message', (data: WebSocket.Data, isBinary: boolean) => {
        clearTimeout(idle);
        if (send(session.frame(isBinary ? null : data.toString()))) return;
        idle = setTimeout(() => send(session.timeout()), SPEECH_RULES.idleMs);
      });
    },
  );
}
