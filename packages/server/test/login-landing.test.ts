import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startServer, type TestServer } from './helpers.ts';

// Issue 28: the login answer's landing directive (spec §3) and the tenant a domain presets (tenant/info).
describe('login landing directive and the domain tenant', () => {
  let s: TestServer;
  before(async () => {
    s = await startServer();
  });
  after(() => s.close());

  it('the duty account of 100002 lands on its real-time page; other accounts name no landing', async () => {
    const duty = await s.login('100002', 'duty', 'Duty@2026');
    assert.equal(duty.appCode, 'station-monitor');
    assert.equal(duty.menuPath, '/realtime/index');
    assert.equal(duty.showAppCode, '');
    assert.equal(duty.showMenuPath, '');
    assert.equal(duty.redirect, '');
    const operator = await s.login('100001', 'operator', 'Operator@2026');
    for (const field of ['appCode', 'menuPath', 'showAppCode', 'showMenuPath', 'redirect']) {
      assert.equal(operator[field], '', field);
    }
  });

  it('tenant/info maps the seeded domain localhost to 100002; an unknown domain is 404, a bad one 400', async () => {
    const found = await s.call('GET', '/api/blade-system/tenant/info?domain=localhost');
    assert.equal(found.status, 200, found.text);
    assert.equal(found.json.data.tenantId, '100002');
    assert.equal(found.json.data.tenantName, 'Storage Demo');
    assert.equal((await s.call('GET', '/api/blade-system/tenant/info?domain=127.0.0.1')).status, 404);
    const bad = await s.call('GET', '/api/blade-system/tenant/info?domain=%3Cscript%3E');
    assert.equal(bad.status, 400);
    assert.equal((await s.call('GET', '/api/blade-system/tenant/info')).status, 400);
  });
});
