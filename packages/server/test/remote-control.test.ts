import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, beforeEach, describe, it } from 'node:test';
import { sql } from '../src/db/database.ts';
import {
  ARM_WINDOW_MS,
  bodyHash,
  breakerDecision,
  checkParams,
  RETRY_WAIT_MS,
} from '../src/routes/remote-control-model.ts';
import { freshDatabase, type TestDatabase, testEngine } from './engine.ts';
import { type CallResult, fingerprint, startServer, type TestServer, type Tokens } from './helpers.ts';

const BASE = '/api/gglm-big-model/interactive';
const NOW = Date.UTC(2026, 5, 1, 4, 0, 0);

/** How often the device's item has been actuated (the simulated device counts what it took). */
const actuationsOn = async (s: TestServer, signage: string, deviceCode: string): Promise<number> =>
  (await s.app.opsDb.get<{ n: number }>(sql`
    SELECT f.actuations AS n FROM remote_functions f JOIN devices d ON d.id = f.device_id
    WHERE d.device_code = ${deviceCode} AND f.signage = ${signage}`))!.n;

interface Fn {
  modelClassifyId: number;
  name: string;
  signage: string;
  options: { value: number; label: string }[];
  params: { paramsCode: string; paramsName: string; useCoefficient: number }[];
  minValue: number | null;
  maxValue: number | null;
  projectId: string;
  deviceCode: string;
}
interface Device {
  deviceCode: string;
  deviceName: string;
  projectId: string;
  projectName: string;
  functions: Fn[];
}

