import type { FastifyBaseLogger } from 'fastify';
import Type from 'typebox';
import type WebSocket from 'ws';
import type { AppContext } from '../context.ts';
import type { NotificationKind } from '../db/repos/notifications.ts';
import { resolveAuth } from '../http/auth.ts';
import type { RouteApp } from '../http/schema.ts';
import {
  type Connection,
  type NotifyEvent,
  notificationService,
  registerPublishRoutes,
  SocketHub,
} from './notifications.ts';
import { startSimulator } from './notifications-simulator.ts';
import { sendBounded } from './socket-send.ts';
import { readFrame } from './sockets-frames.ts';

/** A socket that has not signed in by then is closed with the policy code 1008. */
export const AUTH_TIMEOUT_MS = 5000;
/** At most this many missed notifications are sent again on (re)connect: the newest ones. */
export const REPLAY_LIMIT = 500;
/** How often open sockets' sessions are checked again (expiry; revocations close at once). */
const SWEEP_MS = 60_000;
const POLICY = 1008;
/** The database failed during sign-in: the client may try again (unlike 1008, nothing is wrong with it). */
const INTERNAL_ERROR = 1011;

interface Channel {
  path: string;
  kinds: readonly NotificationKind[];
  /** The path names the user (`:userId`); the signed-in user must be that user. */
  userInPath: boolean;
  /** The first frame must say `type: 'soe'`. */
  soe: boolean;
  /** Also carries `{type:'importmap', version}` when the user's import map changes (the deploy API). */
  deploy: boolean;
}

/** The three notification sockets (spec §7 Sockets): all notifications, alarm messages, SOE events. */
const CHANNELS: Channel[] = [
  { path: '/api/blade-system/websocket/:userId', kinds: [1, 2], userInPath: true, soe: false, deploy: true },
  { path: '/api/hzims-message/ws/:userId', kinds: [2], userInPath: true, soe: false, deploy: false },
  { path: '/api/hzinfo-data-socket/websocket/soe', kinds: [1], userInPath: false, soe: true, deploy: false },
];

/** The users of an 'ops_notify' event (any other shape names none). */
function userIdsOf(event: unknown): number[] {
  const ids = (event as Partial<NotifyEvent> | null)?.userIds;
  return Array.isArray(ids) ? ids.filter((id): id is number => Number.isSafeInteger(id)) : [];
}

const USER_PARAMS = Type.Object({ userId: Type.String({ pattern: '^[1-9][0-9]{0,17}$' }) });

/**
 * The notification sockets and the publish calls. A client signs in with its first frame within
 * AUTH_TIMEOUT_MS; it is then sent `{"type":"ready","lastId":n}` (the newest id the server holds for the
 * user), the notifications after the `lastId` it sent (at most REPLAY_LIMIT), and every new one.
 */
