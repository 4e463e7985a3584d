import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { openDatabase, sql } from '../src/db/database.ts';
import { ANSWER_STALE_MS } from '../src/routes/assistant.ts';
import { entryUrl, KEY } from './deploy-fixture.ts';
import { freshDatabase, type TestDatabase, testEngine } from './engine.ts';
import { type CallResult, clientOf, type Tokens } from './helpers.ts';
import { type Instance, instanceWorld, startInstance, stopInstance } from './instance-process.ts';
import { BLADE, type Client, type Frame, signedIn } from './socket-client.ts';

/**
 * Issue 30 item 4: the server process killed (SIGKILL) while notices, remote-control commands and deploy
 * PUTs are in flight, then started again on the same database (a SQLite file, or a PostgreSQL database).
 * What was acknowledged is there, nothing is half-written, and a socket that was connected catches up by
 * its last id. The restart runs its clock 11 minutes ahead: a command the killed process never answered is
 * past the 15 s a retry would wait for it, and an answer it was streaming past the 10 minutes no answer
 * runs; both are settled at start (interrupted, stopped), not left under way for ever.
 */

const RC = '/api/gglm-big-model/interactive';
const NOTICES = encodeURIComponent('@ops/notices');
const URLS = ['/notices/notices.Nt99Zz00.js', '/notices/notices.Nt77Yy00.js'];
const command = (deviceCode: string, signage: string) => ({
  machineCode: 'a1b2c3d4e5f60718',
  deviceCode,
  projectId: deviceCode.split('-')[0],
  needAck: true,
  signage,
  params: { value: 1 },
  delay: false,
  operator: 'admin',
});

/** A call that may never be answered (the process dies): its answer, or null. */
const settled = (call: Promise<CallResult>) => call.catch(() => null);