describe('remote control', () => {
  let s: TestServer;
  let clock = NOW;
  let admin: string;
  let operator: string;
  let storage: string;

  before(async () => {
    s = await startServer({ now: () => clock });
    admin = (await s.login('100001', 'admin', 'Hydro@2026')).access_token;
    operator = (await s.login('100001', 'operator', 'Operator@2026')).access_token;
    storage = (await s.login('100002', 'admin', 'Storage@2026')).access_token;
  });
  after(() => s.close());
  beforeEach(() => {
    clock += 1000;
  });

  const command = (
    deviceCode: string,
    signage: string,
    params: Record<string, number | string>,
    extra = {},
  ) => ({
    machineCode: 'a1b2c3d4e5f60718',
    deviceCode,
    projectId: deviceCode.split('-')[0],
    needAck: true,
    signage,
    params,
    delay: false,
    operator: 'admin',
    ...extra,
  });
  const send = (
    body: unknown,
    token = admin,
    key: string = randomUUID(),
    lang?: string,
  ): Promise<CallResult> =>
    s.call('POST', `${BASE}/sendRemoteControl`, {
      token,
      body,
      headers: { 'Idempotency-Key': key, ...(lang ? { 'Hz-Language': lang } : {}) },
    });
  const breaker = (value: number, token = admin) => send(command('HS0001-G1', 'G1_QF', { value }), token);
  const rows = async (): Promise<{ n: number }> =>
    (await s.app.opsDb.get<{ n: number }>(sql`SELECT COUNT(*) AS n FROM remote_commands`))!;
  const actuations = (signage: string, deviceCode = 'HS0001-G1') => actuationsOn(s, signage, deviceCode);
  const audit = async (params: Record<string, string> = {}, token = admin) =>
    s.call('GET', `${BASE}/audit?${new URLSearchParams({ size: '100', ...params })}`, { token });

  describe('devices', () => {
    it('lists the tenant’s devices with items of every type, the slow and the failing device', async () => {
      const res = await s.call('GET', `${BASE}/devices`, { token: admin });
      assert.equal(res.status, 200);
      const devices = res.json.data as Device[];
      assert.deepEqual(
        devices.map((d) => [d.projectId, d.deviceCode, d.deviceName]),
        [
          ['HS0001', 'HS0001-G1', '1号机组'],
          ['HS0001', 'HS0001-GATE1', '1号闸门'],
          ['HS0001', 'HS0001-DC', '直流系统'],
          ['HS0002', 'HS0002-G1', '1号机组'],
        ],
      );
      const unit = devices[0]!;
      assert.equal(unit.projectName, '飞来峡水电站');
      assert.deepEqual(
        unit.functions.map((f) => [f.modelClassifyId, f.signage]),
        [
          [0, 'G1_STATE'],
          [1, 'G1_START'],
          [1, 'G1_ESTOP'],
          [2, 'G1_QF'],
          [3, 'G1_SET'],
          [4, 'G1_RESET'],
        ],
      );
      const [state, start, estop, , setpoint] = unit.functions;
      // Type 0: the value is the status option's dictKey as given, text (DECISIONS 15).
      assert.deepEqual(state!.options, [
        { value: '0', label: '停止' },
        { value: '1', label: '运行' },
        { value: '2', label: '检修' },
      ]);
      assert.deepEqual(start!.options, [
        { value: 0, label: '启动' },
        { value: 1, label: '停止' },
      ]);
      assert.deepEqual(estop!.options, [{ value: 0, label: '执行停机' }]);
      assert.deepEqual(
        setpoint!.params.map((p) => [p.paramsCode, p.paramsName, p.useCoefficient]),
        [
          ['P', '有功功率设定值', 1],
          ['Q', '无功功率', 10],
        ],
      );
      assert.deepEqual([setpoint!.minValue, setpoint!.maxValue], [0, 100]);
    });

    it('answers option labels in English with Hz-Language en_US', async () => {
      const res = await s.call('GET', `${BASE}/devices`, {
        token: admin,
        headers: { 'Hz-Language': 'en_US' },
      });
      const start = (res.json.data as Device[])[0]!.functions[1]!;
      assert.deepEqual(
        start.options.map((o) => o.label),
        ['Start', 'Stop'],
      );
    });

    it('shows each tenant only its own devices', async () => {
      const res = await s.call('GET', `${BASE}/devices`, { token: storage });
      const codes = (res.json.data as Device[]).map((d) => d.deviceCode);
      assert.deepEqual(codes, ['ES0001-PCS1', 'ES0001-T1', 'ES0001-DC', 'ES0002-PCS1']);
    });

    it('needs a token', async () => {
      const res = await s.call('GET', `${BASE}/devices`);
      assert.equal(res.status, 401);
    });
  });

  describe('schema: refused with a clear message, nothing written', () => {
    const cases: [string, () => Promise<CallResult>, RegExp][] = [
      [
        'no Idempotency-Key',
        () =>
          s.call('POST', `${BASE}/sendRemoteControl`, {
            token: admin,
            body: command('HS0001-G1', 'G1_RESET', { value: 1 }),
          }),
        /headers\.idempotency-key/,
      ],
      [
        'a short key',
        () => send(command('HS0001-G1', 'G1_RESET', { value: 1 }), admin, 'abc'),
        /idempotency-key/,
      ],
      ['delay true', () => send(command('HS0001-G1', 'G1_RESET', { value: 1 }, { delay: true })), /delay/],
      [
        'needAck missing',
        () => send({ ...command('HS0001-G1', 'G1_RESET', { value: 1 }), needAck: undefined }),
        /needAck/,
      ],
      ['params empty', () => send(command('HS0001-G1', 'G1_RESET', {})), /params/],
      [
        'a value neither a number nor text',
        () => send({ ...command('HS0001-G1', 'G1_RESET', {}), params: { value: true } }),
        /params/,
      ],
      [
        'a text value that cannot be a dictionary key',
        () => send({ ...command('HS0001-G1', 'G1_STATE', {}), params: { value: '<script>' } }),
        /params/,
      ],
      [
        'text for a parameter other than value',
        () => send({ ...command('HS0001-G1', 'G1_SET', {}), params: { P: '1' } }),
        /params/,
      ],
      [
        '__proto__ in params',
        () =>
          s.call('POST', `${BASE}/sendRemoteControl`, {
            token: admin,
            headers: { 'Idempotency-Key': randomUUID() },
            raw: JSON.stringify(command('HS0001-G1', 'G1_RESET', {})).replace(
              '"params":{}',
              '"params":{"__proto__":{"x":1}}',
            ),
          }),
        /JSON/,
      ],
      [
        'SQL in deviceCode',
        () => send(command("HS0001-G1' OR 1=1 --", 'G1_RESET', { value: 1 })),
        /deviceCode/,
      ],
      [
        'script in machineCode',
        () => send(command('HS0001-G1', 'G1_RESET', { value: 1 }, { machineCode: '<script>' })),
        /machineCode/,
      ],
      [
        'oversized operator',
        () => send(command('HS0001-G1', 'G1_RESET', { value: 1 }, { operator: 'x'.repeat(65) })),
        /operator/,
      ],
      [
        'malformed JSON',
        () =>
          s.call('POST', `${BASE}/sendRemoteControl`, {
            token: admin,
            headers: { 'Idempotency-Key': randomUUID() },
            raw: '{"deviceCode":',
          }),
        /JSON/,
      ],
    ];
    for (const [name, call, msg] of cases) {
      it(name, async () => {
        const before = await fingerprint(s);
        const res = await call();
        assert.equal(res.status, 400, res.text);
        assert.equal(res.json.success, false);
        assert.match(res.json.msg, msg);
        assert.equal(await fingerprint(s), before);
      });
    }
  });

  describe('commands', () => {
    it('executes a type 4 command, recording the token’s user (not the body’s operator) in one audit row', async () => {
      const before = await actuations('G1_RESET');
      const key = randomUUID();
      const res = await send(
        command('HS0001-G1', 'G1_RESET', { value: 1 }, { operator: 'somebody' }),
        admin,
        key,
      );
      assert.equal(res.status, 200, res.text);
      assert.equal(res.json.msg, '遥控命令已执行');
      assert.equal(await actuations('G1_RESET'), before + 1);
      const rows = (await audit({ deviceCode: 'HS0001-G1' })).json.data.records.filter(
        (r: { idempotencyKey: string }) => r.idempotencyKey === key,
      );
      assert.equal(rows.length, 1);
      assert.equal(rows[0].account, 'admin');
      assert.equal(rows[0].result, 'success');
      assert.equal(rows[0].functionName, '信号复归');
      assert.equal(rows[0].value, '{"value":1}');
      assert.equal(rows[0].machineCode, 'a1b2c3d4e5f60718');
      assert.equal(typeof rows[0].latencyMs, 'number');
    });

    it('checks each type’s value and refuses with an audit row and no actuation', async () => {
      const refused: [string, Record<string, number | string>][] = [
        ['G1_STATE', { value: '5' }],
        // Type 0 takes the dictKey as text; types 1-4 take numbers.
        ['G1_STATE', { value: 2 }],
        ['G1_START', { value: '1' }],
        ['G1_QF', { value: '0' }],
        ['G1_RESET', { value: '1' }],
        ['G1_START', { value: 2 }],
        ['G1_ESTOP', { value: 1 }],
        ['G1_QF', { value: 5 }],
        ['G1_RESET', { value: 0 }],
        ['G1_RESET', { value: 1, other: 1 }],
        ['G1_SET', { P: 101 }],
        ['G1_SET', { Q: 10.5 }],
        ['G1_SET', { X: 1 }],
        ['G1_STATE', { value: 1.5 }],
      ];
      for (const [signage, params] of refused) {
        const count = (await rows()).n;
        const before = await actuations(signage);
        const res = await send(command('HS0001-G1', signage, params));
        assert.equal(res.status, 400, `${signage} ${JSON.stringify(params)}: ${res.text}`);
        assert.ok(res.json.msg.length > 0);
        assert.equal(await actuations(signage), before);
        assert.equal((await rows()).n, count + 1, 'one audit row for the refusal');
      }
      const accepted: [string, Record<string, number | string>][] = [
        ['G1_STATE', { value: '2' }],
        ['G1_START', { value: 1 }],
        ['G1_ESTOP', { value: 0 }],
        // Q's coefficient is 10: 5 sent is 50 typed, within 0-100.
        ['G1_SET', { P: 100, Q: 5 }],
        ['G1_SET', { P: 0 }],
      ];
      for (const [signage, params] of accepted) {
        const res = await send(command('HS0001-G1', signage, params));
        assert.equal(res.status, 200, `${signage}: ${res.text}`);
      }
      // The key is recorded as it was given: text.
      const records = (await audit({ deviceCode: 'HS0001-G1' })).json.data.records as {
        signage: string;
        result: string;
        value: string;
      }[];
      const state = records.find((r) => r.signage === 'G1_STATE' && r.result === 'success');
      assert.equal(state?.value, '{"value":"2"}');
    });

    it('refuses another tenant’s device as unknown, and an item the device lacks', async () => {
      const before = await actuations('G1_RESET');
      const foreign = await send(command('HS0001-G1', 'G1_RESET', { value: 1 }), storage);
      assert.equal(foreign.status, 404);
      assert.equal(foreign.json.msg, '设备不存在');
      assert.equal(await actuations('G1_RESET'), before);
      const lacking = await send(command('HS0001-G1', 'NOPE', { value: 1 }));
      assert.equal(lacking.status, 404);
      assert.equal(lacking.json.msg, '该设备没有此遥控项');
      const mismatch = await send(command('HS0001-G1', 'G1_RESET', { value: 1 }, { projectId: 'HS0002' }));
      assert.equal(mismatch.status, 400);
      assert.equal(mismatch.json.msg, '设备不属于该站点');
      // The refusal of the other tenant's command is in that tenant's audit, not in this one's.
      const theirs = (await audit({}, storage)).json.data.records;
      assert.ok(
        theirs.some(
          (r: { deviceCode: string; result: string }) =>
            r.deviceCode === 'HS0001-G1' && r.result === 'refused',
        ),
      );
      const ours = (await audit()).json.data.records;
      assert.ok(ours.every((r: { tenantId: string }) => r.tenantId === '100001'));
    });

    it('answers the failing device’s error and counts no actuation', async () => {
      const res = await send(command('HS0001-DC', 'DC_SWITCH', { value: 1 }));
      assert.equal(res.status, 502);
      assert.equal(res.json.msg, 'Error: 设备通信中断，命令未执行');
      assert.equal(await actuations('DC_SWITCH', 'HS0001-DC'), 0);
      const en = await send(command('HS0001-DC', 'DC_SWITCH', { value: 1 }), admin, randomUUID(), 'en_US');
      assert.equal(en.json.msg, 'Error: device communication lost, command not executed');
    });
  });

  describe('breaker protocol', () => {
    it('refuses a confirm without its pre-step, and every step out of order, changing nothing', async () => {
      const split = await breaker(1);
      assert.equal(split.status, 409);
      assert.equal(split.json.msg, '请先发送预分闸，再确认');
      const withdraw = await breaker(4);
      assert.equal(withdraw.status, 409);
      assert.equal(withdraw.json.msg, '没有可撤销的遥控命令');
      assert.equal(await actuations('G1_QF'), 0);

      assert.equal((await breaker(0)).status, 200, 'pre-split arms the breaker');
      const again = await breaker(2);
      assert.equal(again.status, 409);
      assert.equal(again.json.msg, '该断路器已预分闸，请先确认或撤销');
      const wrong = await breaker(3);
      assert.equal(wrong.status, 409);
      assert.equal(wrong.json.msg, '确认步骤与已选择的预分闸不符');
      const other = await breaker(1, operator);
      assert.equal(other.status, 409);
      assert.match(other.json.msg, /其他用户/);
      assert.equal(await actuations('G1_QF'), 1, 'only the pre-split reached the device');

      assert.equal((await breaker(4)).json.msg, '遥控命令已撤销');
      assert.equal((await breaker(1)).status, 409, 'withdraw cancelled the pre-split');

      assert.equal((await breaker(2)).status, 200);
      const close = await breaker(3);
      assert.equal(close.status, 200);
      assert.equal(close.json.msg, '遥控命令已执行');
      assert.equal((await breaker(3)).status, 409, 'a confirm resets the breaker');
    });

    it('lets the pre-step lapse after the window', async () => {
      assert.equal((await breaker(0)).status, 200);
      clock += ARM_WINDOW_MS + 1;
      const late = await breaker(1);
      assert.equal(late.status, 409);
      assert.equal(late.json.msg, '预分闸已超时失效（60 秒），请重新发送');
      assert.equal((await breaker(0)).status, 200, 'a lapsed arm takes a new pre-step');
      assert.equal((await breaker(1)).status, 200);
    });

    it('clears a failed pre-step on the failing device, so its confirm is refused', async () => {
      const pre = await send(command('HS0001-DC', 'DC_QF', { value: 0 }));
      assert.equal(pre.status, 502);
      const confirm = await send(command('HS0001-DC', 'DC_QF', { value: 1 }));
      assert.equal(confirm.status, 409);
    });
  });

  describe('exactly once', () => {
    it('answers a retried key with the first answer and actuates once', async () => {
      const key = randomUUID();
      const body = command('HS0001-G1', 'G1_RESET', { value: 1 });
      const before = await actuations('G1_RESET');
      const count = (await rows()).n;
      const first = await send(body, admin, key);
      const second = await send(body, admin, key);
      assert.equal(first.status, 200);
      assert.equal(second.status, 200);
      assert.deepEqual(second.json, first.json);
      assert.equal(await actuations('G1_RESET'), before + 1);
      assert.equal((await rows()).n, count + 1);
      // A refusal is replayed the same way.
      const refusedKey = randomUUID();
      const r1 = await breaker(1);
      assert.equal(r1.status, 409);
      const r2 = await send(command('HS0001-G1', 'G1_QF', { value: 3 }), admin, refusedKey);
      const r3 = await send(command('HS0001-G1', 'G1_QF', { value: 3 }), admin, refusedKey);
      assert.equal(r3.status, r2.status);
      assert.deepEqual(r3.json, r2.json);
    });

    it('refuses a key reused for another command, without a row', async () => {
      const key = randomUUID();
      assert.equal((await send(command('HS0001-G1', 'G1_RESET', { value: 1 }), admin, key)).status, 200);
      const before = await fingerprint(s);
      const reused = await send(command('HS0001-G1', 'G1_STATE', { value: 1 }), admin, key);
      assert.equal(reused.status, 422);
      assert.equal(reused.json.msg, 'Idempotency-Key 已用于另一条命令');
      assert.equal(await fingerprint(s), before);
    });

    it('waits for a command still in flight (the slow device) and never actuates twice', async () => {
      const key = randomUUID();
      const body = command('HS0001-GATE1', 'GATE1_RESET', { value: 1 });
      const count = (await rows()).n;
      const [first, retry] = await Promise.all([
        send(body, admin, key),
        new Promise<CallResult>((resolve) => setTimeout(() => resolve(send(body, admin, key)), 200)),
      ]);
      assert.equal(first.status, 200);
      assert.deepEqual(retry.json, first.json);
      assert.equal(await actuations('GATE1_RESET', 'HS0001-GATE1'), 1);
      assert.equal((await rows()).n, count + 1);
      const row = (await audit({ deviceCode: 'HS0001-GATE1' })).json.data.records[0];
      assert.equal(row.idempotencyKey, key);
      assert.ok(row.latencyMs >= 5000, String(row.latencyMs));
    });
  });

  describe('audit', () => {
    it('is for administrators only', async () => {
      const res = await audit({}, operator);
      assert.equal(res.status, 403);
    });

    it('pages newest first and filters by device and time', async () => {
      const all = (await audit()).json.data;
      assert.ok(all.total >= 10);
      const page = (await audit({ size: '3', current: '2' })).json.data;
      assert.equal(page.records.length, 3);
      assert.deepEqual(
        page.records.map((r: { id: string }) => r.id),
        all.records.slice(3, 6).map((r: { id: string }) => r.id),
      );
      const dc = (await audit({ deviceCode: 'HS0001-DC' })).json.data.records;
      assert.ok(dc.length >= 2);
      assert.ok(dc.every((r: { deviceCode: string }) => r.deviceCode === 'HS0001-DC'));
      const none = (await audit({ beginTime: String(clock + 10_000) })).json.data;
      assert.equal(none.total, 0);
      const upTo = (await audit({ endTime: String(NOW + 1500) })).json.data.records;
      assert.ok(upTo.every((r: { time: string }) => r.time <= '2026-06-01 12:00:01'));
      const bad = await audit({ beginTime: '2026-02-31' });
      assert.equal(bad.status, 400);
    });
  });
});

