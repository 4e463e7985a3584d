import type { Db } from '../database.ts';
import { placeholders } from './util.ts';

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
 * per user, strictly increasing, and never reused (it survives a restart with the database).
 */
export function notificationsRepo(db: Db) {
  const lastStmt = db.prepare('SELECT COALESCE(MAX(seq), 0) AS n FROM notifications WHERE user_id = ?');
  const insertStmt = db.prepare(
    `INSERT INTO notifications (tenant_id, user_id, seq, kind, payload, created_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const pruneStmt = db.prepare('DELETE FROM notifications WHERE user_id = ? AND seq <= ?');
  return {
    lastSeq(userId: number): number {
      return (lastStmt.get(userId) as { n: number }).n;
    },
    /** Stores one notification for a user and answers its id (call inside a transaction). */
    append(tenantId: string, userId: number, kind: NotificationKind, payload: string, now: number): number {
      const seq = (lastStmt.get(userId) as { n: number }).n + 1;
      insertStmt.run(tenantId, userId, seq, kind, payload, now);
      if (seq > KEPT_PER_USER) pruneStmt.run(userId, seq - KEPT_PER_USER);
      return seq;
    },
    /** The user's notifications after `afterSeq` of the given kinds: the newest `limit`, oldest first. */
    after(
      userId: number,
      afterSeq: number,
      kinds: readonly NotificationKind[],
      limit: number,
    ): NotificationRow[] {
      return db
        .prepare(
          `SELECT seq, kind, payload FROM (
             SELECT seq, kind, payload FROM notifications
             WHERE user_id = ? AND seq > ? AND kind IN (${placeholders(kinds)})
             ORDER BY seq DESC LIMIT ?
           ) ORDER BY seq ASC`,
        )
        .all(userId, afterSeq, ...kinds, limit) as NotificationRow[];
    },
    /** The active accounts of a tenant (all of them, or those named). */
    recipients(tenantId: string, accounts?: readonly string[]): Recipient[] {
      const where = ['tenant_id = ?', 'is_deleted = 0', 'status = 1'];
      const args: unknown[] = [tenantId];
      if (accounts) {
        where.push(`account IN (${placeholders(accounts)})`);
        args.push(...accounts);
      }
      return db
        .prepare(`SELECT id, account FROM users WHERE ${where.join(' AND ')} ORDER BY id`)
        .all(...args) as Recipient[];
    },
  };
}
