import type { Bus } from '../bus.ts';
import { type Db, sql } from '../database.ts';

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

export function sessionsRepo(db: Db, bus: Bus) {
  // Every instance hears a revocation (its sockets of that session close); a token is refused everywhere
  // at once anyway, since each request reads the session row.
  const tell = async (event: Revocation, changes: number) => {
    if (changes > 0) await bus.publish('ops_revoke', event);
    return changes;
  };
  return {
    /** Follows revocations (logout, password change, removal, forced login) on every instance. */
    onRevoke(listener: (event: Revocation) => void): () => void {
      return bus.subscribe('ops_revoke', (event) => listener(event as Revocation));
    },
    async create(row: Omit<SessionRow, 'revoked_at' | 'revoke_reason'> & { remote_addr: string }) {
      await db.run(sql`
        INSERT INTO sessions (id, user_id, oauth_id, tenant_id, grant_type, created_at, expires_at, remote_addr)
        VALUES (${row.id}, ${row.user_id}, ${row.oauth_id}, ${row.tenant_id}, ${row.grant_type},
                ${row.created_at}, ${row.expires_at}, ${row.remote_addr})`);
    },
    get(id: string): Promise<SessionRow | undefined> {
      return db.get<SessionRow>(sql`SELECT * FROM sessions WHERE id = ${id}`);
    },
    async activeCount(userId: number, now: number): Promise<number> {
      const row = await db.get<{ n: number }>(
        sql`SELECT COUNT(*) AS n FROM sessions WHERE user_id = ${userId} AND revoked_at IS NULL AND expires_at > ${now}`,
      );
      return row?.n ?? 0;
    },
    async revoke(id: string, reason: string, now: number): Promise<number> {
      const changes = await db.run(
        sql`UPDATE sessions SET revoked_at = ${now}, revoke_reason = ${reason} WHERE id = ${id} AND revoked_at IS NULL`,
      );
      return tell({ sessionId: id }, changes);
    },
    async revokeUser(userId: number, reason: string, now: number): Promise<number> {
      const changes = await db.run(
        sql`UPDATE sessions SET revoked_at = ${now}, revoke_reason = ${reason} WHERE user_id = ${userId} AND revoked_at IS NULL`,
      );
      return tell({ userId }, changes);
    },
    async extend(id: string, expiresAt: number) {
      await db.run(sql`UPDATE sessions SET expires_at = ${expiresAt} WHERE id = ${id}`);
    },
    async addRefresh(row: Omit<RefreshRow, 'used_at'>) {
      await db.run(sql`
        INSERT INTO refresh_tokens (hash, session_id, issued_at, expires_at)
        VALUES (${row.hash}, ${row.session_id}, ${row.issued_at}, ${row.expires_at})`);
    },
    findRefresh(hash: string): Promise<RefreshRow | undefined> {
      return db.get<RefreshRow>(sql`SELECT * FROM refresh_tokens WHERE hash = ${hash}`);
    },
    /** Marks a refresh token used; 1 when this call won the race, 0 when it was already used. */
    useRefresh(hash: string, now: number): Promise<number> {
      return db.run(sql`UPDATE refresh_tokens SET used_at = ${now} WHERE hash = ${hash} AND used_at IS NULL`);
    },
  };
}
