import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { RoleRow, UserRow } from '../db/repos/users.ts';
import type { Principal } from '../security/tokens.ts';
import { requireButton } from './buttons.ts';
import { checkDataAuth, needsDataAuth } from './data-auth.ts';
import { ApiError } from './envelope.ts';
import { t } from './messages.ts';

/**
 * Route access levels (route `config.auth`): public (no token), guest (any valid token, also an unbound
 * social identity), user (a signed-in account; the default for /api routes), admin (a role alias containing
 * "admin"), platform (the administrator of tenant 000000).
 */
export type AccessLevel = 'public' | 'guest' | 'user' | 'admin' | 'platform';

export interface AuthState {
  principal: Principal;
  user: UserRow | null;
  roles: RoleRow[];
  isAdmin: boolean;
  isPlatformAdmin: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthState | null;
  }
  interface FastifyContextConfig {
    auth?: AccessLevel;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  for (const name of ['blade-auth', 'hzinfo-auth']) {
    const header = request.headers[name];
    const value = Array.isArray(header) ? header[0] : header;
    if (!value) continue;
    const match = /^bearer\s+(\S+)$/i.exec(value.trim());
    if (match) return match[1]!;
  }
  return null;
}

export function unauthorized(request: FastifyRequest) {
  return new ApiError(401, t(request, 'tokenInvalid'), { code: 600 });
}

export async function resolveAuth(ctx: AppContext, token: string): Promise<AuthState | null> {
  const principal = await ctx.tokens.verify(token);
  if (!principal) return null;
  if (principal.userId === null)
    return { principal, user: null, roles: [], isAdmin: false, isPlatformAdmin: false };
  const user = await ctx.repos.users.byId(principal.tenantId, principal.userId);
  if (user?.status !== 1) return null;
  const roles = await ctx.repos.users.roles(user.tenant_id, user.role_ids);
  const isAdmin = roles.some((r) => /admin/i.test(r.role_alias));
  const isPlatformAdmin = user.tenant_id === '000000' && roles.some((r) => r.role_alias === 'administrator');
  return { principal, user, roles, isAdmin, isPlatformAdmin };
}

export function registerAuth(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const level: AccessLevel =
      request.routeOptions.config?.auth ?? (request.url.startsWith('/api/') ? 'user' : 'public');
    const token = bearerToken(request);
    if (level === 'public') {
      // Public routes still learn who is calling when a valid token is sent (e.g. the QR confirm).
      if (token) request.auth = await resolveAuth(ctx, token);
      return;
    }
    if (!token) throw unauthorized(request);
    const auth = await resolveAuth(ctx, token);
    if (!auth) throw unauthorized(request);
    request.auth = auth;
    if (level === 'guest') return;
    if (!auth.user) throw new ApiError(403, t(request, 'guestOnly'));
    if (level === 'admin' && !auth.isAdmin) throw new ApiError(403, t(request, 'noAccess'));
    if (level === 'platform' && !auth.isPlatformAdmin) throw new ApiError(403, t(request, 'noAccess'));
    if (needsDataAuth(request.url)) checkDataAuth(ctx, request, auth.principal.sessionId);
    const button = request.routeOptions.config?.button;
    if (button) await requireButton(ctx, request, button);
  });
}

/** The signed-in account of a route whose level is user, admin or platform. */
export function me(request: FastifyRequest): { user: UserRow; tenantId: string; auth: AuthState } {
  const auth = request.auth;
  if (!auth?.user) throw unauthorized(request);
  return { user: auth.user, tenantId: auth.user.tenant_id, auth };
}
