import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from '../src/db/database.ts';
import { DATA_AUTH_CODE } from '../src/http/data-auth.ts';
import { BASIC, startServer, type TestServer, type Tokens, tokenGrant } from './helpers.ts';

const DEVICES = '/api/hzinfo-data-config/deviceInstance/device/list?stationId=HS0001';
const ALARMS = '/api/blade-system/message/record/getAlarmMessage?current=1&size=1';
const RC_DEVICES = '/api/gglm-big-model/interactive/devices';
const TREE = '/api/hzims-operational/ims/dept/getHydropowerTree';

describe('the Data-Auth key (spec §6)', () => {
  let s: TestServer;
  let first: Tokens;
  let second: Tokens;

  before(async () => {
    s = await startServer({ loginConflict: false });
    first = await s.login('100001', 'operator', 'Operator@2026');
    second = await s.login('100001', 'admin', 'Hydro@2026');
  });
  after(() => s.close());

  it('comes with every token answer: generated per session, kept through a refresh', async () => {
    assert.match(first.dataAuthKey ?? '', /^[A-Za-z0-9_-]{43}$/);
    assert.notEqual(first.dataAuthKey, second.dataAuthKey);
    const again = await s.login('100001', 'operator', 'Operator@2026');
    assert.notEqual(again.dataAuthKey, first.dataAuthKey, 'a new session has a new key');
    const refreshed = await tokenGrant(
      s,
      {
        tenantId: '100001',
        grant_type: 'refresh_token',
        refresh_token: again.refresh_token,
        refTerminal: '2',
      },
      { 'Tenant-Id': '100001' },
    );
    assert.equal(refreshed.status, 200, refreshed.text);
    assert.equal(refreshed.json.dataAuthKey, again.dataAuthKey);
  });

  it('lets a data call through with the session’s own key', async () => {
    for (const path of [DEVICES, ALARMS, RC_DEVICES, TREE]) {
      const res = await s.call('GET', path, { token: first.access_token, dataAuth: first.dataAuthKey });
      assert.equal(res.status, 200, `${path}: ${res.text.slice(0, 200)}`);
    }
  });

  it('refuses a data call without the key, with a wrong key or with another session’s key', async () => {
    const cases: Array<[string | false, string]> = [
      [false, '缺少数据权限密钥（Data-Auth）'],
      ['not-the-key', '数据权限密钥（Data-Auth）无效'],
      [second.dataAuthKey!, '数据权限密钥（Data-Auth）无效'],
    ];
    for (const path of [DEVICES, ALARMS, RC_DEVICES, TREE]) {
      for (const [dataAuth, msg] of cases) {
        const res = await s.call('GET', path, { token: first.access_token, dataAuth });
        assert.equal(res.status, 403, `${path} with ${dataAuth}`);
        assert.deepEqual(
          { code: res.json.code, success: res.json.success, msg: res.json.msg },
          { code: DATA_AUTH_CODE, success: false, msg },
        );
      }
    }
    const english = await s.call('GET', DEVICES, {
      token: first.access_token,
      dataAuth: false,
      headers: { 'Hz-Language': 'en_US' },
    });
    assert.equal(english.json.msg, 'the data-auth key (Data-Auth) is missing');
  });

  it('refuses a remote-control command without the key, recording nothing', async () => {
    const res = await s.call('POST', '/api/gglm-big-model/interactive/sendRemoteControl', {
      token: first.access_token,
      dataAuth: false,
      headers: { 'Idempotency-Key': 'data-auth-test-1' },
      body: { machineCode: 'm1', deviceCode: 'HS0001-G1', projectId: 'HS0001', needAck: true, signage: 'x' },
    });
    assert.equal(res.status, 403);
    assert.equal(res.json.code, DATA_AUTH_CODE);
    const audit = await s.app.opsDb.get<{ n: number }>(sql`SELECT COUNT(*) AS n FROM remote_commands`);
    assert.equal(audit?.n, 0);
  });

  it('is not asked of sign-in, public, menu or administration calls', async () => {
    const captcha = await s.call('GET', '/api/blade-system/oauth/captcha');
    assert.equal(captcha.status, 200);
    const info = await s.call('GET', '/api/blade-system/tenant/info?domain=localhost');
    assert.notEqual(info.status, 403);
    for (const path of ['/api/blade-system/oauth/user-info', '/api/blade-system/menu/routes']) {
      const res = await s.call('GET', path, { token: first.access_token, dataAuth: false });
      assert.equal(res.status, 200, `${path}: ${res.text.slice(0, 200)}`);
    }
    const login = await s.call('POST', '/api/blade-system/oauth/token?grant_type=password', {
      headers: { Authorization: BASIC, 'Tenant-Id': '100001' },
      dataAuth: false,
    });
    assert.notEqual(login.status, 403);
  });

  it('is checked after the token: a missing token is still a 401', async () => {
    const res = await s.call('GET', DEVICES, { dataAuth: first.dataAuthKey });
    assert.equal(res.status, 401);
  });
});
