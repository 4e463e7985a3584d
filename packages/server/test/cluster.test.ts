import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { entryUrl, KEY } from './deploy-fixture.ts';
import { freshDatabase, type TestDatabase, testEngine } from './engine.ts';
import { type CallResult, clientOf, type Tokens, tokenUrl, wire } from './helpers.ts';
import { type Instance, instanceWorld, startInstance, stopInstance } from './instance-process.ts';
import { BLADE, type Frame, signedIn } from './socket-client.ts';

/**
 * Two instances of the server as separate processes on one PostgreSQL database, each reached directly
 * (no proxy): what one instance is told, the other must know (spec: issue 29 item 2). Runs in the
 * PostgreSQL pass of the suite (`npm run test:server:pg`); SQLite has one instance by nature.
 */

const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

describe('two instances on one PostgreSQL database', { skip: testEngine() !== 'postgres' }, () => {
  let database: TestDatabase;
  let root: string;
  let a: Instance;
  let b: Instance;
  // The data-auth key of every session signed in here (the console sends it as Data-Auth).
  const keys = new Map<string, string>();
  const keyOf = (token: string) => keys.get(token) ?? '';
  const on = (instance: Instance) => clientOf(instance.url, keyOf);
  const signIn = async (instance: Instance, tenantId: string, account: string, password: string) => {
    const tokens = await on(instance).login(tenantId, account, password);
    keys.set(tokens.access_token, tokens.dataAuthKey!);
    return tokens;
  };
  const grant = (instance: Instance, params: Record<string, string>, headers: Record<string, string> = {}) =>
    on(instance).call('POST', tokenUrl(params), { headers: { Authorization: BASIC, ...headers } });

  before(async () => {
    database = await freshDatabase({ migrated: false });
    let env: Record<string, string>;
    ({ root, env } = instanceWorld(database.url));
    // Both start at once on the empty database: one migrates and seeds, the other waits for it.
    [a, b] = await Promise.all([startInstance('A', env), startInstance('B', env)]);
  });

  after(async () => {
    for (const instance of [a, b]) await stopInstance(instance);
    await database?.drop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('started together on an empty database: one seed, one signing key', async () => {
    const operator = await signIn(a, '100001', 'operator', 'Operator@2026');
    // A token signed by A is accepted by B.
    const info = await on(b).call('GET', '/api/blade-system/oauth/user-info', {
      token: operator.access_token,
    });
    assert.equal(info.status, 200, info.text);
    const menus = async (instance: Instance) =>
      (await on(instance).call('GET', '/api/blade-system/menu/routes', { token: operator.access_token })).json
        .data;
    assert.deepEqual(await menus(b), await menus(a), 'both serve the one seeded menu');
    await on(a).call('GET', '/api/blade-system/oauth/logout', { token: operator.access_token });
  });

  it('a notice published through A arrives on a socket of B, and replays by id on A after a reconnect', async () => {
    const admin = await signIn(a, '100001', 'admin', 'Hydro@2026');
    const operator = await signIn(b, '100001', 'operator', 'Operator@2026');
    const publish = (instance: Instance, subject: string) =>
      on(instance).call('POST', '/api/blade-system/message/record/publish', {
        token: admin.access_token,
        body: { accounts: ['operator'], businessClassify: 'alarm', subject, content: subject, link: '' },
      });
    const onB = (await signedIn(b, BLADE(operator.user_id!), operator)).client;
    assert.equal((await publish(a, 'through A')).status, 200);
    const [first] = await onB.until((f: Frame) => f.subject === 'through A');
    assert.ok(first, 'the notice published through A reached the socket on B');
    await onB.close();
    // Published while the operator is away, through B; the reconnect goes to A with the last id it saw.
    assert.equal((await publish(b, 'while away 1')).status, 200);
    assert.equal((await publish(b, 'while away 2')).status, 200);
    const again = await signedIn(a, BLADE(operator.user_id!), operator, { lastId: first.id });
    const missed = await again.client.until((f: Frame) => f.subject?.startsWith('while away'), 2);
    assert.deepEqual(
      missed.map((f: Frame) => f.subject),
      ['while away 1', 'while away 2'],
    );
    assert.equal((await publish(b, 'live on A')).status, 200);
    await again.client.until((f: Frame) => f.subject === 'live on A');
    await again.client.ping();
    const ids = again.client.notifications().map((f: Frame) => f.id as number);
    assert.deepEqual(ids, [first.id + 1, first.id + 2, first.id + 3], 'in order, none twice, none lost');
    await again.client.close();
    for (const t of [admin, operator]) {
      await on(a).call('GET', '/api/blade-system/oauth/logout', { token: t.access_token });
    }
  });

  it('the same Idempotency-Key to A and B, the first still in flight: one command, one audit row', async () => {
    const admin = await signIn(a, '100001', 'admin', 'Hydro@2026');
    const key = randomUUID();
    const body = {
      machineCode: 'a1b2c3d4e5f60718',
      deviceCode: 'HS0001-GATE1',
      projectId: 'HS0001',
      needAck: true,
      signage: 'GATE1_RESET',
      params: { value: 1 },
      delay: false,
      operator: 'admin',
    };
    const send = (instance: Instance) =>
      on(instance).call('POST', '/api/gglm-big-model/interactive/sendRemoteControl', {
        token: admin.access_token,
        body,
        headers: { 'Idempotency-Key': key },
      });
    // The slow device answers after seconds: the retry reaches B while A's command is in flight.
    const first = send(a);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const [fromA, fromB] = await Promise.all([first, send(b)]);
    assert.equal(fromA.status, 200, fromA.text);
    assert.deepEqual(fromB.json, fromA.json, 'the retry answers the first command’s result');
    const audit = await on(b).call(
      'GET',
      '/api/gglm-big-model/interactive/audit?size=100&deviceCode=HS0001-GATE1',
      { token: admin.access_token },
    );
    const rows = (audit.json.data.records as { idempotencyKey: string }[]).filter(
      (r) => r.idempotencyKey === key,
    );
    assert.equal(rows.length, 1, 'one command, one audit row');
    await on(a).call('GET', '/api/blade-system/oauth/logout', { token: admin.access_token });
  });

  it('sign-out on A refuses the token on B at once', async () => {
    const znywpt = await signIn(a, '100001', 'znywpt', 'Znywpt@2026');
    const info = () => on(b).call('GET', '/api/blade-system/oauth/user-info', { token: znywpt.access_token });
    assert.equal((await info()).status, 200);
    assert.equal(
      (await on(a).call('GET', '/api/blade-system/oauth/logout', { token: znywpt.access_token })).status,
      200,
    );
    const refused = await info();
    assert.equal(refused.status, 401);
  });

  it('two PUTs with the same If-Match to A and B: one 200, one 412; both serve the new map within 1 s', async () => {
    const version = async (instance: Instance) =>
      (await on(instance).call('GET', '/api/deploy/importmap?scope=100002', { headers: KEY })).json.data
        .version as string;
    const current = await version(a);
    const pin = (instance: Instance, url: string) =>
      on(instance).call('PUT', entryUrl('100002', encodeURIComponent('@ops/notices')), {
        headers: { ...KEY, 'If-Match': `"${current}"`, 'Hz-Language': 'en_US' },
        body: { url, reason: 'cluster test' },
      });
    const answers: CallResult[] = await Promise.all([
      pin(a, '/notices/notices.Nt99Zz00.js'),
      pin(b, '/notices/notices.Nt77Yy00.js'),
    ]);
    assert.deepEqual(answers.map((r) => r.status).sort(), [200, 412], answers.map((r) => r.text).join('\n'));
    const winner =
      answers[0]!.status === 200 ? '/notices/notices.Nt99Zz00.js' : '/notices/notices.Nt77Yy00.js';
    const deadline = Date.now() + 1000;
    for (const instance of [a, b]) {
      for (;;) {
        const served = await on(instance).call('GET', '/importmap.json?tenantId=100002');
        if (served.json?.imports?.['@ops/notices'] === winner) {
          assert.ok(served.headers.get('etag'), 'the served map carries its ETag');
          break;
        }
        assert.ok(Date.now() < deadline, `${instance.name} serves the new map within 1 s`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    const etags = await Promise.all(
      [a, b].map(async (i) =>
        (await on(i).call('GET', '/importmap.json?tenantId=100002')).headers.get('etag'),
      ),
    );
    assert.equal(etags[0], etags[1], 'one map, one ETag on both');
  });

  it('a captcha issued by A is spent on B, once', async () => {
    const issued = await on(a).call('GET', '/api/blade-system/oauth/captcha');
    const captcha = a.captchas.find((c) => c.key === issued.json.data.key)!;
    const login = () =>
      grant(
        b,
        { tenantId: '100001', username: 'fresh', password: wire('123456') },
        { 'Captcha-Key': captcha.key, 'Captcha-Code': captcha.text },
      );
    const first = await login();
    assert.equal(first.status, 200, first.text);
    assert.equal((await login()).status, 400, 'a captcha works once, whichever instance it reaches');
    await on(b).call('GET', '/api/blade-system/oauth/logout', { token: first.json.access_token });
  });

  it('a phone code issued by A signs in on B; its 60 s cool-down holds on B', async () => {
    const issued = await on(a).call('GET', '/api/blade-system/oauth/phone-code?phone=13800000005');
    assert.equal(issued.status, 200, issued.text);
    const again = await on(b).call('GET', '/api/blade-system/oauth/phone-code?phone=13800000005');
    assert.equal(again.status, 429, 'the cool-down started on A holds on B');
    const { code } = a.phoneCodes.find((p) => p.id === issued.json.data.id)!;
    const signedInB = await grant(
      b,
      { tenantId: '100001', phone: '13800000005', grant_type: 'phoneCode', scope: 'all' },
      { 'phone-code-key': issued.json.data.id, 'phone-code-code': code },
    );
    assert.equal(signedInB.status, 200, signedInB.text);
    assert.equal(signedInB.json.account, 'hzinfo');
    await on(b).call('GET', '/api/blade-system/oauth/logout', { token: signedInB.json.access_token });
  });

  it('the login conflict holds across instances: a live session on A, a second login on B is asked', async () => {
    const first: Tokens = await signIn(a, '100001', 'newbie', 'Init@2026');
    const second = await grant(b, { tenantId: '100001', username: 'newbie', password: wire('Init@2026') });
    assert.equal(second.json.code, 1800100001, second.text);
    await on(a).call('GET', '/api/blade-system/oauth/logout', { token: first.access_token });
    // At the same moment on both: one signs in, the other is asked (never two sessions).
    const both = await Promise.all(
      [a, b].map((i) => grant(i, { tenantId: '100001', username: 'newbie', password: wire('Init@2026') })),
    );
    const signed = both.filter((r) => r.status === 200 && r.json.access_token);
    assert.equal(signed.length, 1, both.map((r) => r.text).join('\n'));
    assert.equal(both.filter((r) => r.json.code === 1800100001).length, 1);
    await on(a).call('GET', '/api/blade-system/oauth/logout', { token: signed[0]!.json.access_token });
  });
});
