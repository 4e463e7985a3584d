import type { AppContext } from '../context.ts';
import { nowText } from '../db/repos/util.ts';
import { badRequest, forbidden, notFound, ok } from '../http/envelope.ts';
import { t } from '../http/messages.ts';
import { either, id, merged, need, type RouteApp, str, tenantId } from '../http/schema.ts';
import { ACCOUNT, NAME, newPasswordHash } from './user-model.ts';

const BOUND = 'third-party identity already bound';

/**
 * Third-party registration: a social login of an unbound identity yields a guest token (role_name guest,
 * oauth_id). With it the console posts the register form; the new account is bound to the identity, and the
 * next social login of that identity signs the account in. Passwords travel AES-encrypted.
 */
export function registerGuestRoutes(app: RouteApp, ctx: AppContext) {
  const { repos } = ctx;
  const FIELDS = {
    tenantId,
    name: NAME,
    account: ACCOUNT,
    password: str(256),
    password2: str(256),
    oauthId: id,
  };
  app.post(
    '/api/blade-system/register-guest',
    { config: { auth: 'guest' }, schema: either(FIELDS) },
    async (request) => {
      const principal = request.auth!.principal;
      if (principal.userId !== null || principal.oauthId === null) throw forbidden(t(request, 'noAccess'));
      const p = merged(request);
      const tenant = need(p, 'tenantId');
      const account = need(p, 'account');
      const name = need(p, 'name');
      const password = need(p, 'password');
      if (tenant !== principal.tenantId) throw forbidden(t(request, 'noAccess'));
      if (p.oauthId && Number(p.oauthId) !== principal.oauthId) throw forbidden(t(request, 'noAccess'));
      const oauth = await repos.oauth.byId(tenant, principal.oauthId);
      if (!oauth) throw notFound('third-party identity not found');
      if (oauth.user_id !== null) throw badRequest(BOUND);
      const taken = () => repos.users.byAccount(tenant, account);
      if (await taken()) throw badRequest(t(request, 'accountExists'));
      const hash = newPasswordHash(request, ctx, account, password, p.password2 || password);
      const role =
        (await repos.users.roleByAlias(tenant, 'guest')) ?? (await repos.users.roleByAlias(tenant, 'user'));
      const time = nowText(ctx.now());
      const userId = await repos.transaction(async () => {
        // Checked again under the lock of the tenant's accounts: the hash above took time.
        await repos.db.lock(`accounts:${tenant}`);
        if (await taken()) throw badRequest(t(request, 'accountExists'));
        const newId = await repos.users.insert({
          tenant_id: tenant,
          account,
          password_hash: hash,
          name,
          real_name: name,
          avatar: oauth.avatar,
          email: '',
          phone: '',
          role_ids: role ? String(role.id) : '',
          dept_id: null,
          app_id: 'ops-console',
          is_init: 0,
          device_code: '',
          create_time: time,
          update_time: time,
        });
        // Bound only while unbound: of two registrations of one identity, the second rolls back.
        if ((await repos.oauth.bind(tenant, oauth.id, newId)) === 0) throw badRequest(BOUND);
        return newId;
      });
      return ok({ user_id: String(userId), account, tenant_id: tenant });
    },
  );
}