describe('remote control beyond one instance', () => {
  // On PostgreSQL a second instance on the same database; SQLite runs one instance, where the same
  // requests meet on it.
  let shared: TestDatabase | null = null;
  let a: TestServer;
  let b: TestServer;
  let admin: Tokens;
  let clock = NOW;

  before(async () => {
    shared = testEngine() === 'postgres' ? await freshDatabase() : null;
    const options = { now: () => clock, ...(shared ? { dbPath: shared.url } : {}) };
    a = await startServer(options);
    b = shared ? await startServer(options) : a;
    admin = await a.login('100001', 'admin', 'Hydro@2026');
  });
  after(async () => {
    await a?.close();
    if (b !== a) await b?.close();
    await shared?.drop();
  });
  beforeEach(() => {
    clock += 1000;
  });

  const body = (signage: string, value: number, deviceCode = 'HS0001-G1') => ({
    machineCode: 'a1b2c3d4e5f60718',
    deviceCode,
    projectId: 'HS0001',
    needAck: true,
    signage,
    params: { value },
    delay: false,
    operator: 'admin',
  });
  const send = (on: TestServer, command: ReturnType<typeof body>, key: string = randomUUID()) =>
    on.call('POST', `${BASE}/sendRemoteControl`, {
      token: admin.access_token,
      body: command,
      headers: { 'Idempotency-Key': key },
    });
  /** A command another instance has claimed and not answered yet: its audit row, as that instance wrote it. */
  const claimedElsewhere = async (key: string, command: ReturnType<typeof body>, createdAt: number) => {
    await a.app.opsDb.run(sql`
      INSERT INTO remote_commands (tenant_id, user_id, account, idem_key, body_hash, device_code, project_id,
        signage, value, machine_code, created_at, create_time)
      VALUES ('100001', ${Number(admin.user_id)}, 'admin', ${key}, ${bodyHash({ ...command, operator: undefined })},
        ${command.deviceCode}, ${command.projectId}, ${command.signage}, ${JSON.stringify(command.params)},
        ${command.machineCode}, ${createdAt}, '2026-06-01 12:00:00')`);
  };

  it('confirms on one instance the pre-step armed on the other', async () => {
    assert.equal((await send(a, body('G1_QF', 0))).status, 200);
    const confirm = await send(b, body('G1_QF', 1));
    assert.equal(confirm.status, 200, confirm.text);
    assert.equal(confirm.json.msg, '遥控命令已执行');
    assert.equal((await send(a, body('G1_QF', 1))).status, 409, 'the confirm disarmed it everywhere');
  });

  it('lets one of several confirms sent at once pass and refuses the others, actuating once', async () => {
    assert.equal((await send(b, body('G1_QF', 2))).status, 200);
    const before = await actuationsOn(a, 'G1_QF', 'HS0001-G1');
    // Six at once, alternating between the instances: the breaker's arm is read and written by one at a time.
    const answers = await Promise.all([a, b, a, b, a, b].map((on) => send(on, body('G1_QF', 3))));
    assert.deepEqual(
      answers.map((r) => r.status).sort(),
      [200, 409, 409, 409, 409, 409],
      answers.map((r) => r.text).join('\n'),
    );
    assert.equal(await actuationsOn(a, 'G1_QF', 'HS0001-G1'), before + 1);
  });

  it('answers a retry with what the instance running the command stores, read from its row', async () => {
    const key = randomUUID();
    const command = body('G1_RESET', 1);
    const before = await actuationsOn(a, 'G1_RESET', 'HS0001-G1');
    await claimedElsewhere(key, command, clock);
    let settled = false;
    const retry = send(b, command, key).finally(() => {
      settled = true;
    });
    // Another call through the server: the retry has found the command unanswered by now.
    await b.call('GET', `${BASE}/devices`, { token: admin.access_token });
    assert.equal(settled, false, 'the retry waits for the answer');
    const stored = { code: 200, success: true, msg: '遥控命令已执行', data: { elsewhere: true } };
    await a.app.opsDb.run(sql`
      UPDATE remote_commands SET result = 'success', status = 200, msg = ${stored.msg},
        answer = ${JSON.stringify(stored)}, latency_ms = 5
      WHERE tenant_id = '100001' AND idem_key = ${key}`);
    const answer = await retry;
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.json, stored);
    assert.equal(await actuationsOn(a, 'G1_RESET', 'HS0001-G1'), before, 'the retry reached no device');
    const rows = await a.app.opsDb.get<{ n: number }>(
      sql`SELECT COUNT(*) AS n FROM remote_commands WHERE idem_key = ${key}`,
    );
    assert.equal(rows?.n, 1, 'one audit row');
  });

  it('settles at once as interrupted a command unanswered longer than a retry waits (its instance stopped)', async () => {
    const key = randomUUID();
    const command = body('G1_RESET', 1);
    const before = await actuationsOn(a, 'G1_RESET', 'HS0001-G1');
    await claimedElsewhere(key, command, clock - RETRY_WAIT_MS - 1);
    const answer = await send(b, command, key);
    assert.equal(answer.status, 503);
    assert.equal(answer.json.msg, '服务器在命令执行中停止，结果未知，请先查看设备状态');
    const row = await a.app.opsDb.get<{ result: string; status: number }>(
      sql`SELECT result, status FROM remote_commands WHERE idem_key = ${key}`,
    );
    assert.deepEqual({ ...row }, { result: 'failed', status: 503 }, 'kept as interrupted');
    assert.equal(await actuationsOn(a, 'G1_RESET', 'HS0001-G1'), before, 'the retry reached no device');
  });
});

