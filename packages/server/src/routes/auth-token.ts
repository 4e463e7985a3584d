import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import type { AppContext } from '../context.ts';
import type { UserRow } from '../db/repos/users.ts';
import { ApiError } from '../http/envelope.ts';
import { t } from '../http/messages.ts';
import { either, merged, type RouteApp, str } from '../http/schema.ts';
import { aesDecrypt } from '../security/aes.ts';
import { unwrapWirePassword, verifyMd5 } from '../security/passwords.ts';
import {
  guestTokenResponse,
  header,
  setTenantCookie,
  systemParams,
  takePhoneCode,
  tokenError,
  tokenResponse,
} from './auth-shared.ts';

export const CLIENT_ID = 'saber';
export const CLIENT_SECRET = 'saber_secret';
export const CONFLICT_CODE = 1800100001;

/** The token endpoint's parameters, in the query string or a form (or JSON) body. */
const TOKEN_SCHEMA = either({
  tenantId: str(32),
  tenant_id: str(32),
  username: str(256),
  password: str(256),
  grant_type: str(32),
  grantType: str(32),
  scope: str(32),
  type: str(32),
  uuid: str(64),
  refresh_token: str(512),
  phone: str(32),
  source: str(32),
  code: str(128),
  state: str(128),
  callback: str(128),
  checkId: str(64),
  key: str(64),
  /** The refresh's terminal flag (spec §9 refTerminal: '2' = the workbench); accepted, changes nothing. */
  refTerminal: str(8),
});
type TokenParams = Static<typeof TOKEN_SCHEMA.querystring>;

