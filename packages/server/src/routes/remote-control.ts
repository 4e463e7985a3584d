import { performance } from 'node:perf_hooks';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { AppContext } from '../context.ts';
import { mapPage, pageArgs } from '../db/paged.ts';
import { type CommandRow, type FunctionWithDevice, remoteControlRepo } from '../db/repos/remote-control.ts';
import { nowText } from '../db/repos/util.ts';
import { seedRemoteControl } from '../db/seed-remote-control.ts';
import { me } from '../http/auth.ts';
import { type Envelope, ok } from '../http/envelope.ts';
import { language } from '../http/messages.ts';
import { body, paging, query, type RouteApp } from '../http/schema.ts';
import { parseTime, TIME_PATTERN } from './device-model.ts';
import {
  ARM_WINDOW_MS,
  auditDto,
  bodyHash,
  breakerDecision,
  checkParams,
  functionDto,
  INTERRUPTED_STATUS,
  INTERRUPTED_TEXT,
  optionsOf,
  PARAMS_MAX,
  type RcMessage,
  RETRY_POLL_MS,
  RETRY_WAIT_MS,
  say,
  type Vars,
} from './remote-control-model.ts';
import { sweepEvery } from './sweep.ts';

export const RC_BASE = '/api/gglm-big-model/interactive';

