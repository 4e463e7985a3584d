import { type Db, sql } from '../database.ts';

/** Notifications kept per user; older ones are dropped when a new one is stored. */
export const KEPT_PER_USER = 1000;

export type NotificationKind = 1 | 2;

export interface NotificationRow {
  seq: number;
  kind: NotificationKind;
  payload: string;
}

export interface Recipient {
  id: number;
  account: string;
}

/**
 * Pushed notifications, one row per recipient. `seq` is the notification's id as the socket sends it:
 * per user, strictly increasing, and never reused (it survives a restart with the database). Every
 * instance allocates seqs of the same user under one lock, so the rows of a user become visible in seq
 * order: a reader that has seen seq n never later finds a new row below n.
 */
export function notificationsRepo(db: Db) {
  const last = async (userId: number) =>
    (
      await db.get<{ n: number }>(
        sql`SELECT COALESCE(MAX(seq), 0) AS n FROM notifications WHERE user_id = ${userId}`,
      )
    )?.n ?? 0;
  return {
    lastSeq: last,
    /**
     * Stores one notification for a user and answers its id. The next seq is read then written: the
     * user's lock (held to the end of the transaction, the caller's when there is one) keeps two
     * instances from taking the same one.
     */
    append(
      tenantId: string,
      userId: number,
      kind: NotificationKind,
      payload: string,
      now: number,
    ): Promise<number> {
      return db.transaction(async () => {
        await db.lock(`notify-seq:${userId}`);
        const seq = (await last(userId)) + 1;
        await db.run(sql`
          INSERT INTO notifications (tenant_id, user_id, seq, kind, payload, created_at)
          VALUES (${tenantId}, ${userId}, ${seq}, ${kind}, ${payload}, ${now})`);
        if (seq > KEPT_PER_USER)
          await db.run(
            sql`DELETE FROM notifications WHERE user_id = ${userId} AND seq <= ${seq - KEPT_PER_USER}`,
          );
        return seq;
      });
    },
    /** The user's notifications after `afterSeq` of the given kinds: the newest `limit`, oldest first. */
    after(
      userId: number,
      afterSeq: number,
      kinds: readonly NotificationKind[],
      limit: number,
    ): Promise<NotificationRow[]> {
      if (kinds.length === 0) return Promise.resolve([]);
      return db.all<NotificationRow>(sql`
        SELECT seq, kind, payload FROM (
          SELECT seq, kind, payload FROM notifications
          WHERE user_id = ${userId} AND seq > ${afterSeq} AND kind IN (${sql.join([...kinds])})
          ORDER BY seq DESC LIMIT ${limit}
        ) AS newest ORDER BY seq ASC`);
    },
    /** The active accounts of a tenant (all of them, or those named). */
    recipients(tenantId: string, accounts?: readonly string[]): Promise<Recipient[]> {
      if (accounts?.length === 0) return Promise.resolve([]);
      const named = accounts ? sql`AND account IN (${sql.join([...accounts])})` : sql``;
      return db.all<Recipient>(sql`
        SELECT id, account FROM users
        WHERE tenant_id = ${tenantId} AND is_deleted = 0 AND status = 1 ${named}
        ORDER BY id`);
    },
  };
}