describe('faults: kill -9 with writes in flight, then restart', () => {
  let database: TestDatabase | null = null;
  let root = '';
  let env: Record<string, string>;
  let first: Instance | undefined;
  let second: Instance | undefined;
  const keys = new Map<string, string>();
  const on = (instance: Instance) => clientOf(instance.url, (token) => keys.get(token) ?? '');

  before(async () => {
    database = testEngine() === 'postgres' ? await freshDatabase() : null;
    ({ root, env } = instanceWorld(''));
    env.DB = database?.url ?? join(root, 'console.sqlite');
    env.DATA_DIR = join(root, 'data');
    // The built-in answer paced at 1 s a chunk: one is still streaming at the kill.
    first = await startInstance('first', { ...env, ASSISTANT_CHUNK_DELAY_MS: '1000' });
  });

  after(async () => {
    await stopInstance(first, 'SIGKILL');
    await stopInstance(second);
    await database?.drop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('acknowledged writes survive, unanswered ones are in a defined state, the socket catches up', async (t) => {
    const a = first!;
    const signIn = async (account: string, password: string): Promise<Tokens> => {
      const tokens = await on(a).login('100001', account, password);
      keys.set(tokens.access_token, tokens.dataAuthKey!);
      return tokens;
    };
    const admin = await signIn('admin', 'Hydro@2026');
    const operator = await signIn('operator', 'Operator@2026');
    const znywpt = await signIn('znywpt', 'Znywpt@2026');
    const publish = (instance: Instance, subject: string) =>
      on(instance).call('POST', '/api/blade-system/message/record/publish', {
        token: admin.access_token,
        body: {
          accounts: ['operator', 'znywpt'],
          businessClassify: 'alarm',
          subject,
          content: subject,
          link: '',
        },
      });
    const send = (instance: Instance, body: object, key: string) =>
      on(instance).call('POST', `${RC}/sendRemoteControl`, {
        token: admin.access_token,
        body,
        headers: { 'Idempotency-Key': key, 'Hz-Language': 'en_US' },
      });
    const pin = (instance: Instance, version: string, url: string) =>
      on(instance).call('PUT', entryUrl('100002', NOTICES), {
        headers: { ...KEY, 'If-Match': `"${version}"` },
        body: { url, reason: 'crash test' },
      });

    // The operator's socket is live before the first notice and has seen it.
    const socket: Client = (await signedIn(a, BLADE(operator.user_id!), operator)).client;
    assert.equal((await publish(a, 'crash 0')).status, 200);
    await socket.until((f: Frame) => f.subject === 'crash 0');

    // Three writers at once until the kill; each keeps what was acknowledged.
    const acked = { notices: ['crash 0'], commands: new Map<string, CallResult>(), pins: [] as string[] };
    const sent = { notices: ['crash 0'], pins: [] as string[] };
    let killed = false;
    const notices = (async () => {
      for (let n = 1; !killed; n++) {
        sent.notices.push(`crash ${n}`);
        const res = await settled(publish(a, `crash ${n}`));
        if (res?.status === 200) acked.notices.push(`crash ${n}`);
      }
    })();
    const commands = (async () => {
      while (!killed) {
        const key = randomUUID();
        const res = await settled(send(a, command('HS0001-G1', 'G1_RESET'), key));
        if (res?.status === 200) acked.commands.set(key, res);
      }
    })();
    const start = (await on(a).call('GET', '/api/deploy/importmap?scope=100002', { headers: KEY })).json.data
      .version as string;
    const pins = (async () => {
      let version = start;
      for (let n = 0; !killed; n++) {
        const url = URLS[n % 2]!;
        sent.pins.push(url);
        const res = await settled(pin(a, version, url));
        if (res?.status !== 200) break;
        acked.pins.push(url);
        version = res.json.data.version;
      }
    })();
    // Kill once every writer has had answers, with the slow device's command claimed and unanswered.
    const deadline = Date.now() + 20_000;
    const wait = async (what: string, done: () => boolean | Promise<boolean>) => {
      while (!(await done())) {
        assert.ok(Date.now() < deadline, `${what} within 20 s`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    await wait(
      'answers to every writer',
      () => acked.notices.length >= 4 && acked.commands.size >= 2 && acked.pins.length >= 2,
    );
    // An answer streaming: its row is written (running) before its first chunk.
    const chat = on(a).call('GET', '/api/gglm-big-model/fontEnd/interactive/getSessionId', {
      token: operator.access_token,
    });
    const sessionId = (await chat).json.data as string;
    const answering = await fetch(`${a.url}/api/hzgglm-model-business/v1/chat/completions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Blade-Auth': `bearer ${operator.access_token}` },
      body: JSON.stringify({
        messages: [{ role: 'user', content: '告警有哪些' }],
        conversation_id: sessionId,
      }),
    });
    const answerStream = answering.body!.getReader();
    await answerStream.read();
    const slowKey = randomUUID();
    const slow = settled(send(a, command('HS0001-GATE1', 'GATE1_RESET'), slowKey));
    await wait('the slow command claimed', async () => {
      const rows = (
        await on(a).call('GET', `${RC}/audit?size=100&deviceCode=HS0001-GATE1`, { token: admin.access_token })
      ).json.data.records as { idempotencyKey: string }[];
      return rows.some((r) => r.idempotencyKey === slowKey);
    });
    await stopInstance(a, 'SIGKILL');
    killed = true;
    await answerStream.read().catch(() => null);
    await Promise.all([notices, commands, pins]);
    assert.equal(await slow, null, 'the slow command was still in flight at the kill');
    await socket.closed;
    const live = socket.notifications();

    t.diagnostic(
      `acknowledged before the kill: ${acked.notices.length} notices, ${acked.commands.size} commands, ${acked.pins.length} pins`,
    );
    second = await startInstance('second', { ...env, CLOCK_SKEW_MS: String(ANSWER_STALE_MS + 60_000) });
    const b = second;

    // Notices: every acknowledged one reached both recipients; every one reached both or neither.
    const subjects = async (t: Tokens) => {
      const page = await on(b).call(
        'GET',
        '/api/blade-system/message/record/getAlarmMessage?size=200&businessClassify=alarm&subject=crash',
        { token: t.access_token },
      );
      assert.equal(page.status, 200, page.text);
      return (page.json.data.records as { subject: string }[]).map((m) => m.subject).sort();
    };
    const ofOperator = await subjects(operator);
    assert.deepEqual(await subjects(znywpt), ofOperator, 'a publish is all its recipients or none');
    for (const s of acked.notices) assert.ok(ofOperator.includes(s), `acknowledged "${s}" is stored`);
    assert.ok(ofOperator.length <= acked.notices.length + 1, 'at most the one unanswered publish besides');

    // The socket reconnects to the restarted server with its last id: exactly what it missed.
    const lastId = Math.max(...live.map((f: Frame) => f.id as number));
    const again = (await signedIn(b, BLADE(operator.user_id!), operator, { lastId })).client;
    await again.until((f: Frame) => typeof f.kind === 'number', ofOperator.length - live.length);
    await again.ping();
    const replayed = again.notifications();
    const all = [...live, ...replayed];
    assert.deepEqual(
      all.map((f: Frame) => f.id),
      all.map((_f: Frame, i: number) => live[0].id + i),
      'ids in order, none twice, none skipped',
    );
    assert.deepEqual(all.map((f: Frame) => f.subject).sort(), ofOperator, 'what was stored, and only that');
    await again.close();

    // Remote control: acknowledged commands have their audit row with their answer; a retry replays it.
    const audit = (
      await on(b).call('GET', `${RC}/audit?size=500&deviceCode=HS0001-G1`, { token: admin.access_token })
    ).json.data.records as { idempotencyKey: string; result: string; msg: string }[];
    for (const [key, answer] of acked.commands) {
      const row = audit.find((r) => r.idempotencyKey === key);
      assert.equal(row?.result, 'success', `the audit row of ${key}`);
      assert.equal(row.msg, answer.json.msg);
      const retry = await send(b, command('HS0001-G1', 'G1_RESET'), key);
      assert.equal(retry.status, 200);
      assert.deepEqual(retry.json, answer.json, 'the stored answer, not a second actuation');
    }
    // The command the killed process never answered: settled at start as interrupted, in the audit (in the
    // reader's language) and for a retry, which reaches no device.
    const gateAudit = async (language: string) =>
      (
        await on(b).call('GET', `${RC}/audit?size=100&deviceCode=HS0001-GATE1`, {
          token: admin.access_token,
          headers: { 'Hz-Language': language },
        })
      ).json.data.records.find((r: { idempotencyKey: string }) => r.idempotencyKey === slowKey);
    const gate = await gateAudit('zh_CN');
    assert.deepEqual(
      [gate?.result, gate?.status, gate?.msg],
      ['failed', 503, '服务器在命令执行中停止，结果未知，请先查看设备状态'],
    );
    assert.equal(
      (await gateAudit('en_US')).msg,
      'the server stopped while the command was under way; its outcome is unknown, check the device first',
    );
    const retry = await send(b, command('HS0001-GATE1', 'GATE1_RESET'), slowKey);
    assert.equal(retry.status, 503, retry.text);
    assert.match(retry.json.msg, /its outcome is unknown/);
    assert.equal((await gateAudit('zh_CN')).result, 'failed', 'the retry changed nothing');

    // The answer the killed process was streaming: settled at start as stopped (-2), not running for ever.
    const db = openDatabase({ url: env.DB! });
    try {
      const row = await db.get<{ status: number }>(
        sql`SELECT status FROM assistant_answers WHERE session_id = ${sessionId}`,
      );
      assert.equal(row?.status, -2, 'the interrupted answer is stopped');
    } finally {
      await db.close();
    }

    // Deploy: the last acknowledged pin is served, or the one unanswered after it; the pointer works on.
    const served = (await on(b).call('GET', '/importmap.json?tenantId=100002')).json.imports['@ops/notices'];
    const answeredOrNext = sent.pins.slice(acked.pins.length - 1, acked.pins.length + 1);
    assert.ok(answeredOrNext.includes(served), `served ${served}, acknowledged ${acked.pins.at(-1)}`);
    const now = (await on(b).call('GET', '/api/deploy/importmap?scope=100002', { headers: KEY })).json.data
      .version as string;
    const next = URLS.find((u) => u !== served)!;
    assert.equal((await pin(b, now, next)).status, 200, 'the stored version is the one a PUT must match');
    const moved = (await on(b).call('GET', '/importmap.json?tenantId=100002')).json.imports['@ops/notices'];
    assert.equal(moved, next);
  });
});
