import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { aes, startServer, type TestServer, tokenGrant, wire } from './helpers.ts';

describe('login variants: captcha, phone code, social, QR, login-free', () => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ requireCaptcha: false });
  });
  after(() => s.close());

  /** The code of the demo social provider for one of its users (tenant 100001). */
  const demoCode = async (user: string) => {
    const render = await s.call(
      'GET',
      `/api/blade-system/oauth/render/demo?tenantId=100001&user=${user}&format=json`,
    );
    return render.json.data.code as string;
  };
  const socialGrant = (code: string) =>
    tokenGrant(s, { tenantId: '100001', source: 'demo', code, grant_type: 'social' });

  it('captcha: an SVG image with a key; a wrong code is refused and a key works once', async () => {
    const c = await s.call('GET', '/api/blade-system/oauth/captcha');
    assert.equal(c.status, 200);
    assert.match(c.json.data.image, /^data:image\/svg\+xml;base64,/);
    assert.match(c.json.data.key, /^[0-9a-f-]{36}$/);
    const wrong = await tokenGrant(
      s,
      { tenantId: '100001', username: 'znywpt', password: wire('Znywpt@2026') },
      { 'Captcha-Key': c.json.data.key, 'Captcha-Code': 'zzzz' },
    );
    assert.equal(wrong.status, 400);
    assert.ok(wrong.json.error_description);
    // The key was spent by the failed attempt.
    const c2 = await s.call('GET', '/api/blade-system/oauth/captcha');
    const spent = await tokenGrant(
      s,
      { tenantId: '100001', username: 'znywpt', password: wire('Znywpt@2026') },
      { 'Captcha-Key': c.json.data.key, 'Captcha-Code': 'abcd' },
    );
    assert.equal(spent.status, 400);
    assert.notEqual(c2.json.data.key, c.json.data.key);
  });

  it('captcha: the code the image shows signs in, once', async () => {
    const issued: { key: string; text: string }[] = [];
    const server = await startServer({ onCaptcha: (event) => issued.push(event) });
    try {
      const c = await server.call('GET', '/api/blade-system/oauth/captcha');
      assert.equal(issued.length, 1);
      assert.equal(issued[0]!.key, c.json.data.key);
      const login = () =>
        tokenGrant(
          server,
          { tenantId: '100001', username: 'znywpt', password: wire('Znywpt@2026') },
          { 'Captcha-Key': issued[0]!.key, 'Captcha-Code': issued[0]!.text.toUpperCase() },
        );
      const first = await login();
      assert.equal(first.status, 200);
      assert.ok(first.json.access_token);
      const again = await login();
      assert.equal(again.status, 400, 'a captcha works once');
    } finally {
      await server.close();
    }
  });

  it('captcha required: a password login without captcha headers is refused', async () => {
    const strict = await startServer({ requireCaptcha: true });
    try {
      const res = await tokenGrant(strict, {
        tenantId: '100001',
        username: 'znywpt',
        password: wire('Znywpt@2026'),
      });
      assert.equal(res.status, 400);
      assert.ok(res.json.error_description);
    } finally {
      await strict.close();
    }
  });

  it('phone code: issued once per phone per 60 s, read from the hook, signs the account in once', async () => {
    const issued = await s.call('GET', '/api/blade-system/oauth/phone-code?phone=13800000005');
    assert.equal(issued.status, 200);
    const { id } = issued.json.data;
    assert.ok(id);
    assert.equal(
      JSON.stringify(issued.json).includes(s.phoneCodes.at(-1)!.code),
      false,
      'the code is never in the answer',
    );
    const again = await s.call('GET', '/api/blade-system/oauth/phone-code?phone=13800000005');
    assert.equal(again.status, 429);
    assert.ok(again.json.msg);
    const code = s.phoneCodes.find((e) => e.id === id)!.code;
    const wrong = await tokenGrant(
      s,
      { tenantId: '100001', phone: '13800000005', grant_type: 'phoneCode', scope: 'all' },
      { 'phone-code-key': id, 'phone-code-code': code === '000000' ? '111111' : '000000' },
    );
    assert.equal(wrong.status, 400);
    assert.ok(wrong.json.error_description);
    const ok = await tokenGrant(
      s,
      { tenantId: '100001', phone: '13800000005', grant_type: 'phoneCode', scope: 'all' },
      { 'phone-code-key': id, 'phone-code-code': code },
    );
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.json.account, 'hzinfo');
    const replay = await tokenGrant(
      s,
      { tenantId: '100001', phone: '13800000005', grant_type: 'phoneCode' },
      { 'phone-code-key': id, 'phone-code-code': code },
    );
    assert.equal(replay.status, 400);
  });

  it('phone-code-by-tenantId binds the code to the tenant', async () => {
    const issued = await s.call(
      'GET',
      '/api/blade-system/oauth/phone-code-by-tenantId?phone=13900000002&tenantId=100002',
    );
    assert.equal(issued.status, 200);
    const event = s.phoneCodes.at(-1)!;
    assert.equal(event.tenantId, '100002');
    const other = await tokenGrant(
      s,
      { tenantId: '100001', phone: '13900000002', grant_type: 'phoneCode' },
      { 'phone-code-key': event.id, 'phone-code-code': event.code },
    );
    assert.equal(other.status, 400);
    const ok = await tokenGrant(
      s,
      { tenantId: '100002', phone: '13900000002', grant_type: 'phoneCode' },
      { 'phone-code-key': event.id, 'phone-code-code': event.code },
    );
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.json.account, 'admin');
  });

  it('social (demo provider): a bound identity signs its account in', async () => {
    const render = await s.call(
      'GET',
      '/api/blade-system/oauth/render/demo?tenantId=100001&user=demo-operator&state=s1&redirect_uri=/login',
    );
    assert.equal(render.status, 302);
    const location = new URL(render.headers.get('location')!, s.url);
    assert.equal(location.pathname, '/login');
    assert.equal(location.searchParams.get('state'), 's1');
    const code = location.searchParams.get('code')!;
    const res = await tokenGrant(s, {
      tenantId: '100001',
      source: 'demo',
      code,
      state: 's1',
      grant_type: 'social',
      scope: 'all',
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.account, 'operator');
    const replay = await socialGrant(code);
    assert.equal(replay.status, 400);
    const offsite = await s.call(
      'GET',
      '/api/blade-system/oauth/render/demo?tenantId=100001&redirect_uri=https://evil.example/',
    );
    assert.equal(new URL(offsite.headers.get('location')!, s.url).origin, s.url, 'no open redirect');
  });

  it('social: an unbound identity gets a guest token, registers, then signs in as the new account', async () => {
    const guest = await socialGrant(await demoCode('demo-newcomer'));
    assert.equal(guest.status, 200);
    assert.equal(guest.json.role_name, 'guest');
    assert.ok(guest.json.oauth_id);
    const info = await s.call('GET', '/api/blade-system/oauth/user-info', { token: guest.json.access_token });
    assert.equal(info.json.data.role_name, 'guest');
    const menus = await s.call('GET', '/api/blade-system/menu/routes', { token: guest.json.access_token });
    assert.equal(menus.status, 403);
    const register = (password: string) =>
      s.call('POST', '/api/blade-system/register-guest', {
        token: guest.json.access_token,
        body: {
          tenantId: '100001',
          name: '新用户',
          account: 'newcomer',
          password: aes(password),
          password2: aes(password),
          oauthId: guest.json.oauth_id,
        },
      });
    const weak = await register('short');
    assert.equal(weak.status, 400);
    const reg = await register('Welcome#2026');
    assert.equal(reg.status, 200, reg.text);
    const user = await socialGrant(await demoCode('demo-newcomer'));
    assert.equal(user.json.account, 'newcomer');
  });

  it('QR login: generate, pending, confirm from a signed-in phone, then the callback grant', async () => {
    const qr = await s.call(
      'GET',
      '/api/blade-system/wxPush/generate/qrCode?host=http://127.0.0.1:8080&tenantId=100001',
    );
    assert.equal(qr.status, 200);
    assert.match(qr.json.data.qrCode, /^data:image\/png;base64,/);
    const { checkId } = qr.json.data;
    const pending = await s.call('POST', '/api/blade-system/check/callback', { body: { checkId } });
    assert.equal(pending.json.data.confirmed, false);
    const early = await tokenGrant(s, { tenantId: '100001', grant_type: 'callback', checkId });
    assert.equal(early.status, 400);
    assert.ok(early.json.error_description);
    const phone = await s.login('100001', 'admin', 'Hydro@2026');
    const confirm = await s.call('POST', '/api/blade-system/wxPush/confirm', {
      token: phone.access_token,
      body: { checkId },
    });
    assert.equal(confirm.status, 200);
    const done = await s.call('POST', `/api/blade-system/check/callback?checkId=${checkId}`);
    assert.equal(done.json.data.confirmed, true);
    const login = await tokenGrant(s, { tenantId: '100001', grant_type: 'callback', checkId });
    assert.equal(login.status, 200, login.text);
    assert.equal(login.json.account, 'admin');
    const unknown = await s.call('POST', '/api/blade-system/check/callback', { body: { checkId } });
    assert.equal(unknown.status, 404);
  });

  it('QR login: the development confirm route completes a check without a phone', async () => {
    const qr = await s.call('GET', '/api/blade-system/wxPush/generate/qrCode');
    const { checkId } = qr.json.data;
    const confirm = await s.call('POST', '/api/blade-system/wxPush/dev/confirm', {
      body: { checkId, tenantId: '100002', account: 'viewer' },
    });
    assert.equal(confirm.status, 200);
    const login = await tokenGrant(s, { tenantId: '100002', grant_type: 'callback', checkId });
    assert.equal(login.json.account, 'viewer');
  });

  it('production disables the development routes', async () => {
    const prod = await startServer({ production: true });
    try {
      assert.equal(
        (
          await prod.call('POST', '/api/blade-system/wxPush/dev/confirm', {
            body: { checkId: '00000000-0000-0000-0000-000000000000', tenantId: '100001', account: 'admin' },
          })
        ).status,
        404,
      );
      assert.equal(
        (await prod.call('GET', '/api/blade-system/oauth/render/demo?tenantId=100001')).status,
        404,
      );
    } finally {
      await prod.close();
    }
  });

  it('login-free: a ticket from a signed-in session signs in once through the callback grant', async () => {
    const t0 = await s.login('100001', 'fresh', '123456');
    const ticket = await s.call('POST', '/api/blade-system/oauth/callback-ticket', {
      token: t0.access_token,
    });
    assert.equal(ticket.status, 200);
    const { callback } = ticket.json.data;
    const res = await tokenGrant(s, { tenantId: '100001', grant_type: 'callback', callback });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.account, 'fresh');
    const replay = await tokenGrant(s, { tenantId: '100001', grant_type: 'callback', callback });
    assert.equal(replay.status, 400);
    assert.ok(replay.json.error_description);
  });
});