describe('breaker protocol (pure)', () => {
  const armed = (step: number, userId = 1, armedAt = 0) => ({
    userId,
    step,
    state: 'armed' as const,
    armedAt,
  });
  const table: [string, Parameters<typeof breakerDecision>[0], number, string][] = [
    ['pre-split, nothing armed', null, 0, 'pre'],
    ['pre-close, nothing armed', null, 2, 'pre'],
    ['split, nothing armed', null, 1, 'breakerNoPreStep'],
    ['close, nothing armed', null, 3, 'breakerNoPreStep'],
    ['withdraw, nothing armed', null, 4, 'breakerNothingArmed'],
    ['split after pre-split', armed(0), 1, 'confirm'],
    ['close after pre-close', armed(2), 3, 'confirm'],
    ['close after pre-split', armed(0), 3, 'breakerMismatch'],
    ['split after pre-close', armed(2), 1, 'breakerMismatch'],
    ['pre-close after pre-split', armed(0), 2, 'breakerArmed'],
    ['pre-split again', armed(0), 0, 'breakerArmed'],
    ['withdraw after pre-split', armed(0), 4, 'withdraw'],
    ['withdraw after pre-close', armed(2), 4, 'withdraw'],
    ['split, armed by another user', armed(0, 2), 1, 'breakerOtherUser'],
    ['withdraw, armed by another user', armed(0, 2), 4, 'breakerOtherUser'],
    [
      'pre-split while a pre-step is in flight',
      { userId: 1, step: 0, state: 'pending', armedAt: 0 },
      0,
      'breakerBusy',
    ],
    [
      'split while the confirm is in flight',
      { userId: 1, step: 0, state: 'confirming', armedAt: 0 },
      1,
      'breakerBusy',
    ],
    ['split after the window', armed(0, 1, -ARM_WINDOW_MS - 1), 1, 'breakerExpired'],
    ['pre-close after a lapsed arm', armed(0, 1, -ARM_WINDOW_MS - 1), 2, 'pre'],
    ['another user after a lapsed arm', armed(0, 2, -ARM_WINDOW_MS - 1), 0, 'pre'],
  ];
  for (const [name, arm, step, expected] of table) {
    it(name, () => {
      const decision = breakerDecision(arm, step, 1, 0);
      assert.equal(decision.ok ? decision.kind : decision.key, expected);
    });
  }

  it('checks a parameter form against min and max through its coefficient', () => {
    const fn = {
      model_classify_id: 3,
      min_value: 0,
      max_value: 100,
      parameter_json: JSON.stringify([
        { paramsCode: 'Q', paramsName: 'q', paramsValue: '', useCoefficient: 10 },
      ]),
    };
    assert.deepEqual(checkParams(fn, [], { Q: 10 }), { ok: true });
    assert.equal(checkParams(fn, [], { Q: 10.01 }).ok, false);
    assert.equal(checkParams(fn, [], { Q: -0.01 }).ok, false);
    assert.equal(checkParams(fn, [], {}).ok, false);
  });
});
