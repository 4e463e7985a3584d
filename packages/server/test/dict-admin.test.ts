import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BAD_DICT_VALUES, GOOD_DICT_VALUES } from '../../apps/system/test-support/dict-cases.ts';
import { fingerprint, startServer, type TestServer } from './helpers.ts';

// Dictionary administration (packages/apps/system): the server refuses what the console's form refuses and
// accepts what it accepts. The table of values is the form's own (test-support/dict-cases.ts).

describe('dictionary administration: the form rules on the server', () => {
  let s: TestServer;
  let admin = '';
  const submit = (body: Record<string, unknown>) =>
    s.call('POST', '/api/blade-system/dict/submit', { token: admin, body });
  // The form sends sort as a number (a non-number as typed).
  const sent = (field: string, value: string): unknown =>
    field === 'sort' ? (Number.isNaN(Number(value)) ? value : Number(value)) : value;
  const valid = { code: 'rules_ok', dictKey: '-1', dictValue: '规则', sort: 0, remark: '' };

  before(async () => {
    s = await startServer();
    admin = (await s.login('100001', 'admin', 'Hydro@2026')).access_token;
  });
  after(() => s.close());

  it('refuses with 400 every value the console form refuses, changing nothing', async () => {
    const before = await fingerprint(s);
    for (const [field, value] of BAD_DICT_VALUES) {
      const res = await submit({ ...valid, [field]: sent(field, value) });
      assert.equal(res.status, 400, `${field} ${JSON.stringify(value)}: ${res.text}`);
      assert.equal(res.json.success, false);
      assert.ok(res.json.msg);
    }
    assert.equal(await fingerprint(s), before);
  });

  it('accepts every value the console form accepts', async () => {
    for (const [index, [field, value]] of GOOD_DICT_VALUES.entries()) {
      const code = field === 'code' ? value : `rules_ok_${index}`;
      const res = await submit({ ...valid, code, [field]: sent(field, value) });
      assert.equal(res.status, 200, `${field} ${JSON.stringify(value)}: ${res.text}`);
    }
  });
});
