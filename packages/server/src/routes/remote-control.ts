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
  bodyHash,
  breakerDecision,
  checkParams,
  coefficient,
  optionsOf,
  PARAMS_MAX,
  paramsOf,
  type RcMessage,
  say,
  type Vars,
} from './remote-control-model.ts';

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

const functionDto = (fn: FunctionWithDevice, options: ReturnType<typeof optionsOf>) => ({
  id: String(fn.id),
  modelClassifyId: fn.model_classify_id,
  name: fn.name,
  signage: fn.signage,
  controlStatus: fn.control_status,
  controlParameter: fn.control_parameter,
  parameterSource: fn.parameter_source,
  sourceAttrSignage: fn.source_attr_signage,
  parameterJson: fn.parameter_json,
  params: paramsOf(fn).map((p) => ({
    paramsCode: p.paramsCode,
    paramsName: p.paramsName,
    paramsValue: p.paramsValue ?? '',
    useCoefficient: coefficient(p.useCoefficient),
  })),
  options,
  minValue: fn.min_value,
  maxValue: fn.max_value,
  isPopup: fn.is_popup,
  isCheck: fn.is_check,
  projectId: fn.station_id,
  projectName: fn.station_name,
  deviceCode: fn.device_code,
  deviceName: fn.device_name,
  lastValue: fn.last_value,
  lastTime: fn.last_time,
});

const auditDto = (c: CommandRow) => ({
  id: String(c.id),
  time: c.create_time,
  tenantId: c.tenant_id,
  userId: String(c.user_id),
  account: c.account,
  deviceCode: c.device_code,
  deviceName: c.device_name,
  projectId: c.project_id,
  functionName: c.function_name,
  signage: c.signage,
  modelClassifyId: c.model_classify_id,
  value: c.value,
  machineCode: c.machine_code,
  idempotencyKey: c.idem_key,
  result: c.result,
  status: c.status,
  msg: c.msg,
  latencyMs: c.latency_ms,
});

/**
 * Remote control of the simulated field devices (docs/api.md, section "Remote control"): the tenant's
 * devices and their items, sendRemoteControl (schema-checked, the breaker protocol enforced, exactly once
 * per Idempotency-Key, one audit row per command) and the audit for administrators.
 */
