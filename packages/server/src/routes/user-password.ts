import type { AppContext } from '../context.ts';
import { nowText } from '../db/repos/util.ts';
import { me } from '../http/auth.ts';
import { ApiError, badRequest, ok } from '../http/envelope.ts';
import { t } from '../http/messages.ts';
import { either, merged, need, type RouteApp, str, tenantId } from '../http/schema.ts';
import { unwrapWirePassword, verifyMd5 } from '../security/passwords.ts';
import { PHONE } from './auth.ts';
import { takePhoneCode, unspentOnRefusal } from './auth-shared.ts';
import { newPasswordHash } from './user-model.ts';

const PASSWORD_FIELD = str(256);

/** Password change (spec §5 policy), password retrieval by phone code, and phone change. */
export function registerPasswordRoutes(app: RouteApp, ctx: AppContext) {
  const { repos } = ctx;
  const base = '/api/blade-system/user';
  const time = () => nowText(ctx.now());

  const PW = {
    oldPassword: PASSWORD_FIELD,
    newPassword: PASSWORD_FIELD,
    newPassword1: PASSWORD_FIELD,
    captcha: str(16),
    captchaKey: str(64),
  };
  app.post(`${base}/update-password`, { schema: either(PW) }, async (request) => {
    const { tenantId, user } = me(request);
    const p = merged(request);
    const old = need(p, 'oldPassword');
    const next = need(p, 'newPassword');
    const again = need(p, 'newPassword1');
    if (p.captchaKey) {
      const expected = await ctx.stores.captchas.take(p.captchaKey);
      if (!expected || expected.toLowerCase() !== (p.captcha ?? '').toLowerCase())
        throw badRequest(t(request, 'captchaWrong'));
    }
    const md5 = unwrapWirePassword(old, false);
    if (!md5 || !(await verifyMd5(md5, user.password_hash))) throw badRequest(t(request, 'oldPasswordWrong'));
    const hash = newPasswordHash(request, ctx, user.account, next, again);
    // Every session of the account ends with the old password, this one included: the client signs in
    // again with the new password, and a session opened elsewhere with the old one does not live on.
    await repos.transaction(async () => {
      await repos.users.setPassword(tenantId, user.id, hash, 0, time());
      await repos.sessions.revokeUser(user.id, 'password-changed', ctx.now());
    });
    return ok(null);
  });

  const RETRIEVE = {
    tenantId,
    phone: PHONE,
    id: str(64),
    captcha: str(16),
    newPassword: PASSWORD_FIELD,
    newPassword1: PASSWORD_FIELD,
  };
  app.post(
    `${base}/retrieve-password`,
    { config: { auth: 'public' }, schema: either(RETRIEVE) },
    async (request) => {
      const p = merged(request);
      const tenantId = need(p, 'tenantId');
      const phone = need(p, 'phone');
      const id = need(p, 'id');
      // A code sent for one tenant (phone-code-by-tenantId) resets no account of another; five wrong
      // guesses spend the code, as on the phone sign-in. A refusal after the code leaves it usable.
      const record = await takePhoneCode(ctx, { id, phone, tenantId, code: need(p, 'captcha') });
      if (!record) throw badRequest(t(request, 'phoneCodeWrong'));
      await unspentOnRefusal(ctx, id, record, async () => {
        const target = await repos.users.byPhone(tenantId, phone);
        if (!target) throw badRequest(t(request, 'phoneUnknown'));
        const hash = newPasswordHash(
          request,
          ctx,
          target.account,
          need(p, 'newPassword'),
          need(p, 'newPassword1'),
        );
        await repos.transaction(async () => {
          await repos.users.setPassword(tenantId, target.id, hash, 0, time());
          await repos.sessions.revokeUser(target.id, 'password-retrieved', ctx.now());
        });
      });
      return ok(null);
    },
  );

  app.post(
    '/api/blade-system/oauth/updatePhone',
    { schema: either({ phone: PHONE, captcha: str(16), id: str(64) }) },
    async (request) => {
      const { tenantId, user } = me(request);
      const p = merged(request);
      const phone = need(p, 'phone');
      const id = need(p, 'id');
      const record = await takePhoneCode(ctx, { id, phone, tenantId, code: need(p, 'captcha') });
      if (!record) throw badRequest(t(request, 'phoneCodeWrong'));
      await unspentOnRefusal(ctx, id, record, () =>
        // Under the lock of the tenant's accounts: two accounts taking one phone at once, one gets it.
        repos.transaction(async () => {
          await repos.db.lock(`accounts:${tenantId}`);
          const owner = await repos.users.byPhone(tenantId, phone);
          if (owner && owner.id !== user.id) throw new ApiError(400, t(request, 'phoneInUse'));
          await repos.users.update(tenantId, user.id, { phone, update_time: time() });
        }),
      );
      return ok({ phone });
    },
  );
}
