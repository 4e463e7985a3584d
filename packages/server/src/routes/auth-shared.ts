import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { RoleRow, UserRow } from '../db/repos/users.ts';
import { ApiError } from '../http/envelope.ts';
import { type MessageKey, t } from '../http/messages.ts';
import type { IssuedTokens } from '../security/tokens.ts';
import { deptIdOf, deptNameOf } from './user-model.ts';

/** A token-endpoint failure: envelope fields plus BladeX's error_code / error_description. */
export function tokenError(
  request: FastifyRequest,
  status: number,
  key: MessageKey,
  opts: { code?: number; vars?: Record<string, string | number>; headers?: Record<string, string> } = {},
) {
  const msg = t(request, key, opts.vars);
  const code = opts.code ?? status;
  return new ApiError(status, msg, {
    code,
    extra: { error_code: code, error_description: msg },
    headers: opts.headers,
  });
}

export function roleName(roles: RoleRow[]): string {
  return roles.map((r) => r.role_alias).join(',');
}

export async function systemParams(ctx: AppContext, tenantId: string) {
  const [isSystemAuthentication, gglmOpenRelation] = await Promise.all([
    ctx.repos.params.value(tenantId, 'isSystemAuthentication'),
    ctx.repos.params.value(tenantId, 'gglmOpenRelation'),
  ]);
  return { isSystemAuthentication: isSystemAuthentication ?? '0', gglmOpenRelation: gglmOpenRelation ?? '0' };
}

function parseLayout(text: string | null): string | null {
  return text ?? null;
}

/** User info as spec §3 lists it (plus the session extras the shell needs). */
export async function userInfo(ctx: AppContext, user: UserRow, roles: RoleRow[]) {
  const [tenant, deptName, params] = await Promise.all([
    ctx.repos.tenants.byTenantId(user.tenant_id),
    deptNameOf(ctx, user),
    systemParams(ctx, user.tenant_id),
  ]);
  return {
    user_id: String(user.id),
    account: user.account,
    user_name: user.account,
    real_name: user.real_name,
    nick_name: user.real_name,
    avatar: user.avatar,
    role_name: roleName(roles),
    role_id: user.role_ids,
    tenant_id: user.tenant_id,
    tenant_name: tenant?.tenant_name ?? '',
    dept_id: deptIdOf(user),
    deptId: deptIdOf(user),
    dept_name: deptName,
    app_id: user.app_id,
    isInit: user.is_init,
    layoutState: parseLayout(user.layout_state),
    oauth_id: '',
    phone: user.phone,
    email: user.email,
    systemParams: params,
    tenant: {
      kind: tenant?.kind ?? '',
      stationFlag: tenant?.station_flag === 1,
      visualFlag: tenant?.visual_flag === 1,
    },
  };
}

/**
 * The landing directive of a login answer (spec §3; docs/decisions.md, issue 28): `appCode` + `menuPath`
 * name the page to open in the management system, `showAppCode` + `showMenuPath` the page to open when the
 * user's system is the visual one, `redirect` a path that wins over both. Empty strings: none.
 */
export interface LoginLanding {
  appCode: string;
  menuPath: string;
  showAppCode: string;
  showMenuPath: string;
  redirect: string;
}

const NO_LANDING: LoginLanding = {
  appCode: '',
  menuPath: '',
  showAppCode: '',
  showMenuPath: '',
  redirect: '',
};

/** An account's stored landing (JSON), every field a string; anything else stored counts as none. */
export function landingOf(user: Pick<UserRow, 'login_landing'>): LoginLanding {
  if (!user.login_landing) return NO_LANDING;
  try {
    const stored = JSON.parse(user.login_landing) as Record<string, unknown>;
    const field = (key: keyof LoginLanding) =>
      typeof stored[key] === 'string' ? (stored[key] as string) : '';
    return {
      appCode: field('appCode'),
      menuPath: field('menuPath'),
      showAppCode: field('showAppCode'),
      showMenuPath: field('showMenuPath'),
      redirect: field('redirect'),
    };
  } catch {
    return NO_LANDING;
  }
}

/** Whom a token answer is for: an account, or a guest signed in through a social identity. */
interface TokenHolder {
  tenantId: string;
  userId: string;
  deptId: string;
  account: string;
  realName: string;
  roleName: string;
  roleId: string;
  avatar: string;
  oauthId: string;
  isInit: number;
  landing: LoginLanding;
}

