import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import type WebSocket from 'ws';
import type { AppContext } from '../context.ts';
import type { NotificationKind } from '../db/repos/notifications.ts';
import { nowText } from '../db/repos/util.ts';
import { me } from '../http/auth.ts';
import { badRequest, ok } from '../http/envelope.ts';
import { say } from '../http/messages.ts';
import { body, type RouteApp } from '../http/schema.ts';

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

/** The open sockets by user: where a stored notification is pushed. */
export class SocketHub {
  private readonly byUser = new Map<number, Set<Connection>>();

  add(conn: Connection) {
    const set = this.byUser.get(conn.userId) ?? new Set<Connection>();
    set.add(conn);
    this.byUser.set(conn.userId, set);
  }

  remove(conn: Connection) {
    const set = this.byUser.get(conn.userId);
    if (!set) return;
    set.delete(conn);
    if (set.size === 0) this.byUser.delete(conn.userId);
  }

  push(userId: number, kind: NotificationKind, frame: string) {
    for (const conn of this.byUser.get(userId) ?? []) {
      if (conn.kinds.includes(kind) && conn.socket.readyState === conn.socket.OPEN) conn.socket.send(frame);
    }
  }

  /** Closes the sockets that match (policy code 1008: the session is no longer valid). */
  closeWhere(match: (conn: Connection) => boolean, reason: string) {
    for (const set of [...this.byUser.values()]) {
      for (const conn of [...set]) {
        if (!match(conn)) continue;
        this.remove(conn);
        conn.socket.close(1008, reason);
      }
    }
  }

  all(): Connection[] {
    return [...this.byUser.values()].flatMap((set) => [...set]);
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

/**
 * Stores and pushes notifications. Kind 2 is also an unread alarm message of each recipient (what the
 * message routes read: the bell's counts, the alarm dialog); kind 1 (SOE) is only a notification. Every
 * recipient's rows are written in one transaction before anything is pushed.
 */
export function notificationService(ctx: AppContext, hub: SocketHub) {
  const { repos } = ctx;

  function recipients(tenantId: string, accounts: string[] | undefined) {
    const wanted = accounts ? [...new Set(accounts)] : undefined;
    const found = repos.notifications.recipients(tenantId, wanted);
    if (wanted && found.length !== wanted.length) {
      const known = new Set(found.map((r) => r.account));
      const missing = wanted.filter((a) => !known.has(a)).slice(0, 5);
      throw new PublishError(`账号不存在：${missing.join(', ')}`, `unknown account: ${missing.join(', ')}`);
    }
    return found;
  }

  function store(
    tenantId: string,
    kind: NotificationKind,
    list: { id: number }[],
    fields: (userId: number) => object,
  ) {
    const now = ctx.now();
    const pushes = repos.transaction(() =>
      list.map((r) => {
        const payload = JSON.stringify(fields(r.id));
        const seq = repos.notifications.append(tenantId, r.id, kind, payload, now);
        return { userId: r.id, frame: notificationFrame(seq, kind, payload) };
      }),
    );
    for (const p of pushes) hub.push(p.userId, kind, p.frame);
    return pushes.length;
  }

  return {
    publishAlarm(tenantId: string, input: AlarmInput): number {
      const classes = repos.dicts.byCode('000000', 'businessClassify').filter((d) => d.parent_id !== 0);
      if (!classes.some((d) => d.dict_key === input.businessClassify))
        throw new PublishError(
          `业务分类不存在：${input.businessClassify}`,
          `unknown businessClassify: ${input.businessClassify}`,
        );
      const list = recipients(tenantId, input.accounts);
      const pushTime = nowText(ctx.now());
      const link = input.link ?? '';
      return store(tenantId, 2, list, (userId) => {
        const messageId = repos.messages.insert({
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
    publishSoe(tenantId: string, input: SoeInput): number {
      const list = recipients(tenantId, input.accounts);
      const ts = nowText(ctx.now());
      return store(tenantId, 1, list, () => ({
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
        return ok({ recipients: service.publishAlarm(me(request).tenantId, request.body) });
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
        return ok({ recipients: service.publishSoe(me(request).tenantId, request.body) });
      } catch (err) {
        refuse(request, err);
      }
    },
  );
}
