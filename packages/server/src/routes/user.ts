import Type from 'typebox';
import type { AppContext } from '../context.ts';
import { pageArgs } from '../db/paged.ts';
import { nowText } from '../db/repos/util.ts';
import { DEFAULT_PASSWORD } from '../db/seed.ts';
import { me } from '../http/auth.ts';
import { badRequest, forbidden, notFound, ok } from '../http/envelope.ts';
import { t } from '../http/messages.ts';
import {
  body,
  either,
  id,
  ids,
  idsOf,
  idsParams,
  merged,
  need,
  nullable,
  oneOfInt,
  paging,
  query,
  type RouteApp,
  splitIds,
  str,
} from '../http/schema.ts';
import { hashPassword } from '../security/passwords.ts';
import {
  AVATAR,
  EMAIL_OR_EMPTY,
  NAME,
  PHONE_OR_EMPTY,
  REAL_NAME,
  USER_ACCOUNT,
  userDto,
} from './user-model.ts';

export function registerUserRoutes(app: RouteApp, ctx: AppContext) {
  const { repos } = ctx;
  const base = '/api/blade-system/user';
  const time = () => nowText(ctx.now());

  const checkDept = async (tenantId: string, deptId?: string) => {
    if (deptId && !(await repos.depts.byId(tenantId, Number(deptId)))) throw notFound('department not found');
  };
  const checkRoles = async (tenantId: string, roleIds?: string) => {
    if (!roleIds) return;
    const list = splitIds(roleIds);
    if ((await repos.users.countRoles(tenantId, list)) !== list.length) throw notFound('role not found');
  };
  const checkUsers = async (tenantId: string, list: number[]) => {
    if ((await repos.users.countIn(tenantId, list)) !== list.length) throw notFound('user not found');
  };
  // Accounts and phones are unique in a tenant: a check and the write it guards hold this lock, so two
  // instances cannot both find a phone free and give it to two accounts.
  const lockAccounts = (tenantId: string) => repos.db.lock(`accounts:${tenantId}`);

  app.get(
    `${base}/page`,
    {
      config: { auth: 'admin' },
      schema: { querystring: query({ ...paging, account: str(32), realName: str(20), deptId: id }) },
    },
    async (request) => {
      const q = request.query;
      const users = await repos.users.page(
        me(request).tenantId,
        { account: q.account, realName: q.realName, deptId: q.deptId ? Number(q.deptId) : undefined },
        pageArgs(q),
      );
      return ok({ ...users, records: await Promise.all(users.records.map((u) => userDto(ctx, u))) });
    },
  );

  app.get(`${base}/detail`, { schema: { querystring: query({ id }, ['id']) } }, async (request) => {
    const { tenantId, user, auth } = me(request);
    const wanted = Number(request.query.id);
    if (wanted !== user.id && !auth.isAdmin) throw forbidden(t(request, 'noAccess'));
    const row = await repos.users.byId(tenantId, wanted);
    if (!row) throw notFound('user not found');
    return ok(await userDto(ctx, row));
  });

  app.get(`${base}/info`, { schema: { querystring: query({}) } }, async (request) =>
    ok(await userDto(ctx, me(request).user)),
  );

  const USER_FIELDS = {
    name: NAME,
    realName: REAL_NAME,
    phone: PHONE_OR_EMPTY,
    email: EMAIL_OR_EMPTY,
    roleId: ids,
    deptId: id,
  };
  app.post(
    `${base}/submit`,
    {
      config: { auth: 'admin', button: 'user_add' },
      schema: { body: body({ account: USER_ACCOUNT, ...USER_FIELDS }, ['account', 'realName', 'roleId']) },
    },
    async (request) => {
      const { tenantId } = me(request);
      const b = request.body;
      const passwordHash = hashPassword(DEFAULT_PASSWORD, ctx.options.passwordCost);
      const newId = await repos.transaction(async () => {
        await lockAccounts(tenantId);
        if (await repos.users.byAccount(tenantId, b.account)) throw badRequest(t(request, 'accountExists'));
        if (b.phone && (await repos.users.byPhone(tenantId, b.phone)))
          throw badRequest(t(request, 'phoneInUse'));
        await checkRoles(tenantId, b.roleId);
        await checkDept(tenantId, b.deptId);
        return repos.users.insert({
          tenant_id: tenantId,
          account: b.account,
          password_hash: passwordHash,
          name: b.name ?? b.account,
          real_name: b.realName,
          avatar: '',
          email: b.email ?? '',
          phone: b.phone ?? '',
          role_ids: b.roleId,
          dept_id: b.deptId ? Number(b.deptId) : null,
          app_id: 'ops-console',
          is_init: 1,
          device_code: '',
          create_time: time(),
          update_time: time(),
        });
      });
      return ok(await userDto(ctx, (await repos.users.byId(tenantId, newId))!));
    },
  );

  app.post(
    `${base}/update`,
    {
      config: { auth: 'admin', button: 'user_edit' },
      schema: { body: body({ id, ...USER_FIELDS, status: oneOfInt([0, 1]) }, ['id']) },
    },
    async (request) => {
      const { tenantId } = me(request);
      const b = request.body;
      const target = await repos.users.byId(tenantId, Number(b.id));
      if (!target) throw notFound('user not found');
      await repos.transaction(async () => {
        await lockAccounts(tenantId);
        if (b.phone) {
          const owner = await repos.users.byPhone(tenantId, b.phone);
          if (owner && owner.id !== target.id) throw badRequest(t(request, 'phoneInUse'));
        }
        await checkRoles(tenantId, b.roleId);
        await checkDept(tenantId, b.deptId);
        await repos.users.update(tenantId, target.id, {
          name: b.name,
          real_name: b.realName,
          phone: b.phone,
          email: b.email,
          role_ids: b.roleId,
          dept_id: b.deptId ? Number(b.deptId) : undefined,
          status: b.status,
          update_time: time(),
        });
      });
      return ok(await userDto(ctx, (await repos.users.byId(tenantId, target.id))!));
    },
  );

  app.post(
    `${base}/remove`,
    { config: { auth: 'admin', button: 'user_delete' }, schema: idsParams },
    async (request) => {
      const { tenantId, user } = me(request);
      const list = idsOf(request);
      if (list.includes(user.id)) throw badRequest('you cannot remove your own account');
      await checkUsers(tenantId, list);
      const removed = await repos.transaction(async () => {
        for (const uid of list) await repos.sessions.revokeUser(uid, 'removed', ctx.now());
        return repos.users.softDelete(tenantId, list);
      });
      return ok({ removed });
    },
  );

  app.post(
    `${base}/reset-password`,
    { config: { auth: 'admin', button: 'user_reset' }, schema: either({ userIds: ids }) },
    async (request) => {
      const { tenantId } = me(request);
      const list = idsOf(request, 'userIds');
      await checkUsers(tenantId, list);
      const hash = hashPassword(DEFAULT_PASSWORD, ctx.options.passwordCost);
      await repos.transaction(async () => {
        for (const uid of list) {
          await repos.users.setPassword(tenantId, uid, hash, 1, time());
          await repos.sessions.revokeUser(uid, 'password-reset', ctx.now());
        }
      });
      return ok({ reset: list.length });
    },
  );

  const INFO = {
    name: NAME,
    realName: NAME,
    email: EMAIL_OR_EMPTY,
    avatar: AVATAR,
    deviceCode: Type.String({ pattern: '^[A-Za-z0-9_-]{0,64}$' }),
  };
  app.post(`${base}/update-info`, { schema: { body: body(INFO) } }, async (request) => {
    const { tenantId, user } = me(request);
    const b = request.body;
    await repos.users.update(tenantId, user.id, {
      name: b.name,
      real_name: b.realName,
      email: b.email,
      avatar: b.avatar,
      device_code: b.deviceCode,
      update_time: time(),
    });
    return ok(await userDto(ctx, (await repos.users.byId(tenantId, user.id))!));
  });

  app.post(
    `${base}/grant`,
    { config: { auth: 'admin', button: 'user_role' }, schema: either({ userIds: ids, roleIds: ids }) },
    async (request) => {
      const { tenantId } = me(request);
      const p = merged(request);
      const users = idsOf(request, 'userIds');
      const roleIds = need(p, 'roleIds');
      await checkUsers(tenantId, users);
      await checkRoles(tenantId, roleIds);
      await repos.transaction(async () => {
        for (const uid of users)
          await repos.users.update(tenantId, uid, {
            role_ids: splitIds(roleIds).join(','),
            update_time: time(),
          });
      });
      return ok({ granted: users.length });
    },
  );

  // The roles a tenant administrator grants (the users page's role dialog): the caller's tenant's only.
  app.get(
    '/api/blade-system/role/list',
    { config: { auth: 'admin' }, schema: { querystring: query({ roleName: str(20) }) } },
    async (request) =>
      ok(
        (await repos.users.roleList(me(request).tenantId, request.query.roleName)).map((r) => ({
          id: String(r.id),
          roleName: r.role_name,
          roleAlias: r.role_alias,
          sort: r.sort,
        })),
      ),
  );

  app.post(
    `${base}/save/layoutState`,
    {
      schema: {
        body: body({ id, layoutState: nullable(Type.String({ maxLength: 16384 })) }, ['id', 'layoutState']),
      },
    },
    async (request) => {
      const { tenantId, user, auth } = me(request);
      const b = request.body;
      const target = Number(b.id);
      if (target !== user.id && !auth.isAdmin) throw forbidden(t(request, 'noAccess'));
      if (b.layoutState !== null) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(b.layoutState);
        } catch {
          throw badRequest('invalid body.layoutState: must be a JSON object string or null');
        }
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
          throw badRequest('invalid body.layoutState: must be a JSON object string or null');
        }
      }
      if ((await repos.users.setLayout(tenantId, target, b.layoutState)) === 0)
        throw notFound('user not found');
      return ok(null);
    },
  );
}