/** The token endpoint's answer (BladeX's): the tokens and whom they are for. */
function tokenAnswer(tokens: IssuedTokens, holder: TokenHolder) {
  return {
    access_token: tokens.accessToken,
    hz_access_token: tokens.hzToken,
    refresh_token: tokens.refreshToken,
    token_type: 'bearer',
    expires_in: tokens.expiresIn,
    scope: 'all',
    dataAuthKey: tokens.dataAuthKey,
    tenant_id: holder.tenantId,
    user_id: holder.userId,
    dept_id: holder.deptId,
    account: holder.account,
    user_name: holder.account,
    nick_name: holder.realName,
    real_name: holder.realName,
    role_name: holder.roleName,
    role_id: holder.roleId,
    avatar: holder.avatar,
    oauth_id: holder.oauthId,
    is_init: holder.isInit,
    ...holder.landing,
    license: 'ops-console reference server',
  };
}

export function tokenResponse(tokens: IssuedTokens, user: UserRow, roles: RoleRow[]) {
  return tokenAnswer(tokens, {
    tenantId: user.tenant_id,
    userId: String(user.id),
    deptId: deptIdOf(user),
    account: user.account,
    realName: user.real_name,
    roleName: roleName(roles),
    roleId: user.role_ids,
    avatar: user.avatar,
    oauthId: '',
    isInit: user.is_init,
    landing: landingOf(user),
  });
}

export function guestTokenResponse(
  tokens: IssuedTokens,
  tenantId: string,
  oauth: { id: number; username: string; nickname: string; avatar: string },
) {
  return tokenAnswer(tokens, {
    tenantId,
    userId: '',
    deptId: '',
    account: oauth.username,
    realName: oauth.nickname,
    roleName: 'guest',
    roleId: '',
    avatar: oauth.avatar,
    oauthId: String(oauth.id),
    isInit: 0,
    landing: NO_LANDING,
  });
}

/** The tenant cookie the static host uses to compose the import map. */
export function setTenantCookie(reply: FastifyReply, tenantId: string) {
  reply.setCookie('ops-tenant', tenantId, { path: '/', maxAge: 31536000, sameSite: 'lax', httpOnly: true });
}

export function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first === '' ? undefined : first;
}

/** A phone code as issued (auth.ts): `expiresAt` keeps its life when a wrong guess is written back. */
export type PhoneCode = NonNullable<Awaited<ReturnType<AppContext['stores']['phoneCodes']['get']>>>;

/** Wrong guesses that spend a phone code, on the phone sign-in, the password retrieval and the phone change. */
const PHONE_CODE_GUESSES = 5;

/**
 * Checks a phone code presented for `phone` in `tenantId` (a code sent for one tenant serves no other). The
 * code is taken from the store while it is checked, so every instance counts the same guesses and two
 * calls cannot both spend it. A right code answers its record and stays spent (see `unspentOnRefusal`); a
 * wrong one answers null, is put back with its guess counted, and is gone after the fifth.
 */
export async function takePhoneCode(
  ctx: AppContext,
  presented: { id: string; phone: string; tenantId: string; code: string },
): Promise<PhoneCode | null> {
  const record = await ctx.stores.phoneCodes.take(presented.id);
  if (!record) return null;
  if (record.phone !== presented.phone || (record.tenantId && record.tenantId !== presented.tenantId)) {
    await putBack(ctx, presented.id, record);
    return null;
  }
  if (record.code === presented.code) return record;
  const attempts = record.attempts + 1;
  if (attempts < PHONE_CODE_GUESSES) await putBack(ctx, presented.id, { ...record, attempts });
  return null;
}

/**
 * Runs `use` with a right phone code taken by `takePhoneCode`: when it refuses the call (throws), the code
 * is put back unspent, so the person can correct the request and use it still.
 */
export async function unspentOnRefusal<T>(
  ctx: AppContext,
  id: string,
  record: PhoneCode,
  use: () => Promise<T>,
): Promise<T> {
  try {
    return await use();
  } catch (error) {
    await putBack(ctx, id, record);
    throw error;
  }
}

async function putBack(ctx: AppContext, id: string, record: PhoneCode) {
  const ttl = record.expiresAt - ctx.now();
  if (ttl > 0) await ctx.stores.phoneCodes.set(id, record, ttl);
}