function clientOk(request: FastifyRequest): boolean {
  const value = header(request, 'authorization');
  const match = value ? /^basic\s+([A-Za-z0-9+/=]+)$/i.exec(value.trim()) : null;
  if (!match) return false;
  const expected = Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`);
  const given = Buffer.from(Buffer.from(match[1]!, 'base64').toString('utf8'));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function registerTokenRoute(app: RouteApp, ctx: AppContext) {
  const { repos, stores, limits } = ctx;

  async function respond(request: FastifyRequest, reply: FastifyReply, user: UserRow, grantType: string) {
    const roles = await repos.users.roles(user.tenant_id, user.role_ids);
    const tokens = await ctx.tokens.open({
      tenantId: user.tenant_id,
      userId: user.id,
      grantType,
      remoteAddr: request.ip,
    });
    setTenantCookie(reply, user.tenant_id);
    return tokenResponse(tokens, user, roles);
  }

  async function limited(request: FastifyRequest, accountKey: string | null) {
    const wait = Math.max(
      await limits.address.retryAfter(request.ip),
      accountKey ? await limits.account.retryAfter(accountKey) : 0,
    );
    if (wait > 0) {
      throw tokenError(request, 429, 'tooManyAttempts', {
        vars: { s: wait },
        headers: { 'Retry-After': String(wait) },
      });
    }
  }

  async function failed(request: FastifyRequest, accountKey: string | null) {
    await limits.address.hit(request.ip);
    if (accountKey) await limits.account.hit(accountKey);
  }

  async function passwordGrant(
    request: FastifyRequest,
    reply: FastifyReply,
    tenantId: string,
    p: TokenParams,
  ) {
    await limited(request, null);
    const uuid = p.uuid || undefined;
    const captchaKey = header(request, 'captcha-key') ?? p.key;
    const captchaCode = header(request, 'captcha-code') ?? p.code;
    if (captchaKey) {
      const expected = await stores.captchas.take(captchaKey);
      if (!expected || !captchaCode || expected.toLowerCase() !== captchaCode.toLowerCase()) {
        await failed(request, null);
        throw tokenError(request, 400, 'captchaWrong');
      }
    } else if (ctx.options.requireCaptcha && !uuid) {
      throw tokenError(request, 400, 'captchaRequired');
    }
    let account = p.username ?? '';
    const sysAuth = (await systemParams(ctx, tenantId)).isSystemAuthentication === '1';
    if (sysAuth && !(uuid && (await repos.users.byAccount(tenantId, account)))) {
      const decrypted = ctx.aesKey ? aesDecrypt(account, ctx.aesKey) : null;
      if (decrypted === null) {
        await failed(request, null);
        throw tokenError(request, 400, 'usernameDecrypt');
      }
      account = decrypted;
    }
    if (!account || !p.password) throw tokenError(request, 400, 'badCredentials');
    const accountKey = `${tenantId}/${account.toLowerCase()}`;
    await limited(request, accountKey);
    const md5 = unwrapWirePassword(p.password, !!uuid);
    if (md5 === null) {
      await failed(request, accountKey);
      throw tokenError(request, 400, 'passwordFormat');
    }
    const user = await repos.users.byAccount(tenantId, account);
    if (!user || !(await verifyMd5(md5, user.password_hash))) {
      await failed(request, accountKey);
      throw tokenError(request, 400, 'badCredentials');
    }
    if (user.status !== 1) throw tokenError(request, 400, 'accountDisabled');
    await limits.account.reset(accountKey);
    if (uuid) {
      const pending = await stores.conflicts.take(uuid);
      if (!pending || pending.userId !== user.id || pending.tenantId !== tenantId) {
        throw tokenError(request, 400, 'conflictExpired');
      }
      await repos.sessions.revokeUser(user.id, 'forced-login', ctx.now());
      return respond(request, reply, user, 'password');
    }
    // Two logins of one account at the same moment, on two instances: the check and the new session under
    // one lock, so the second one sees the first's session and is asked.
    const outcome = await repos.transaction(async () => {
      await repos.db.lock(`login:${user.id}`);
      if (ctx.options.loginConflict && (await repos.sessions.activeCount(user.id, ctx.now())) > 0) {
        const conflictId = randomUUID();
        await stores.conflicts.set(conflictId, { userId: user.id, tenantId }, 120_000);
        return { conflictId };
      }
      return { answer: await respond(request, reply, user, 'password') };
    });
    if ('conflictId' in outcome) {
      throw new ApiError(409, t(request, 'conflict'), {
        code: CONFLICT_CODE,
        data: { uuid: outcome.conflictId },
      });
    }
    return outcome.answer;
  }

  async function refreshGrant(
    request: FastifyRequest,
    reply: FastifyReply,
    tenantId: string,
    p: TokenParams,
  ) {
    if (!p.refresh_token) throw tokenError(request, 401, 'refreshInvalid', { code: 600 });
    const result = await ctx.tokens.rotate(p.refresh_token, tenantId);
    if ('error' in result) {
      throw tokenError(request, 401, result.error === 'reused' ? 'refreshReused' : 'refreshInvalid', {
        code: 600,
      });
    }
    const { principal, tokens } = result;
    if (principal.userId === null) {
      const oauth = await repos.oauth.byId(tenantId, principal.oauthId ?? 0);
      if (!oauth) throw tokenError(request, 401, 'refreshInvalid', { code: 600 });
      return guestTokenResponse(tokens, tenantId, oauth);
    }
    const user = await repos.users.byId(tenantId, principal.userId);
    if (user?.status !== 1) {
      await ctx.tokens.revoke(principal.sessionId, 'user-gone');
      throw tokenError(request, 401, 'refreshInvalid', { code: 600 });
    }
    setTenantCookie(reply, tenantId);
    return tokenResponse(tokens, user, await repos.users.roles(tenantId, user.role_ids));
  }

  async function phoneGrant(request: FastifyRequest, reply: FastifyReply, tenantId: string, p: TokenParams) {
    await limited(request, null);
    const id = header(request, 'phone-code-key') ?? p.key ?? '';
    const code = header(request, 'phone-code-code') ?? p.code ?? '';
    const phone = p.phone ?? '';
    // A right code is spent here, whatever follows.
    if (!(await takePhoneCode(ctx, { id, phone, tenantId, code }))) {
      await failed(request, null);
      throw tokenError(request, 400, 'phoneCodeWrong');
    }
    const user = await repos.users.byPhone(tenantId, phone);
    if (!user) throw tokenError(request, 400, 'phoneUnknown');
    if (user.status !== 1) throw tokenError(request, 400, 'accountDisabled');
    return respond(request, reply, user, 'phoneCode');
  }

  async function socialGrant(request: FastifyRequest, reply: FastifyReply, tenantId: string, p: TokenParams) {
    if (p.source !== 'demo') throw tokenError(request, 400, 'socialUnsupported');
    const identity = await stores.socialCodes.take(p.code ?? '');
    if (!identity || identity.tenantId !== tenantId) throw tokenError(request, 400, 'socialCode');
    // Under a lock: the first sign-in of an identity on two instances at once records it once.
    const oauth = await repos.transaction(async () => {
      await repos.db.lock(`oauth:${tenantId}:demo:${identity.uuid}`);
      const known = await repos.oauth.find(tenantId, 'demo', identity.uuid);
      if (known) return known;
      const id = await repos.oauth.insert({
        tenant_id: tenantId,
        source: 'demo',
        uuid: identity.uuid,
        username: identity.uuid,
        nickname: identity.nickname,
        user_id: null,
      });
      return (await repos.oauth.byId(tenantId, id))!;
    });
    if (oauth.user_id !== null) {
      const user = await repos.users.byId(tenantId, oauth.user_id);
      if (!user) throw tokenError(request, 400, 'socialCode');
      return respond(request, reply, user, 'social');
    }
    const tokens = await ctx.tokens.open({
      tenantId,
      userId: null,
      oauthId: oauth.id,
      grantType: 'social',
      remoteAddr: request.ip,
    });
    return guestTokenResponse(tokens, tenantId, oauth);
  }

  async function callbackGrant(
    request: FastifyRequest,
    reply: FastifyReply,
    tenantId: string,
    p: TokenParams,
  ) {
    if (p.checkId) {
      const check = await stores.qrChecks.get(p.checkId);
      if (!check || (check.tenantId && check.tenantId !== tenantId))
        throw tokenError(request, 400, 'qrInvalid');
      if (check.status !== 'confirmed') throw tokenError(request, 400, 'qrPending');
      // A confirmed check stays confirmed until it is taken: of two instances taking it, one signs in.
      if (!(await stores.qrChecks.take(p.checkId))) throw tokenError(request, 400, 'qrInvalid');
      const user = await repos.users.byId(tenantId, check.userId!);
      if (!user) throw tokenError(request, 400, 'qrInvalid');
      return respond(request, reply, user, 'callback');
    }
    const ticket = p.callback ? await stores.tickets.take(p.callback) : undefined;
    if (!ticket || ticket.tenantId !== tenantId) throw tokenError(request, 400, 'callbackInvalid');
    const user = await repos.users.byId(tenantId, ticket.userId);
    if (user?.status !== 1) throw tokenError(request, 400, 'callbackInvalid');
    return respond(request, reply, user, 'callback');
  }

  const grants = {
    password: passwordGrant,
    refresh_token: refreshGrant,
    phoneCode: phoneGrant,
    social: socialGrant,
    callback: callbackGrant,
  } as const;

  const token = async (request: FastifyRequest, reply: FastifyReply, p: TokenParams) => {
    if (!clientOk(request)) throw tokenError(request, 401, 'clientInvalid');
    const tenantId = header(request, 'tenant-id') ?? p.tenantId ?? p.tenant_id;
    if (!tenantId) throw tokenError(request, 400, 'tenantMissing');
    if (!/^[0-9]{6}$/.test(tenantId) || !(await repos.tenants.byTenantId(tenantId))) {
      throw tokenError(request, 400, 'tenantUnknown');
    }
    const grantType = p.grant_type || p.grantType || 'password';
    const grant = Object.hasOwn(grants, grantType) ? grants[grantType as keyof typeof grants] : undefined;
    if (!grant) throw tokenError(request, 400, 'grantUnsupported');
    return grant(request, reply, tenantId, p);
  };

  const options = { config: { auth: 'public' as const }, schema: TOKEN_SCHEMA };
  app.post('/api/blade-system/oauth/token', options, async (request, reply) =>
    token(request, reply, merged(request)),
  );
  // The mock-era alias of spec §7: same behaviour as the refresh grant of /oauth/token.
  app.post('/api/blade-system/oauth/token/refresh', options, async (request, reply) =>
    token(request, reply, { ...merged(request), grant_type: 'refresh_token' }),
  );
}