const CODE = Type.String({ pattern: '^[A-Za-z0-9_.-]{1,64}$' });
/** A dictionary key as a type 0 command sends it: what a dictionary entry's key may be (routes/dict.ts). */
const DICT_KEY = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[^<>`]*[^\\s<>`][^<>`]*$' };
const SEND_BODY = body(
  {
    machineCode: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }),
    deviceCode: CODE,
    projectId: Type.String({ pattern: '^[A-Za-z0-9_-]{1,20}$' }),
    needAck: Type.Boolean(),
    signage: CODE,
    // { value } for types 0-2 and 4 (type 0: the dictKey as text), parameter code -> value for type 3
    // (spec §7). Which of them fits the item is checked against it, with an audit row.
    params: Type.Unsafe<Record<string, number | string>>({
      type: 'object',
      propertyNames: { pattern: '^[A-Za-z][A-Za-z0-9_]{0,31}$' },
      properties: { value: { anyOf: [{ type: 'number' }, DICT_KEY] } },
      additionalProperties: { type: 'number' },
      minProperties: 1,
      maxProperties: PARAMS_MAX,
    }),
    delay: Type.Literal(false),
    // Sent by the console; the operator recorded is always the token's user.
    operator: Type.String({ maxLength: 64 }),
  },
  ['machineCode', 'deviceCode', 'projectId', 'needAck', 'signage', 'params', 'delay'],
);
const IDEMPOTENCY = Type.Object({ 'idempotency-key': Type.String({ pattern: '^[A-Za-z0-9_-]{8,128}$' }) });
const AUDIT_QUERY = query({
  ...paging,
  deviceCode: CODE,
  beginTime: Type.String({ pattern: TIME_PATTERN }),
  endTime: Type.String({ pattern: TIME_PATTERN }),
});

/** A stored answer: its HTTP status and envelope, replayed as it is for a retried key. */
interface Answer {
  status: number;
  body: Envelope<unknown>;
}

const failure = (status: number, msg: string): Answer => ({
  status,
  body: { code: status, success: false, msg, data: null },
});

/** The stored answer of a command, once it has one. */
const answerOf = (row: CommandRow): Answer | null =>
  row.answer ? { status: row.status ?? 200, body: JSON.parse(row.answer) } : null;

/** A command's stored answer as the caller reads it: an interrupted one in the caller's language. */
const answerFor = (request: FastifyRequest, answer: Answer): Answer =>
  answer.status === INTERRUPTED_STATUS ? failure(INTERRUPTED_STATUS, say(request, 'interrupted')) : answer;

/**
 * Remote control of the simulated field devices (docs/api.md, section "Remote control"): the tenant's
 * devices and their items, sendRemoteControl (schema-checked, the breaker protocol enforced, exactly once
 * per Idempotency-Key on every instance, one audit row per command) and the audit for administrators.
 */
export async function registerRemoteControlRoutes(app: RouteApp, ctx: AppContext) {
  const { bus } = ctx.repos;
  const rc = remoteControlRepo(ctx.repos.db);
  // The simulated devices' items arrive with the devices (also in a database seeded before them); of
  // instances starting together on one database, one adds them.
  await ctx.repos.transaction(async () => {
    await ctx.repos.db.lock('seed');
    if ((await ctx.repos.devices.count()) > 0) await seedRemoteControl(ctx.repos);
  });
  // A command pending longer than a retry waits never will be answered (a device answers within 6.5 s): its
  // instance stopped. Such commands are settled as interrupted at start, every RETRY_WAIT_MS, and when a
  // retry finds one, so the audit never shows a command under way for ever.
  const settleInterrupted = () =>
    rc.settleStale(ctx.now() - RETRY_WAIT_MS, {
      result: 'failed',
      status: INTERRUPTED_STATUS,
      msg: INTERRUPTED_TEXT,
      answer: JSON.stringify(failure(INTERRUPTED_STATUS, INTERRUPTED_TEXT).body),
    });
  await sweepEvery(app, RETRY_WAIT_MS, 'settling interrupted commands', async () => {
    await settleInterrupted();
  });
  /** The simulated devices' pending answers and the retries waiting, settled at once when the server closes. */
  const waits = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const settle of waits) settle();
  });

  const dictsOf = async (tenantId: string) => ({
    status: await ctx.repos.dicts.byCode(tenantId, 'model_func_status'),
    controlParam: await ctx.repos.dicts.byCode(tenantId, 'model_func_control_param'),
  });

  /** The simulated device: answers after its delay; the failing one never takes a command. */
  const device = (fn: FunctionWithDevice): Promise<boolean> =>
    new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        waits.delete(done);
        resolve(fn.behaviour !== 'fail');
      };
      const timer = setTimeout(done, fn.delay_ms);
      waits.add(done);
    });

  /**
   * The answer of a command under way on this or another instance: heard on the bus when that instance
   * stores it, and read from its row at once (it may have been stored before this listened) and every
   * RETRY_POLL_MS (a notification lost with a dropped connection). Null after RETRY_WAIT_MS or at close.
   */
  const answerLater = (tenantId: string, key: string) =>
    new Promise<Answer | null>((resolve) => {
      let done = false;
      const end = (answer: Answer | null) => {
        if (done) return;
        done = true;
        unfollow();
        clearInterval(poll);
        clearTimeout(timer);
        waits.delete(stop);
        resolve(answer);
      };
      const stop = () => end(null);
      const read = () => {
        if (done) return;
        rc.command(tenantId, key).then(
          (row) => {
            const answer = row && answerOf(row);
            if (answer) end(answer);
          },
          // The database closing with the server: the close ends the wait.
          () => undefined,
        );
      };
      const unfollow = bus.subscribe('ops_command', (event) => {
        const stored = event as { tenantId?: string; idemKey?: string };
        if (stored.tenantId === tenantId && stored.idemKey === key) read();
      });
      const poll = setInterval(read, RETRY_POLL_MS);
      const timer = setTimeout(stop, RETRY_WAIT_MS);
      waits.add(stop);
      read();
    });

  /** A request whose key another request has claimed: that command's answer, never a second actuation. */
  async function replay(
    request: FastifyRequest,
    tenantId: string,
    key: string,
    who: { userId: number; hash: string },
  ): Promise<Answer> {
    const earlier = await rc.command(tenantId, key);
    if (earlier && (earlier.body_hash !== who.hash || earlier.user_id !== who.userId)) {
      return failure(422, say(request, 'keyReused'));
    }
    const stored = earlier && answerOf(earlier);
    if (stored) return answerFor(request, stored);
    const inProgress = failure(409, say(request, 'inProgress'));
    if (!earlier) return inProgress;
    // A command unanswered for that long never will be (its instance stopped): settled now, not waited for.
    if (ctx.now() - earlier.created_at > RETRY_WAIT_MS) {
      await settleInterrupted();
      const row = await rc.command(tenantId, key);
      const settled = row && answerOf(row);
      return settled ? answerFor(request, settled) : inProgress;
    }
    const later = await answerLater(tenantId, key);
    return later ? answerFor(request, later) : inProgress;
  }

  app.get(`${RC_BASE}/devices`, async (request) => {
    const { tenantId } = me(request);
    const dicts = await dictsOf(tenantId);
    const lang = language(request);
    const devices = new Map<string, ReturnType<typeof deviceDto>>();
    function deviceDto(fn: FunctionWithDevice) {
      return {
        deviceCode: fn.device_code,
        deviceName: fn.device_name,
        projectId: fn.station_id,
        projectName: fn.station_name,
        functions: [] as ReturnType<typeof functionDto>[],
      };
    }
    for (const fn of await rc.functions(tenantId)) {
      const entry = devices.get(fn.device_code) ?? deviceDto(fn);
      entry.functions.push(functionDto(fn, optionsOf(fn, dicts, lang)));
      devices.set(fn.device_code, entry);
    }
    return ok([...devices.values()]);
  });

  app.post(
    `${RC_BASE}/sendRemoteControl`,
    { schema: { headers: IDEMPOTENCY, body: SEND_BODY } },
    async (request, reply) => {
      const { user, tenantId } = me(request);
      const key = request.headers['idempotency-key'] as string;
      const command = request.body;
      const hash = bodyHash({ ...command, operator: undefined });
      const send = (answer: Answer) => reply.code(answer.status).send(answer.body);

      // The first request with the key, on whichever instance, claims it by writing the audit row (the
      // key is unique in the tenant); any other answers what that one answers.
      const started = performance.now();
      const id = await rc.claimCommand({
        tenant_id: tenantId,
        user_id: user.id,
        account: user.account,
        idem_key: key,
        body_hash: hash,
        device_code: command.deviceCode,
        project_id: command.projectId,
        signage: command.signage,
        value: JSON.stringify(command.params),
        machine_code: command.machineCode,
        created_at: ctx.now(),
        create_time: nowText(ctx.now()),
      });
      if (id === null) return send(await replay(request, tenantId, key, { userId: user.id, hash }));

      const finish = async (result: CommandRow['result'], answer: Answer): Promise<Answer> => {
        try {
          await rc.finishCommand(id, {
            result,
            status: answer.status,
            msg: answer.body.msg,
            answer: JSON.stringify(answer.body),
            latency_ms: Math.round(performance.now() - started),
          });
          // Retries of the key waiting on any instance read the answer now.
          await bus.publish('ops_command', { tenantId, idemKey: key });
        } catch (error) {
          // The database closed while a slow device was answering (server shutdown).
          request.log.warn({ err: error }, 'remote control audit not finished');
        }
        return answer;
      };
      const refuse = (status: number, message: RcMessage, vars?: Vars) =>
        finish('refused', failure(status, say(request, message, vars)));

      return send(await execute(request, id, { userId: user.id, tenantId }, command, finish, refuse));
    },
  );

  async function execute(
    request: FastifyRequest,
    id: number,
    who: { userId: number; tenantId: string },
    command: {
      deviceCode: string;
      projectId: string;
      signage: string;
      params: Record<string, number | string>;
    },
    finish: (result: CommandRow['result'], answer: Answer) => Promise<Answer>,
    refuse: (status: number, message: RcMessage, vars?: Vars) => Promise<Answer>,
  ): Promise<Answer> {
    const { tenantId, userId } = who;
    const fn = await rc.function(tenantId, command.deviceCode, command.signage);
    if (!fn) {
      // Another tenant's device is as unknown as a device that does not exist.
      return (await rc.deviceExists(tenantId, command.deviceCode))
        ? refuse(404, 'functionUnknown')
        : refuse(404, 'deviceUnknown');
    }
    await rc.describeCommand(id, {
      device_name: fn.device_name,
      function_name: fn.name,
      model_classify_id: fn.model_classify_id,
    });
    if (fn.station_id !== command.projectId) return refuse(400, 'projectMismatch');
    const options = optionsOf(fn, await dictsOf(tenantId), language(request));
    const check = checkParams(fn, options, command.params);
    if (!check.ok) return refuse(400, check.key, check.vars);

    const breaker = fn.model_classify_id === 2;
    const step = Number(command.params.value ?? -1);
    /** The caller's arm on this breaker; armed_at is the confirmed pre-step's, kept if the confirm fails. */
    const mine = { tenant_id: tenantId, function_id: fn.id, user_id: userId, armed_at: ctx.now() };
    let kind: 'pre' | 'confirm' | 'withdraw' | null = null;
    if (breaker) {
      // The decision and what it writes are one step on every instance: of two confirms, one passes.
      const decision = await rc.withArm(tenantId, fn.id, async (arm) => {
        const decided = breakerDecision(
          arm ? { userId: arm.user_id, step: arm.step, state: arm.state, armedAt: arm.armed_at } : null,
          step,
          userId,
          ctx.now(),
        );
        if (!decided.ok) return decided;
        if (decided.kind === 'pre') {
          // Pending until the device accepts it, then armed.
          await rc.putArm({ ...mine, step, state: 'pending' });
        } else if (decided.kind === 'confirm' && arm) {
          mine.armed_at = arm.armed_at;
          await rc.putArm({ ...arm, state: 'confirming' });
        } else {
          // A withdraw disarms at once: whatever the device answers, no confirm can follow it.
          await rc.clearArm(tenantId, fn.id);
        }
        return decided;
      });
      if (!decision.ok) return refuse(409, decision.key, decision.vars);
      kind = decision.kind;
    }

    const accepted = await device(fn);
    if (!accepted) {
      if (kind === 'pre') await rc.settleArm(mine, 'pending', false);
      // DECISIONS 14: a failed confirm keeps the armed pre-step (the confirm may be sent again).
      if (kind === 'confirm') await rc.settleArm(mine, 'confirming', true);
      return finish('failed', failure(502, say(request, 'deviceFailed')));
    }
    await rc.actuated(fn.id, JSON.stringify(command.params), nowText(ctx.now()));
    if (kind === 'pre') {
      await rc.settleArm({ ...mine, armed_at: ctx.now() }, 'pending', true);
    } else if (kind === 'confirm') {
      await rc.settleArm(mine, 'confirming', false);
    }
    const msg = say(request, kind === 'withdraw' ? 'withdrawn' : 'sent');
    const armedUntil = kind === 'pre' ? nowText(ctx.now() + ARM_WINDOW_MS) : null;
    return finish('success', {
      status: 200,
      body: ok(
        {
          deviceCode: fn.device_code,
          signage: fn.signage,
          params: command.params,
          breaker: breaker ? { step, armed: kind === 'pre', armedUntil } : null,
        },
        msg,
      ),
    });
  }

  app.get(
    `${RC_BASE}/audit`,
    { config: { auth: 'admin' }, schema: { querystring: AUDIT_QUERY } },
    async (request, reply) => {
      const { tenantId } = me(request);
      const q = request.query;
      const range: { from?: number; to?: number } = {};
      for (const [field, name] of [
        ['beginTime', 'from'],
        ['endTime', 'to'],
      ] as const) {
        const text = q[field];
        if (text === undefined) continue;
        const ms = parseTime(text);
        if (ms === null)
          return reply.code(400).send(failure(400, say(request, 'timeInvalid', { field })).body);
        range[name] = ms;
      }
      const page = await rc.audit(tenantId, { deviceCode: q.deviceCode, ...range }, pageArgs(q));
      return ok(
        mapPage(page, (c) => ({
          ...auditDto(c),
          msg: c.status === INTERRUPTED_STATUS ? say(request, 'interrupted') : c.msg,
        })),
      );
    },
  );
}
