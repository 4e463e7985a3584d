import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { sessionsRepo } from '../db/repos/sessions.ts';
import type { SigningKey } from './signing-key.ts';

const ISSUER = 'ops-server';
const AUDIENCES = ['blade', 'hzinfo'];

export interface Principal {
  sessionId: string;
  tenantId: string;
  /** null for a guest session (a social identity that is not bound to an account yet). */
  userId: number | null;
  oauthId: number | null;
}

export interface IssuedTokens {
  accessToken: string;
  hzToken: string;
  refreshToken: string;
  expiresIn: number;
  sessionId: string;
  /** The session's data-auth key (spec §3 Session dataAuthKey), sent back as `Data-Auth` on data calls. */
  dataAuthKey: string;
}

export interface TokenServiceOptions {
  key: SigningKey;
  accessTtl: number;
  refreshTtl: number;
  now: () => number;
  sessions: ReturnType<typeof sessionsRepo>;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function tokenService(opts: TokenServiceOptions) {
  const { key, sessions } = opts;

  /**
   * One key per session, derived from the install's signing secret: unguessable, the same through every
   * refresh of the session, useless for any other session, and checked without a stored copy.
   */
  const dataAuthKey = (sessionId: string) =>
    createHmac('sha256', key.secret).update(`data-auth:${sessionId}`).digest('base64url');

  async function sign(principal: Principal, audience: string, nowSec: number): Promise<string> {
    return new SignJWT({
      tid: principal.tenantId,
      sid: principal.sessionId,
      ...(principal.userId === null ? { oid: principal.oauthId } : {}),
    })
      .setProtectedHeader({ alg: 'HS256', kid: key.kid, typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setSubject(principal.userId === null ? `guest:${principal.oauthId}` : String(principal.userId))
      .setJti(randomUUID())
      .setIssuedAt(nowSec)
      .setExpirationTime(nowSec + opts.accessTtl)
      .sign(key.secret);
  }

  async function tokensFor(principal: Principal): Promise<IssuedTokens> {
    const now = opts.now();
    const nowSec = Math.floor(now / 1000);
    const refreshToken = randomBytes(32).toString('base64url');
    await sessions.addRefresh({
      hash: sha256(refreshToken),
      session_id: principal.sessionId,
      issued_at: now,
      expires_at: now + opts.refreshTtl * 1000,
    });
    await sessions.extend(principal.sessionId, now + opts.refreshTtl * 1000);
    return {
      accessToken: await sign(principal, 'blade', nowSec),
      hzToken: await sign(principal, 'hzinfo', nowSec),
      refreshToken,
      expiresIn: opts.accessTtl,
      sessionId: principal.sessionId,
      dataAuthKey: dataAuthKey(principal.sessionId),
    };
  }

  const service = {
    /** Opens a new session (one refresh-token family) and issues its first tokens. */
    async open(args: {
      tenantId: string;
      userId: number | null;
      oauthId?: number | null;
      grantType: string;
      remoteAddr: string;
    }): Promise<IssuedTokens> {
      const now = opts.now();
      const sessionId = randomUUID();
      await sessions.create({
        id: sessionId,
        user_id: args.userId,
        oauth_id: args.oauthId ?? null,
        tenant_id: args.tenantId,
        grant_type: args.grantType,
        created_at: now,
        expires_at: now + opts.refreshTtl * 1000,
        remote_addr: args.remoteAddr,
      });
      return tokensFor({
        sessionId,
        tenantId: args.tenantId,
        userId: args.userId,
        oauthId: args.oauthId ?? null,
      });
    },

    /**
     * Rotates a refresh token: the presented one is spent and a new pair is issued in the same family.
     * Presenting an already spent token revokes the whole family (reuse detection).
     */
    async rotate(
      refreshToken: string,
      tenantId: string,
    ): Promise<{ tokens: IssuedTokens; principal: Principal } | { error: 'invalid' | 'reused' }> {
      const now = opts.now();
      const row = await sessions.findRefresh(sha256(refreshToken));
      if (!row) return { error: 'invalid' };
      const session = await sessions.get(row.session_id);
      if (!session || session.revoked_at !== null || session.tenant_id !== tenantId)
        return { error: 'invalid' };
      if (row.used_at !== null || (await sessions.useRefresh(row.hash, now)) === 0) {
        await sessions.revoke(session.id, 'refresh-reuse', now);
        return { error: 'reused' };
      }
      if (row.expires_at <= now) return { error: 'invalid' };
      const principal: Principal = {
        sessionId: session.id,
        tenantId: session.tenant_id,
        userId: session.user_id,
        oauthId: session.oauth_id,
      };
      return { tokens: await tokensFor(principal), principal };
    },

    /** Verifies an access token (either audience) and that its session is still live. */
    async verify(token: string): Promise<Principal | null> {
      try {
        const { payload } = await jwtVerify(token, key.secret, {
          issuer: ISSUER,
          audience: AUDIENCES,
          algorithms: ['HS256'],
          currentDate: new Date(opts.now()),
        });
        const sessionId = typeof payload.sid === 'string' ? payload.sid : '';
        const session = await sessions.get(sessionId);
        if (!session || session.revoked_at !== null || session.tenant_id !== payload.tid) return null;
        return {
          sessionId,
          tenantId: session.tenant_id,
          userId: session.user_id,
          oauthId: session.oauth_id,
        };
      } catch {
        return null;
      }
    },

    /** Whether `presented` is the data-auth key of the session (constant-time compare). */
    dataAuthMatches(sessionId: string, presented: string): boolean {
      const expected = Buffer.from(dataAuthKey(sessionId));
      const given = Buffer.from(presented);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },

    /** The data-auth key of the session an access token belongs to ('' for an invalid token). */
    async dataAuthKeyOf(token: string): Promise<string> {
      const principal = await service.verify(token);
      return principal ? dataAuthKey(principal.sessionId) : '';
    },

    revoke(sessionId: string, reason: string): Promise<number> {
      return sessions.revoke(sessionId, reason, opts.now());
    },
  };
  return service;
}

export type TokenService = ReturnType<typeof tokenService>;
