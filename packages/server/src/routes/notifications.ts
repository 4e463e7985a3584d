import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import type WebSocket from 'ws';
import type { AppContext } from '../context.ts';
import type { NotificationKind, NotificationRow } from '../db/repos/notifications.ts';
import { nowText } from '../db/repos/util.ts';
import { me } from '../http/auth.ts';
import { badRequest, ok } from '../http/envelope.ts';
import { say } from '../http/messages.ts';
import { body, type RouteApp } from '../http/schema.ts';
import { sendBounded } from './socket-send.ts';

/** One open, signed-in notification socket. */
export interface Connection {
  socket: WebSocket;
  userId: number;
  tenantId: string;
  sessionIds: ReadonlySet<string>;
  kinds: readonly NotificationKind[];
  /** The main socket (the notices parcel's): also told when the tenant's import map changes. */
  deploy?: boolean;
}

/** Reads a user's stored notifications after a seq (the repository's `after`). */
export type ReadAfter = (
  userId: number,
  afterSeq: number,
  kinds: readonly NotificationKind[],
  limit: number,
) => Promise<NotificationRow[]>;

/** Where a socket's delivery stands: the last seq sent (null until its replay starts). */
interface Cursor {
  sent: number | null;
}

/** A user's sockets here, and the one read of that user's notifications under way (if any). */
interface Held {
  sockets: Map<Connection, Cursor>;
  reading: boolean;
  /** A delivery came while reading: read once more after. */
  again: boolean;
  /** The read under way; resolves when it and its reads once more are done. */
  done: Promise<void>;
}

/**
 * The sockets this instance holds, by user (per instance by nature: a socket lives in one process).
 * A socket is sent what is stored for its user after the last seq it was sent, read from the database:
 * the replay on sign-in and every later delivery take that one path, so a notification stored by any
 * instance reaches it once, in order, and a socket that reconnects elsewhere replays from its last id.
 * One read serves all of a user's sockets here (a wall of screens signed in as one operator is one read
 * per delivery, not one per screen).
 */
export class SocketHub {
  private readonly byUser = new Map<number, Held>();

