import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { aes, startServer, type TestServer } from './helpers.ts';

// Forgot password (spec §7 retrieve-password, §5 policy): a phone code proves the account; every refusal is
// a 400 with the reason and changes nothing (the old password still signs in, a good code stays usable).
describe('retrieve-password refuses bad input and changes nothing', () => {
  let s: TestServer;
  before(async () => {
    s = await startServer();
  });
  after(() => s.close());

  const PHONE = '13800000006'; // 100001/fresh, password 123456
  const URL = '/api/blade-system/user/retrieve-password';

  async function sendCode(query = `phone=${PHONE}&tenantId=100001`) {
    const path = query.includes('tenantId') ? 'phone-code-by-tenantId' : 'phone-code';
    const issued = await s.call('GET', `/api/blade-system/oauth/${path}?${query}`);
    assert.equal(issued.status, 200, issued.text);
    return s.phoneCodes.find((e) => e.id === issued.json.data.id)!;
  }

  const retrieve = (body: Record<string, unknown>, language = 'zh_CN') =>
    s.call('POST', URL, { body, headers: { 'Hz-Language': language } });

  const good = (code: { id: string; code: string }, password = 'Reset#2026') => ({
    tenantId: '100001',
    phone: PHONE,
    id: code.id,
    captcha: code.code,
    newPassword: aes(password),
    newPassword1: aes(password),
  });

  it('answers 400 with the reason for each bad input; the old password still signs in', async () => {
    const code = await sendCode();
    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      ['missing tenant', { ...good(code), tenantId: undefined }, /tenantId/],
      ['missing phone', { ...good(code), phone: undefined }, /phone/],
      ['not a mobile number', { ...good(code), phone: '12345' }, /phone/],
      ['missing code', { ...good(code), captcha: undefined }, /captcha/],
      ['wrong code', { ...good(code), captcha: 'x' }, /短信验证码不正确或已过期/],
      ['code of another phone', { ...good(code), phone: '13800000002' }, /短信验证码不正确或已过期/],
      ['code of another tenant', { ...good(code), tenantId: '100002' }, /短信验证码不正确或已过期/],
      ['too short', good(code, 'Ab#1'), /新密码长度应为 8-16 位/],
      ['two classes', good(code, 'abcdefgh1'), /新密码须包含|至少/],
      ['contains the account', good(code, 'Fresh#2026'), /新密码不能包含账号/],
      ['copies differ', { ...good(code), newPassword1: aes('Other#2026') }, /两次输入的新密码不一致/],
      ['not encrypted', { ...good(code), newPassword: 'Reset#2026' }, /新密码解密失败/],
    ];
    for (const [name, body, message] of cases) {
      const res = await retrieve(body);
      assert.equal(res.status, 400, `${name}: ${res.text}`);
      assert.match(String(res.json?.msg), message, name);
    }
    assert.ok((await s.login('100001', 'fresh', '123456')).access_token, 'the old password still signs in');
    // None of the refusals spent the code (one wrong guess of five): it still resets the password.
    const done = await retrieve(good(code));
    assert.equal(done.status, 200, done.text);
    await assert.rejects(s.login('100001', 'fresh', '123456'));
    assert.ok((await s.login('100001', 'fresh', 'Reset#2026')).access_token);
    // A code serves once.
    const again = await retrieve(good(code, 'Again#2026'));
    assert.equal(again.status, 400);
  });

  it('says why in English too', async () => {
    const code = await sendCode('phone=13800000005&tenantId=100001');
    const res = await retrieve({ ...good(code), phone: '13800000005', captcha: 'x' }, 'en_US');
    assert.equal(res.status, 400);
    assert.equal(res.json.msg, 'phone code is wrong or expired');
  });

  it('a phone no account of the tenant uses is refused', async () => {
    const code = await sendCode('phone=13700000009');
    const res = await retrieve({ ...good(code), phone: '13700000009' });
    assert.equal(res.status, 400);
    assert.equal(res.json.msg, '该手机号未绑定账号');
  });

  it('five wrong guesses spend the code', async () => {
    const phone = '13800000003'; // 100001/newbie, password Init@2026
    const code = await sendCode(`phone=${phone}&tenantId=100001`);
    for (let i = 0; i < 5; i++) {
      assert.equal((await retrieve({ ...good(code), phone, captcha: 'x' })).status, 400);
    }
    const res = await retrieve({ ...good(code, 'Later#2026'), phone });
    assert.equal(res.status, 400);
    assert.equal(res.json.msg, '短信验证码不正确或已过期');
    assert.ok((await s.login('100001', 'newbie', 'Init@2026')).access_token, 'unchanged by the spent code');
  });
});
