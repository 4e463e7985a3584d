import type { Db } from '../database.ts';
import { countOf } from '../paged.ts';

export interface SessionRow {
  id: string;
  user_id: number | null;
  oauth_id: number | null;
  tenant_id: string;
  grant_type: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  revoke_reason: string | null;
}

export interface RefreshRow {
  hash: string;
  session_id: string;
  issued_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A revocation as it happened: one session, or every session of a user. */
export type Revocation = { sessionId: string } | { userId: number };

export function sessionsRepo(db: Db) {
  const revoked = new Set<(event: Revocation) => void>();
  const tell = (event: Revocation, changes: number) => {
    if (changes > 0) for (const listener of revoked) listener(event);
    return changes;
  };
  return {
    /** Follows revocations (logout, password change, removal, forced login); returns the unfollow. */
    onRevoke(listener: (event: Revocation) => void): () => void {
      revoked.add(listener);
      return () => revoked.delete(listener);
    },
    create(row: Omit<SessionRow, 'revoked_at' | 'revoke_reason'> & { remote_addr: string }) {
      db.prepare(
        `INSERT INTO sessions (id, user_id, oauth_id, tenant_id, grant_type, created_at, expires_at, remote_addr)
         VALUES (@id, @user_id, @oauth_id, @tenant_id, @grant_type, @created_at, @expires_at, @remote_addr)`,
      ).run(row);
    },
    get(id: string): SessionRow | undefined {
      return db.prepare('SELECT * FROM sessions WHERE id = ?').get(id) as SessionRow | undefined;
    },
    activeCount(userId: number, now: number): number {
      return countOf(db, 'sessions WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ?', userId, now);
    },
    revoke(id: string, reason: string, now: number): number {
      const changes = db
        .prepare('UPDATE sessions SET revoked_at = ?, revoke_reason = ? WHERE id = ? AND revoked_at IS NULL')
        .run(now, reason, id).changes;
      return tell({ sessionId: id }, changes);
    },
    revokeUser(userId: number, reason: string, now: number): number {
      const changes = db
        .prepare(
          'UPDATE sessions SET revoked_at = ?, revoke_reason = ? WHERE user_id = ? AND revoked_at IS NULL',
        )
        .run(now, reason, userId).changes;
      return tell({ userId }, changes);
    },
    extend(id: string, expiresAt: number) {
      db.prepare('UPDATE sessions SET expires_at = ? WHERE id = ?').run(expiresAt, id);
    },
    addRefresh(row: Omit<RefreshRow, 'used_at'>) {
      db.prepare(
        'INSERT INTO refresh_tokens (hash, session_id, issued_at, expires_at) VALUES (@hash, @session_id, @issued_at, @expires_at)',
      ).run(row);
    },
    findRefresh(hash: string): RefreshRow | undefined {
      return db.prepare('SELECT * FROM refresh_tokens WHERE hash = ?').get(hash) as RefreshRow | undefined;
    },
    /** Marks a refresh token used; 1 when this call won the race, 0 when it was already used. */
    useRefresh(hash: string, now: number): number {
      return db
        .prepare('UPDATE refresh_tokens SET used_at = ? WHERE hash = ? AND used_at IS NULL')
        .run(now, hash).changes;
    },
  };
}
