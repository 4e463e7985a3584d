import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import WebSocket from 'ws';
import { fingerprint, startServer, type TestServer, type Tokens } from './helpers.ts';
import { authFrame, BLADE, Client, type Frame, MESSAGE, signedIn } from './socket-client.ts';

const SOE = '/api/hzinfo-data-socket/websocket/soe';
const PUBLISH_ALARM = '/api/blade-system/message/record/publish';
const PUBLISH_SOE = '/api/hzinfo-data-socket/soe/publish';

describe('notification sockets: sign-in, heartbeat, publish, isolation, revocation, hostile frames', () => {
  let s: TestServer;
  let admin: Tokens;
  let operator: Tokens;
  let admin2: Tokens;
  before(async () => {
    s = await startServer();
    admin = await s.login('100001', 'admin', 'Hydro@2026');
    operator = await s.login('100001', 'operator', 'Operator@2026');
    admin2 = await s.login('100002', 'admin', 'Storage@2026');
  });
  after(() => s.close());

  it('accepts the two bearer values of the user in the path and answers ready with the last id', async () => {
    const { client, ready } = await signedIn(s, BLADE(operator.user_id!), operator);
    assert.equal(typeof ready.lastId, 'number');
    // The Blade value alone (the Hzinfo one omitted when missing) also signs in.
    const only = new Client(s.url, MESSAGE(operator.user_id!));
    await only.opened;
    only.send({ 'Blade-Auth': `bearer ${operator.access_token}` });
    assert.equal((await only.until((f) => f.type === 'ready')).length, 1);
    await client.close();
    await only.close();
  });

  it('refuses a wrong token, another user, a malformed bearer value and a soe socket without type soe (1008)', async () => {
    const cases: [string, unknown][] = [
      [BLADE(operator.user_id!), { 'Blade-Auth': 'bearer not-a-token' }],
      [BLADE(admin.user_id!), authFrame(operator)],
      [BLADE(operator.user_id!), { 'Blade-Auth': `token ${operator.access_token}` }],
      [
        BLADE(operator.user_id!),
        { 'Blade-Auth': `bearer ${operator.access_token}`, 'Hzinfo-Auth': 'bearer x' },
      ],
      [SOE, authFrame(operator)],
    ];
    for (const [path, frame] of cases) {
      const c = new Client(s.url, path);
      await c.opened;
      c.send(frame);
      const closed = await c.closed;
      assert.equal(closed.code, 1008, `${path} ${JSON.stringify(frame).slice(0, 60)}`);
      assert.equal(c.frames.length, 0, 'nothing is sent to a refused socket');
    }
  });

  it('refuses a path whose user id is not a number before the upgrade', async () => {
    const c = new Client(s.url, BLADE('abc'));
    await assert.rejects(c.opened, /400/);
  });

  it('closes a socket that sends no valid token within 5 s with 1008', async () => {
    const c = new Client(s.url, BLADE(operator.user_id!));
    await c.opened;
    c.send({ message: 'ping' });
    const started = Date.now();
    const closed = await c.closed;
    assert.equal(closed.code, 1008);
    assert.ok(Date.now() - started >= 4000, 'the socket had its 5 s');
    assert.equal(c.frames.length, 0, 'a heartbeat before sign-in is not answered');
  });

  it('answers heartbeats once signed in', async () => {
    const { client } = await signedIn(s, BLADE(operator.user_id!), operator);
    const beat = await client.ping();
    assert.deepEqual(beat, { type: 'heartbeat', message: 'pong' });
    await client.close();
  });

  it('pushes a published alarm message (kind 2) and stores it as an unread alarm message', async () => {
    const blade = (await signedIn(s, BLADE(operator.user_id!), operator)).client;
    const message = (await signedIn(s, MESSAGE(operator.user_id!), operator)).client;
    const soe = (await signedIn(s, SOE, operator, { type: 'soe' })).client;
    const countsBefore = await s.call('GET', '/api/blade-system/message/record/getPersonalUnreadMessage', {
      token: operator.access_token,
    });
    const alarmsBefore =
      countsBefore.json.data.find((r: Frame) => r.businessClassify === 'alarm')?.todoNum ?? 0;

    const res = await s.call('POST', PUBLISH_ALARM, {
      token: admin.access_token,
      body: {
        accounts: ['operator'],
        businessClassify: 'alarm',
        subject: '1号机组振动越限',
        content: '<img src=x onerror=alert(1)> 振动 0.32 mm',
        link: '/station-monitor/alarm/index',
      },
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.data.recipients, 1);

    for (const c of [blade, message]) {
      const [frame] = await c.until((f) => f.kind === 2);
      assert.equal(frame.kind, 2);
      assert.equal(typeof frame.id, 'number');
      assert.equal(frame.subject, '1号机组振动越限');
      assert.equal(frame.content, '<img src=x onerror=alert(1)> 振动 0.32 mm', 'text arrives as sent');
      assert.equal(frame.link, '/station-monitor/alarm/index');
      assert.equal(frame.businessClassify, 'alarm');
      assert.match(frame.pushTime, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      assert.match(frame.messageId, /^\d+$/);
    }
    await soe.ping();
    assert.equal(soe.notifications().length, 0, 'the SOE socket carries kind 1 only');

    const counts = await s.call('GET', '/api/blade-system/message/record/getPersonalUnreadMessage', {
      token: operator.access_token,
    });
    assert.equal(
      counts.json.data.find((r: Frame) => r.businessClassify === 'alarm').todoNum,
      alarmsBefore + 1,
    );
    const list = await s.call(
      'GET',
      '/api/blade-system/message/record/getAlarmMessage?current=1&size=10&subject=%E6%8C%AF%E5%8A%A8',
      { token: operator.access_token },
    );
    assert.equal(list.json.data.records.length, 1);
    assert.equal(list.json.data.records[0].status, 0);
    assert.equal(list.json.data.records[0].id, (await blade.until((f) => f.kind === 2))[0].messageId);
    // The admin was not addressed.
    const adminList = await s.call(
      'GET',
      '/api/blade-system/message/record/getAlarmMessage?current=1&size=10&subject=%E6%8C%AF%E5%8A%A8',
      { token: admin.access_token },
    );
    assert.equal(adminList.json.data.records.length, 0);
    for (const c of [blade, message, soe]) await c.close();
  });

  it('pushes an SOE event (kind 1) with the server time to everyone of the tenant', async () => {
    const soe = (await signedIn(s, SOE, operator, { type: 'soe' })).client;
    const message = (await signedIn(s, MESSAGE(operator.user_id!), operator)).client;
    const adminSocket = (await signedIn(s, BLADE(admin.user_id!), admin)).client;
    const res = await s.call('POST', PUBLISH_SOE, {
      token: admin.access_token,
      body: { deptName: '飞来峡水电站', soe_explain: '1号机 断路器分闸' },
    });
    assert.equal(res.status, 200, res.text);
    assert.ok(res.json.data.recipients >= 2);
    for (const c of [soe, adminSocket]) {
      const [frame] = await c.until((f) => f.kind === 1);
      assert.equal(frame.deptName, '飞来峡水电站');
      assert.equal(frame.soe_explain, '1号机 断路器分闸');
      assert.match(frame.ts, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    }
    await message.ping();
    assert.equal(message.notifications().length, 0, 'the message socket carries kind 2 only');
    for (const c of [soe, message, adminSocket]) await c.close();
  });

  it('keeps tenants apart: a publish reaches only its tenant and names only its accounts', async () => {
    const op = (await signedIn(s, BLADE(operator.user_id!), operator)).client;
    const res = await s.call('POST', PUBLISH_SOE, {
      token: admin2.access_token,
      body: { deptName: '前海储能电站', soe_explain: '储能变流器停机' },
    });
    assert.equal(res.status, 200, res.text);
    const other = await s.call('POST', PUBLISH_ALARM, {
      token: admin2.access_token,
      body: { accounts: ['operator'], businessClassify: 'alarm', subject: 'x', content: 'y' },
    });
    assert.equal(other.status, 400, 'operator is an account of 100001, not of 100002');
    assert.match(other.json.msg, /operator/);
    await op.ping();
    assert.equal(op.notifications().length, 0);
    await op.close();
  });

  it('refuses bad publish calls with a clear message and changes nothing', async () => {
    const before = await fingerprint(s);
    const bad: [string, string, unknown, number][] = [
      [PUBLISH_ALARM, operator.access_token, { businessClassify: 'alarm', subject: 'a', content: 'b' }, 403],
      [PUBLISH_SOE, operator.access_token, { deptName: 'a', soe_explain: 'b' }, 403],
      [PUBLISH_ALARM, admin.access_token, { businessClassify: 'alarm', content: 'b' }, 400],
      [PUBLISH_ALARM, admin.access_token, { businessClassify: 'alarm', subject: '   ', content: 'b' }, 400],
      [PUBLISH_ALARM, admin.access_token, { businessClassify: 'nope', subject: 'a', content: 'b' }, 400],
      [
        PUBLISH_ALARM,
        admin.access_token,
        { businessClassify: 'alarm', subject: 'a', content: 'b', link: 'javascript:alert(1)' },
        400,
      ],
      [
        PUBLISH_ALARM,
        admin.access_token,
        { businessClassify: 'alarm', subject: 'a', content: 'b', link: '//evil.example/x' },
        400,
      ],
      [
        PUBLISH_ALARM,
        admin.access_token,
        { businessClassify: 'alarm', subject: 'a'.repeat(101), content: 'b' },
        400,
      ],
      [
        PUBLISH_ALARM,
        admin.access_token,
        { accounts: [], businessClassify: 'alarm', subject: 'a', content: 'b' },
        400,
      ],
      [
        PUBLISH_ALARM,
        admin.access_token,
        { accounts: ['operator', 'ghost'], businessClassify: 'alarm', subject: 'a', content: 'b' },
        400,
      ],
      [PUBLISH_SOE, admin.access_token, { deptName: 'a' }, 400],
      [PUBLISH_SOE, admin.access_token, { deptName: 'a', soe_explain: 5 }, 400],
      [PUBLISH_SOE, admin.access_token, [1, 2], 400],
    ];
    for (const [path, token, body, status] of bad) {
      const res = await s.call('POST', path, { token, body });
      assert.equal(res.status, status, `${path} ${JSON.stringify(body)}: ${res.text}`);
      assert.equal(res.json.success, false);
      assert.ok(res.json.msg.length > 0);
    }
    const ghost = await s.call('POST', PUBLISH_ALARM, {
      token: admin.access_token,
      headers: { 'Hz-Language': 'en_US' },
      body: { accounts: ['ghost'], businessClassify: 'alarm', subject: 'a', content: 'b' },
    });
    assert.equal(ghost.json.msg, 'unknown account: ghost');
    assert.equal(await fingerprint(s), before, 'no row changed');
  });

  it('ignores hostile frames without closing that socket or any other', async () => {
    const victim = (await signedIn(s, BLADE(operator.user_id!), operator)).client;
    const bystander = (await signedIn(s, BLADE(admin.user_id!), admin)).client;
    victim.send('not json {');
    victim.send(Buffer.from([0, 1, 2, 3]));
    victim.ws.send(Buffer.from('{"message":"binary"}'), { binary: true });
    victim.send('x'.repeat(20 * 1024));
    victim.send(JSON.stringify({ message: 'x'.repeat(20 * 1024) }));
    victim.send('[1,2,3]');
    victim.send('null');
    victim.send('"text"');
    victim.send({ type: 'subscribe', channel: 'everything' });
    victim.send({ __proto__: { polluted: true }, constructor: { prototype: { x: 1 } } });
    victim.send(authFrame(admin));
    const beat = await victim.ping();
    assert.equal(beat.message, 'pong', 'the socket still answers');
    assert.equal(victim.ws.readyState, WebSocket.OPEN);
    // Still the operator's socket: a notification for the admin does not reach it.
    await s.call('POST', PUBLISH_ALARM, {
      token: admin.access_token,
      body: { accounts: ['admin'], businessClassify: 'system', subject: 'for admin', content: 'c' },
    });
    assert.equal((await bystander.until((f) => f.subject === 'for admin')).length, 1);
    await victim.ping();
    assert.equal(victim.frames.filter((f) => f.subject === 'for admin').length, 0);
    assert.equal(
      (await s.call('GET', '/api/blade-system/oauth/user-info', { token: admin.access_token })).status,
      200,
    );
    await victim.close();
    await bystander.close();
  });

  it('replays what a client missed after the last id it saw, once, in order', async () => {
    const first = await signedIn(s, BLADE(operator.user_id!), operator);
    const seen = first.ready.lastId as number;
    await first.client.close();
    for (const n of [1, 2, 3]) {
      await s.call('POST', PUBLISH_ALARM, {
        token: admin.access_token,
        body: { accounts: ['operator'], businessClassify: 'duty', subject: `missed ${n}`, content: 'c' },
      });
    }
    const again = await signedIn(s, BLADE(operator.user_id!), operator, { lastId: seen });
    assert.equal(again.ready.lastId, seen + 3);
    const replayed = await again.client.until((f) => typeof f.kind === 'number', 3);
    assert.deepEqual(
      replayed.map((f) => [f.id, f.subject]),
      [
        [seen + 1, 'missed 1'],
        [seen + 2, 'missed 2'],
        [seen + 3, 'missed 3'],
      ],
    );
    await again.client.close();
    // Up to date: nothing is sent again.
    const third = await signedIn(s, BLADE(operator.user_id!), operator, { lastId: seen + 3 });
    await third.client.ping();
    assert.equal(third.client.notifications().length, 0);
    await third.client.close();
    // A malformed lastId is read as none: no replay, the socket stays open.
    const fourth = await signedIn(s, BLADE(operator.user_id!), operator, { lastId: -4 });
    await fourth.client.ping();
    assert.equal(fourth.client.notifications().length, 0);
    await fourth.client.close();
  });

  it('closes the sockets of a revoked session (logout) and of a user whose sessions are revoked', async () => {
    const own = await s.login('100001', 'hzinfo', 'Hzinfo@2026');
    const c = (await signedIn(s, BLADE(own.user_id!), own)).client;
    const other = (await signedIn(s, BLADE(operator.user_id!), operator)).client;
    const out = await s.call('GET', '/api/blade-system/oauth/logout', { token: own.access_token });
    assert.equal(out.status, 200, out.text);
    const closed = await c.closed;
    assert.equal(closed.code, 1008);
    await other.ping();
    assert.equal(other.ws.readyState, WebSocket.OPEN, 'other sessions keep their sockets');
    // A revoked token cannot sign in again.
    const retry = new Client(s.url, BLADE(own.user_id!));
    await retry.opened;
    retry.send(authFrame(own));
    assert.equal((await retry.closed).code, 1008);
    // A password reset by the administrator revokes every session of that user: all its sockets close.
    const znywpt = await s.login('100001', 'znywpt', 'Znywpt@2026');
    const a = (await signedIn(s, BLADE(znywpt.user_id!), znywpt)).client;
    const b = (await signedIn(s, SOE, znywpt, { type: 'soe' })).client;
    const reset = await s.call('POST', `/api/blade-system/user/reset-password?userIds=${znywpt.user_id}`, {
      token: admin.access_token,
    });
    assert.equal(reset.status, 200, reset.text);
    assert.equal((await a.closed).code, 1008);
    assert.equal((await b.closed).code, 1008);
    await other.ping();
    assert.equal(other.ws.readyState, WebSocket.OPEN);
    await other.close();
  });
});

describe('R1: 100 notifications published across a server restart arrive exactly once, in order', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ops-sockets-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('a reconnecting client with its last id ends with exactly 100', async () => {
    const options = { dbPath: join(dir, 'console.sqlite'), dataDir: dir };
    let server = await startServer(options);
    const admin = await server.login('100001', 'admin', 'Hydro@2026');
    const operator = await server.login('100001', 'operator', 'Operator@2026');
    const got: Frame[] = [];
    let lastId: number | null = null;
    let socket: Client | null = null;

    // The client's part: sign in with the last id seen, keep frames newer than it.
    const connect = async () => {
      const c = new Client(server.url, BLADE(operator.user_id!));
      await c.opened;
      c.send(authFrame(operator, lastId === null ? {} : { lastId }));
      c.ws.on('message', (data) => {
        const frame = JSON.parse(data.toString());
        if (frame.type === 'ready' && lastId === null) lastId = frame.lastId;
        if (typeof frame.kind === 'number' && lastId !== null && frame.id > lastId) {
          lastId = frame.id;
          got.push(frame);
        }
      });
      await c.until((f) => f.type === 'ready');
      socket = c;
    };
    const publish = (n: number) =>
      server.call('POST', PUBLISH_ALARM, {
        token: admin.access_token,
        body: { accounts: ['operator'], businessClassify: 'alarm', subject: `n${n}`, content: `#${n}` },
      });

    await connect();
    let n = 0;
    for (; n < 40; ) await publish(++n);
    // 10 at once, then the server goes down under the client.
    const burst = Array.from({ length: 10 }, () => ++n);
    const answers = await Promise.all(burst.map((k) => publish(k)));
    assert.deepEqual(
      answers.map((a) => a.status),
      burst.map(() => 200),
    );
    const closedByServer = socket!.closed;
    await server.close();
    await closedByServer;

    server = await startServer(options);
    for (; n < 75; ) await publish(++n);
    await connect();
    for (; n < 100; ) await publish(++n);
    await (socket as Client | null)!.until((f) => f.subject === 'n100');
    await (socket as Client | null)!.close();
    await server.close();

    // In order means in the server's order (ids increase). The burst's ten publishes ran at once, so the
    // server may have taken them in any order among themselves; every other publish waited for the last.
    assert.equal(got.length, 100);
    for (let i = 1; i < got.length; i++) assert.ok(got[i].id > got[i - 1].id, 'ids increase');
    const subjects = got.map((f) => f.subject);
    const expected = Array.from({ length: 100 }, (_, i) => `n${i + 1}`);
    assert.deepEqual(subjects.slice(0, 40), expected.slice(0, 40));
    assert.deepEqual(subjects.slice(40, 50).sort(), expected.slice(40, 50).sort());
    assert.deepEqual(subjects.slice(50), expected.slice(50));
  });
});
