import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import svgCaptcha from 'svg-captcha';
import Type from 'typebox';
import type { AppContext } from '../context.ts';
import { me } from '../http/auth.ts';
import { ApiError, badRequest, notFound, ok } from '../http/envelope.ts';
import { t } from '../http/messages.ts';
import { body, either, merged, need, oneOf, query, type RouteApp, str, tenantId } from '../http/schema.ts';
import { guestTokenResponse, systemParams, userInfo } from './auth-shared.ts';

export const PHONE = Type.String({ pattern: '^1[3-9][0-9]{9}$' });
const CHECK_ID = Type.String({ pattern: '^[0-9a-f-]{36}$' });

export function registerAuthRoutes(app: RouteApp, ctx: AppContext) {
  const { repos, stores } = ctx;
  const base = '/api/blade-system';

  app.get(
    `${base}/oauth/captcha`,
    { config: { auth: 'public' }, schema: { querystring: query({}) } },
    async () => {
      const captcha = svgCaptcha.create({
        size: 4,
        noise: 2,
        ignoreChars: '0oO1ilI',
        width: 110,
        height: 40,
        // svg-captcha's default size draws glyphs past its own 40 px height; this keeps them whole.
        fontSize: 38,
      });
      const key = randomUUID();
      await stores.captchas.set(key, captcha.text, 3 * 60_000);
      ctx.options.onCaptcha?.({ key, text: captcha.text });
      return ok({ key, image: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}` });
    },
  );

  async function issuePhoneCode(request: FastifyRequest, phone: string, tenant: string | null) {
    // Under a lock, so that two instances asked for the same phone at once send one code, not two.
    await repos.transaction(async () => {
      await repos.db.lock(`phone-cooldown:${phone}`);
      if (await stores.phoneCooldown.get(phone))
        throw new ApiError(429, t(request, 'phoneCooldown', { s: 60 }), { headers: { 'Retry-After': '60' } });
      await stores.phoneCooldown.set(phone, true, 60_000);
    });
    const id = randomUUID();
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const ttl = 5 * 60_000;
    await stores.phoneCodes.set(
      id,
      { phone, code, tenantId: tenant, attempts: 0, expiresAt: ctx.now() + ttl },
      ttl,
    );
    // There is no SMS gateway: in development the code goes to the log so a person can sign in; in
    // production a code in a log would be a credential in a log, so only the issue is recorded.
    if (ctx.options.production) request.log.info({ id }, 'phone code issued');
    else request.log.info({ phone, code, id }, 'phone code issued (development: no SMS gateway)');
    ctx.options.onPhoneCode?.({ id, phone, code, tenantId: tenant });
    return ok({ id });
  }

  app.get(
    `${base}/oauth/phone-code`,
    { config: { auth: 'public' }, schema: { querystring: query({ phone: PHONE }, ['phone']) } },
    async (request) => issuePhoneCode(request, request.query.phone, null),
  );
  app.get(
    `${base}/oauth/phone-code-by-tenantId`,
    {
      config: { auth: 'public' },
      schema: { querystring: query({ phone: PHONE, tenantId }, ['phone', 'tenantId']) },
    },
    async (request) => {
      const q = request.query;
      if (!(await repos.tenants.byTenantId(q.tenantId))) throw notFound(t(request, 'tenantUnknown'));
      return issuePhoneCode(request, q.phone, q.tenantId);
    },
  );

  app.get(
    `${base}/oauth/user-info`,
    { config: { auth: 'guest' }, schema: { querystring: query({}) } },
    async (request) => {
      const auth = request.auth!;
      if (auth.user) return ok(await userInfo(ctx, auth.user, auth.roles));
      const oauth = await repos.oauth.byId(auth.principal.tenantId, auth.principal.oauthId ?? 0);
      const guest = guestTokenResponse(
        { accessToken: '', hzToken: '', refreshToken: '', expiresIn: 0, sessionId: '', dataAuthKey: '' },
        auth.principal.tenantId,
        oauth ?? { id: 0, username: '', nickname: '', avatar: '' },
      );
      return ok({
        user_id: '',
        account: guest.account,
        user_name: guest.user_name,
        real_name: guest.real_name,
        nick_name: guest.nick_name,
        avatar: guest.avatar,
        role_name: 'guest',
        tenant_id: guest.tenant_id,
        deptId: '',
        app_id: '',
        isInit: 0,
        layoutState: null,
        oauth_id: guest.oauth_id,
        systemParams: await systemParams(ctx, guest.tenant_id),
      });
    },
  );

  const logout = async (request: FastifyRequest) => {
    await ctx.tokens.revoke(request.auth!.principal.sessionId, 'logout');
    return ok(null);
  };
  app.get(`${base}/oauth/logout`, { config: { auth: 'guest' }, schema: { querystring: query({}) } }, logout);
  app.post(`${base}/oauth/logout`, { config: { auth: 'guest' }, schema: { querystring: query({}) } }, logout);

  app.get(`${base}/oauth/clear-cache`, { schema: { querystring: query({}) } }, async () => ok(null));

  app.get(
    `${base}/param/public`,
    { config: { auth: 'public' }, schema: { querystring: query({ tenantId }, ['tenantId']) } },
    async (request) => {
      const id = request.query.tenantId;
      if (!(await repos.tenants.byTenantId(id))) throw notFound(t(request, 'tenantUnknown'));
      return ok(await systemParams(ctx, id));
    },
  );

  // Login-free: a signed-in session hands a one-time ticket to another window or app (60 s, one use).
  app.post(`${base}/oauth/callback-ticket`, { schema: { querystring: query({}) } }, async (request) => {
    const { user } = me(request);
    const ticket = randomUUID();
    await stores.tickets.set(ticket, { userId: user.id, tenantId: user.tenant_id }, 60_000);
    return ok({ callback: ticket, expiresIn: 60 });
  });

  // QR login: the console shows the QR, a signed-in phone confirms it, the console polls /check/callback.
  app.get(
    `${base}/wxPush/generate/qrCode`,
    { config: { auth: 'public' }, schema: { querystring: query({ host: str(200), tenantId }) } },
    async (request) => {
      const q = request.query;
      let origin = `${request.protocol}://${request.host}`;
      if (q.host) {
        let parsed: URL;
        try {
          parsed = new URL(q.host);
        } catch {
          throw badRequest('invalid querystring.host: must be an http(s) URL');
        }
        if (!/^https?:$/.test(parsed.protocol))
          throw badRequest('invalid querystring.host: must be an http(s) URL');
        origin = parsed.origin;
      }
      const checkId = randomUUID();
      await stores.qrChecks.set(checkId, { status: 'pending', tenantId: q.tenantId }, 120_000);
      const url = `${origin}/api/blade-system/wxPush/confirm?checkId=${checkId}`;
      const qrCode = await QRCode.toDataURL(url, { margin: 1, width: 220 });
      return ok({ checkId, qrCode, url, expiresIn: 120 });
    },
  );

  app.post(
    `${base}/check/callback`,
    { config: { auth: 'public' }, schema: either({ checkId: CHECK_ID, callback: str(128) }) },
    async (request) => {
      const checkId = need(merged(request), 'checkId');
      const check = await stores.qrChecks.get(checkId);
      if (!check) throw notFound(t(request, 'qrInvalid'));
      return ok({ checkId, status: check.status, confirmed: check.status === 'confirmed' });
    },
  );

  function confirm(request: FastifyRequest, checkId: string, userId: number, tenant: string) {
    // Under a lock: of two phones confirming one check on two instances, the first signs the console in.
    return repos.transaction(async () => {
      await repos.db.lock(`qr-check:${checkId}`);
      const check = await stores.qrChecks.get(checkId);
      if (check?.status !== 'pending') throw notFound(t(request, 'qrInvalid'));
      if (check.tenantId && check.tenantId !== tenant) throw notFound(t(request, 'qrInvalid'));
      await stores.qrChecks.set(checkId, { status: 'confirmed', userId, tenantId: tenant }, 60_000);
      return ok({ checkId, status: 'confirmed', confirmed: true });
    });
  }

  app.post(`${base}/wxPush/confirm`, { schema: either({ checkId: CHECK_ID }) }, async (request) => {
    const { user } = me(request);
    return confirm(request, need(merged(request), 'checkId'), user.id, user.tenant_id);
  });

  if (!ctx.options.production) {
    // Development only: confirm a QR check for a demo account without a phone.
    app.post(
      `${base}/wxPush/dev/confirm`,
      {
        config: { auth: 'public' },
        schema: {
          body: body({ checkId: CHECK_ID, tenantId, account: str(64, 1) }, [
            'checkId',
            'tenantId',
            'account',
          ]),
        },
      },
      async (request) => {
        const b = request.body;
        const user = await repos.users.byAccount(b.tenantId, b.account);
        if (!user) throw notFound(t(request, 'badCredentials'));
        return confirm(request, b.checkId, user.id, b.tenantId);
      },
    );

    // Development only: the simulated social provider "demo". It redirects back with a one-time code.
    app.get(
      `${base}/oauth/render/demo`,
      {
        config: { auth: 'public' },
        schema: {
          querystring: query(
            {
              tenantId,
              user: Type.String({ pattern: '^[A-Za-z0-9_.-]{1,40}$' }),
              state: str(128),
              redirect_uri: str(300),
              format: oneOf(['json', 'redirect']),
            },
            ['tenantId'],
          ),
        },
      },
      async (request, reply) => {
        const q = request.query;
        if (!(await repos.tenants.byTenantId(q.tenantId))) throw notFound(t(request, 'tenantUnknown'));
        const uuid = q.user ?? 'demo-operator';
        const code = randomUUID();
        await stores.socialCodes.set(
          code,
          { uuid, nickname: `Demo ${uuid}`, tenantId: q.tenantId },
          5 * 60_000,
        );
        if (q.format === 'json')
          return ok({ source: 'demo', code, state: q.state ?? '', tenantId: q.tenantId });
        const target = q.redirect_uri && /^\/(?![/\\])/.test(q.redirect_uri) ? q.redirect_uri : '/login';
        const url = new URL(target, 'http://local');
        for (const [k, v] of Object.entries({
          source: 'demo',
          code,
          state: q.state ?? '',
          tenantId: q.tenantId,
        })) {
          url.searchParams.set(k, v);
        }
        return reply.redirect(`${url.pathname}${url.search}`);
      },
    );
  }
}