export function registerRemoteControlRoutes(app: RouteApp, ctx: AppContext) {
  const rc = remoteControlRepo(ctx.repos.db);
  // The simulated devices' items arrive with the devices (also in a database seeded before them).
  if (ctx.repos.devices.count() > 0) seedRemoteControl(ctx.repos);
  /** Commands under way, by tenant and key: a retry meanwhile waits for the first answer. */
  const running = new Map<string, Promise<Answer>>();
  /** The simulated devices' pending answers, settled at once when the server closes. */
  const waits = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const settle of waits) settle();
  });

  const dictsOf = (tenantId: string) => ({
    status: ctx.repos.dicts.byCode(tenantId, 'model_func_status'),
    controlParam: ctx.repos.dicts.byCode(tenantId, 'model_func_control_param'),
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

  app.get(`${RC_BASE}/devices`, async (request) => {
    const { tenantId } = me(request);
    const dicts = dictsOf(tenantId);
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
    for (const fn of rc.functions(tenantId)) {
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

      const earlier = rc.command(tenantId, key);
      if (earlier) {
        // The same key again: the first answer, never a second actuation.
        if (earlier.body_hash !== hash || earlier.user_id !== user.id) {
          return send(failure(422, say(request, 'keyReused')));
        }
        if (earlier.answer) return send({ status: earlier.status ?? 200, body: JSON.parse(earlier.answer) });
        const first = running.get(`${tenantId}\n${key}`);
        return send(first ? await first : failure(409, say(request, 'inProgress')));
      }

      // From here to the first await nothing yields: the audit row (its key unique) and the breaker's arm
      // are written before any other request runs.
      const started = performance.now();
      const id = rc.insertCommand({
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
      const finish = (result: CommandRow['result'], answer: Answer): Answer => {
        try {
          rc.finishCommand(id, {
            result,
            status: answer.status,
            msg: answer.body.msg,
            answer: JSON.stringify(answer.body),
            latency_ms: Math.round(performance.now() - started),
          });
        } catch (error) {
          // The database closed while a slow device was answering (server shutdown).
          request.log.warn({ err: error }, 'remote control audit not finished');
        }
        return answer;
      };
      const refuse = (status: number, message: RcMessage, vars?: Vars) =>
        finish('refused', failure(status, say(request, message, vars)));

      const work = execute(request, id, { userId: user.id, tenantId }, command, finish, refuse);
      const mapKey = `${tenantId}\n${key}`;
      running.set(mapKey, work);
      try {
        return send(await work);
      } finally {
        running.delete(mapKey);
      }
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
    finish: (result: CommandRow['result'], answer: Answer) => Answer,
    refuse: (status: number, message: RcMessage, vars?: Vars) => Answer,
  ): Promise<Answer> {
    const { tenantId, userId } = who;
    const fn = rc.function(tenantId, command.deviceCode, command.signage);
    if (!fn) {
      // Another tenant's device is as unknown as a device that does not exist.
      return rc.deviceExists(tenantId, command.deviceCode)
        ? refuse(404, 'functionUnknown')
        : refuse(404, 'deviceUnknown');
    }
    rc.describeCommand(id, {
      device_name: fn.device_name,
      function_name: fn.name,
      model_classify_id: fn.model_classify_id,
    });
    if (fn.station_id !== command.projectId) return refuse(400, 'projectMismatch');
    const options = optionsOf(fn, dictsOf(tenantId), language(request));
    const check = checkParams(fn, options, command.params);
    if (!check.ok) return refuse(400, check.key, check.vars);

    const breaker = fn.model_classify_id === 2;
    const step = Number(command.params.value ?? -1);
    let kind: 'pre' | 'confirm' | 'withdraw' | null = null;
    /** The caller's pre-step on this breaker, pending until the device accepts it, then armed. */
    const armPre = (state: 'pending' | 'armed') =>
      rc.putArm({
        tenant_id: tenantId,
        function_id: fn.id,
        user_id: userId,
        step,
        state,
        armed_at: ctx.now(),
      });
    if (breaker) {
      const arm = rc.arm(tenantId, fn.id);
      const decision = breakerDecision(
        arm ? { userId: arm.user_id, step: arm.step, state: arm.state, armedAt: arm.armed_at } : null,
        step,
        userId,
        ctx.now(),
      );
      if (!decision.ok) return refuse(409, decision.key, decision.vars);
      kind = decision.kind;
      if (kind === 'pre') {
        armPre('pending');
      } else if (kind === 'confirm' && arm) {
        rc.putArm({ ...arm, state: 'confirming' });
      } else {
        // A withdraw disarms at once: whatever the device answers, no confirm can follow it.
        rc.clearArm(tenantId, fn.id);
      }
    }

    const accepted = await device(fn);
    if (!accepted) {
      if (kind === 'pre') rc.clearArm(tenantId, fn.id);
      if (kind === 'confirm') {
        // DECISIONS 14: a failed confirm keeps the armed pre-step (the confirm may be sent again).
        const arm = rc.arm(tenantId, fn.id);
        if (arm) rc.putArm({ ...arm, state: 'armed' });
      }
      return finish('failed', failure(502, say(request, 'deviceFailed')));
    }
    rc.actuated(fn.id, JSON.stringify(command.params), nowText(ctx.now()));
    if (kind === 'pre') {
      armPre('armed');
    } else if (kind === 'confirm') {
      rc.clearArm(tenantId, fn.id);
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
      const page = rc.audit(tenantId, { deviceCode: q.deviceCode, ...range }, pageArgs(q));
      return ok(mapPage(page, auditDto));
    },
  );
}