  constructor(
    private readonly read: ReadAfter,
    /** At most this many notifications per read: the newest ones. */
    private readonly limit: number,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** Holds a signed-in socket; it is sent nothing until `start`. */
  add(conn: Connection) {
    const held = this.byUser.get(conn.userId) ?? {
      sockets: new Map<Connection, Cursor>(),
      reading: false,
      again: false,
      done: Promise.resolve(),
    };
    held.sockets.set(conn, { sent: null });
    this.byUser.set(conn.userId, held);
  }

  /** Sends the socket what is stored after `afterSeq` (the replay), then keeps it up to date. */
  start(conn: Connection, afterSeq: number): Promise<void> {
    const cursor = this.byUser.get(conn.userId)?.sockets.get(conn);
    if (!cursor) return Promise.resolve();
    cursor.sent = afterSeq;
    return this.drain(conn.userId);
  }

  remove(conn: Connection) {
    const held = this.byUser.get(conn.userId);
    if (!held) return;
    held.sockets.delete(conn);
    if (held.sockets.size === 0) this.byUser.delete(conn.userId);
  }

  /** New notifications were stored for these users (on any instance): their sockets here read them. */
  deliver(userIds: readonly number[]) {
    for (const userId of new Set(userIds)) void this.drain(userId);
  }

  /** One read at a time per user; a delivery that comes meanwhile makes it read once more after. */
  private drain(userId: number): Promise<void> {
    const held = this.byUser.get(userId);
    if (!held) return Promise.resolve();
    if (held.reading) {
      held.again = true;
      return held.done;
    }
    held.reading = true;
    held.done = (async () => {
      try {
        do {
          held.again = false;
          await this.readOnce(userId, held);
        } while (held.again);
      } catch (err) {
        // Nothing is lost: each cursor stays at the last seq sent, and the next delivery reads from there.
        this.onError(err);
      } finally {
        held.reading = false;
      }
    })();
    return held.done;
  }

  /** Reads from the furthest-behind socket on, every kind any of them takes; each is sent its own. */
  private async readOnce(userId: number, held: Held) {
    const started = [...held.sockets].filter(([, cursor]) => cursor.sent !== null);
    if (started.length === 0) return;
    const from = Math.min(...started.map(([, cursor]) => cursor.sent ?? 0));
    const kinds = [...new Set(started.flatMap(([conn]) => conn.kinds))].sort();
    const rows = await this.read(userId, from, kinds, this.limit);
    for (const [conn, cursor] of started) {
      for (const row of rows) {
        if (row.seq <= (cursor.sent ?? 0) || !conn.kinds.includes(row.kind)) continue;
        if (!sendBounded(conn.socket, notificationFrame(row.seq, row.kind, row.payload))) {
          // Closed, or closing as too slow: held no longer (its reconnect replays from its last id).
          this.remove(conn);
          break;
        }
        cursor.sent = row.seq;
      }
    }
  }

  /** Closes the sockets that match (policy code 1008: the session is no longer valid). */
  closeWhere(match: (conn: Connection) => boolean, reason: string) {
    for (const held of [...this.byUser.values()]) {
      for (const conn of [...held.sockets.keys()]) {
        if (!match(conn)) continue;
        this.remove(conn);
        conn.socket.close(1008, reason);
      }
    }
  }

  all(): Connection[] {
    return [...this.byUser.values()].flatMap((held) => [...held.sockets.keys()]);
  }
}

/** The frame of a stored notification: its id and kind, then the fields of its kind (spec §3). */
export function notificationFrame(seq: number, kind: NotificationKind, payload: string): string {
  return `{"id":${seq},"kind":${kind},${payload.slice(1)}`;
}

export interface AlarmInput {
  accounts?: string[];
  businessClassify: string;
  subject: string;
  content: string;
  link?: string;
}

export interface SoeInput {
  accounts?: string[];
  deptName: string;
  soe_explain: string;
}

/** Refusal of a publish call: nothing was stored. */
export class PublishError extends Error {
  constructor(
    readonly zh: string,
    readonly en: string,
  ) {
    super(en);
  }
}

/** Users named in one bus event at most: keeps a NOTIFY payload a few kB, well under its limit. */
const NOTIFY_BATCH = 200;

/** The bus event of stored notifications: whose (every instance's sockets of these users read them). */
export interface NotifyEvent {
  userIds: number[];
}

/**
 * Stores notifications and tells every instance (bus 'ops_notify'). Kind 2 is also an unread alarm
 * message of each recipient (what the message routes read: the bell's counts, the alarm dialog); kind 1
 * (SOE) is only a notification. Every recipient's rows are written in one transaction, and the event is
 * heard only once it has committed.
 */
export function notificationService(ctx: AppContext) {
  const { repos } = ctx;

  async function recipients(tenantId: string, accounts: string[] | undefined) {
    const wanted = accounts ? [...new Set(accounts)] : undefined;
    const found = await repos.notifications.recipients(tenantId, wanted);
    if (wanted && found.length !== wanted.length) {
      const known = new Set(found.map((r) => r.account));
      const missing = wanted.filter((a) => !known.has(a)).slice(0, 5);
      throw new PublishError(`账号不存在：${missing.join(', ')}`, `unknown account: ${missing.join(', ')}`);
    }
    return found;
  }

  async function store(
    tenantId: string,
    kind: NotificationKind,
    list: { id: number }[],
    fields: (userId: number) => Promise<object>,
  ): Promise<number> {
    const now = ctx.now();
    // Each user's seq lock is held to the commit: taken in ascending id order, two publishes to
    // overlapping users wait for each other instead of deadlocking.
    const userIds = [...new Set(list.map((r) => r.id))].sort((a, b) => a - b);
    await repos.transaction(async () => {
      for (const userId of userIds) {
        const payload = JSON.stringify(await fields(userId));
        await repos.notifications.append(tenantId, userId, kind, payload, now);
      }
      for (let i = 0; i < userIds.length; i += NOTIFY_BATCH) {
        const event: NotifyEvent = { userIds: userIds.slice(i, i + NOTIFY_BATCH) };
        await repos.bus.publish('ops_notify', event);
      }
    });
    return userIds.length;
  }

  return {
    async publishAlarm(tenantId: string, input: AlarmInput): Promise<number> {
      const classes = (await repos.dicts.byCode('000000', 'businessClassify')).filter(
        (d) => d.parent_id !== 0,
      );
      if (!classes.some((d) => d.dict_key === input.businessClassify))
        throw new PublishError(
          `业务分类不存在：${input.businessClassify}`,
          `unknown businessClassify: ${input.businessClassify}`,
        );
      const list = await recipients(tenantId, input.accounts);
      const pushTime = nowText(ctx.now());
      const link = input.link ?? '';
      return store(tenantId, 2, list, async (userId) => {
        const messageId = await repos.messages.insert({
          tenant_id: tenantId,
          user_id: userId,
          business_classify: input.businessClassify,
          subject: input.subject,
          content: input.content,
          status: 0,
          push_time: pushTime,
          link,
        });
        return {
          messageId: String(messageId),
          businessClassify: input.businessClassify,
          subject: input.subject,
          content: input.content,
          pushTime,
          link,
        };
      });
    },
    async publishSoe(tenantId: string, input: SoeInput): Promise<number> {
      const list = await recipients(tenantId, input.accounts);
      const ts = nowText(ctx.now());
      return store(tenantId, 1, list, async () => ({
        deptName: input.deptName,
        ts,
        soe_explain: input.soe_explain,
      }));
    },
  };
}

export type NotificationService = ReturnType<typeof notificationService>;

const TEXT = (max: number) => Type.String({ minLength: 1, maxLength: max, pattern: '\\S' });
const ACCOUNTS = Type.Array(Type.String({ pattern: '^[A-Za-z0-9_.@-]{1,64}$' }), {
  minItems: 1,
  maxItems: 500,
  uniqueItems: true,
});
/** A page of this console: a path starting with one '/' (never another origin or a script URL). */
const LINK = Type.String({ maxLength: 500, pattern: '^(/([^/\\\\\\s][^\\s]*)?)?$' });

const ALARM_BODY = body(
  {
    accounts: ACCOUNTS,
    businessClassify: Type.String({ pattern: '^[A-Za-z_]{1,32}$' }),
    subject: TEXT(100),
    content: TEXT(2000),
    link: LINK,
  },
  ['businessClassify', 'subject', 'content'],
);
const SOE_BODY = body({ accounts: ACCOUNTS, deptName: TEXT(50), soe_explain: TEXT(500) }, [
  'deptName',
  'soe_explain',
]);

function refuse(request: FastifyRequest, err: unknown): never {
  if (err instanceof PublishError) throw badRequest(say(request, err.zh, err.en));
  throw err;
}

/** The administrators' publish calls: to accounts of the caller's tenant (all of them when omitted). */
export function registerPublishRoutes(app: RouteApp, service: NotificationService) {
  app.post(
    '/api/blade-system/message/record/publish',
    { config: { auth: 'admin' }, schema: { body: ALARM_BODY } },
    async (request) => {
      try {
        return ok({ recipients: await service.publishAlarm(me(request).tenantId, request.body) });
      } catch (err) {
        refuse(request, err);
      }
    },
  );
  app.post(
    '/api/hzinfo-data-socket/soe/publish',
    { config: { auth: 'admin' }, schema: { body: SOE_BODY } },
    async (request) => {
      try {
        return ok({ recipients: await service.publishSoe(me(request).tenantId, request.body) });
      } catch (err) {
        refuse(request, err);
      }
    },
  );
}