export function registerRealtimeRoutes(app: RouteApp, ctx: AppContext) {
  const hub = new SocketHub(
    (userId, afterSeq, kinds, limit) => ctx.repos.notifications.after(userId, afterSeq, kinds, limit),
    REPLAY_LIMIT,
    (err) => app.log.warn({ err: (err as Error).message }, 'notification delivery failed'),
  );
  app.decorate('opsNotificationSockets', () => hub.all().length);
  const service = notificationService(ctx);
  registerPublishRoutes(app, service);

  // Notifications stored by any instance (this one included): the sockets held here read them.
  const stopNotify = ctx.repos.bus.subscribe('ops_notify', (event) => hub.deliver(userIdsOf(event)));
  // Every instance hears a revocation: each closes the sockets it holds of that session or user.
  const stopRevocations = ctx.repos.sessions.onRevoke((event) =>
    hub.closeWhere(
      (conn) => ('sessionId' in event ? conn.sessionIds.has(event.sessionId) : conn.userId === event.userId),
      'session revoked',
    ),
  );
  const sweepEnded = async () => {
    const now = ctx.now();
    const ended = new Set<string>();
    for (const id of new Set(hub.all().flatMap((conn) => [...conn.sessionIds]))) {
      const session = await ctx.repos.sessions.get(id);
      if (!session || session.revoked_at !== null || session.expires_at <= now) ended.add(id);
    }
    if (ended.size > 0)
      hub.closeWhere((conn) => [...conn.sessionIds].some((id) => ended.has(id)), 'session ended');
  };
  const sweep = setInterval(() => {
    sweepEnded().catch((err: unknown) =>
      app.log.warn({ err: (err as Error).message }, 'notification socket sweep failed'),
    );
  }, SWEEP_MS);
  sweep.unref();
  // A moved pointer: every open main socket of the affected tenants (base: all) learns its new map version.
  const tellVersions = async (scope: string) => {
    const versions = new Map<string, string>();
    for (const conn of hub.all()) {
      if (!conn.deploy || (scope !== 'base' && conn.tenantId !== scope)) continue;
      let version = versions.get(conn.tenantId);
      if (version === undefined) {
        version = (await ctx.deploy.served(conn.tenantId)).version;
        versions.set(conn.tenantId, version);
      }
      if (!sendBounded(conn.socket, JSON.stringify({ type: 'importmap', version }))) hub.remove(conn);
    }
  };
  const stopDeploy = ctx.deploy.store.onPointerMove((scope) => {
    tellVersions(scope).catch((err: unknown) =>
      app.log.warn({ err: (err as Error).message }, 'import map version push failed'),
    );
  });
  const stopSimulator = ctx.options.simulate ? startSimulator(ctx, service, app.log) : () => undefined;
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    stopNotify();
    stopRevocations();
    stopDeploy();
    stopSimulator();
  });

  for (const channel of CHANNELS) {
    app.get(
      channel.path,
      {
        websocket: true,
        // Browsers cannot set headers on a socket: the tokens come in the first frame.
        config: { auth: 'public' },
        schema: channel.userInPath ? { params: USER_PARAMS } : {},
      },
      (socket, request) => {
        const pathUser = channel.userInPath ? Number((request.params as { userId: string }).userId) : null;
        openSocket(socket, channel, pathUser, request.log);
      },
    );
  }

  function openSocket(socket: WebSocket, channel: Channel, pathUser: number | null, log: FastifyBaseLogger) {
    let state: 'waiting' | 'checking' | 'open' | 'closed' = 'waiting';
    let conn: Connection | null = null;
    const deny = (reason: string) => {
      log.info({ path: channel.path, reason }, 'notification socket refused');
      state = 'closed';
      socket.close(POLICY, reason);
    };
    const timer = setTimeout(() => {
      if (state === 'waiting' || state === 'checking') deny('no valid token in time');
    }, AUTH_TIMEOUT_MS);
    socket.on('close', () => {
      state = 'closed';
      clearTimeout(timer);
      if (conn) hub.remove(conn);
    });
    socket.on('error', (err) =>
      log.warn({ err: err.message, path: channel.path }, 'notification socket error'),
    );
    socket.on('message', (data: WebSocket.Data, isBinary: boolean) => {
      const bytes =
        typeof data === 'string'
          ? data
          : Buffer.isBuffer(data)
            ? data
            : Array.isArray(data)
              ? Buffer.concat(data)
              : Buffer.from(new Uint8Array(data));
      const frame = readFrame(bytes, isBinary);
      if (frame.type === 'ignored') {
        log.warn({ path: channel.path, reason: frame.reason }, 'notification socket frame ignored');
        return;
      }
      if (frame.type === 'heartbeat') {
        if (state === 'open') sendBounded(socket, JSON.stringify({ type: 'heartbeat', message: 'pong' }));
        else log.warn({ path: channel.path }, 'notification socket heartbeat before sign-in ignored');
        return;
      }
      if (state !== 'waiting') {
        log.warn({ path: channel.path }, 'notification socket sign-in frame repeated, ignored');
        return;
      }
      if (frame.lastIdInvalid)
        log.warn({ path: channel.path }, 'notification socket lastId invalid, ignored');
      if (channel.soe && !frame.soe) return deny("the first frame must say type 'soe'");
      if (frame.tokens.length === 0) return deny('no valid token');
      state = 'checking';
      signIn(frame.tokens, frame.lastId).catch((err: unknown) => {
        log.warn({ err: (err as Error).message, path: channel.path }, 'notification socket sign-in failed');
        state = 'closed';
        socket.close(INTERNAL_ERROR, 'server error');
      });
    });

    async function signIn(tokens: string[], lastId: number | null) {
      const auths = await Promise.all(tokens.map((token) => resolveAuth(ctx, token).catch(() => null)));
      if (state !== 'checking') return;
      const user = auths[0]?.user;
      if (!user || auths.some((a) => !a?.user || a.user.id !== user.id)) return deny('invalid token');
      if (pathUser !== null && user.id !== pathUser) return deny('token of another user');
      conn = {
        socket,
        userId: user.id,
        tenantId: user.tenant_id,
        sessionIds: new Set(auths.map((a) => a!.principal.sessionId)),
        kinds: channel.kinds,
        deploy: channel.deploy,
      };
      // Held before the last id is read but sent nothing until `start`: a notification stored meanwhile
      // is above that id, so the replay (or the delivery after it) sends it, once. Held, the socket is
      // also closed by a revocation heard from here on.
      hub.add(conn);
      const last = await ctx.repos.notifications.lastSeq(user.id);
      if (state !== 'checking' || socket.readyState !== socket.OPEN) return;
      clearTimeout(timer);
      state = 'open';
      sendBounded(socket, JSON.stringify({ type: 'ready', lastId: last }));
      // Without a last id nothing is replayed; a last id beyond the server's (another database) is read
      // as the server's, so what is stored from now on still reaches the client.
      await hub.start(conn, lastId === null ? last : Math.min(lastId, last));
    }
  }
}
