import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { DictRow } from '../db/repos/dicts.ts';
import type { ArmState, CommandRow, FunctionRow, FunctionWithDevice } from '../db/repos/remote-control.ts';
import { language } from '../http/messages.ts';

/** Breaker values (spec §4): pre-split, split, pre-close, close, withdraw. */
export const BREAKER = { preSplit: 0, split: 1, preClose: 2, close: 3, withdraw: 4 } as const;
/** How long an armed pre-step waits for its confirm (the same user's) before it lapses. */
export const ARM_WINDOW_MS = 60_000;
/**
 * How long a request retrying a key waits for the first request's answer (the slowest simulated device
 * takes 6.5 s); past it, or for a command that old, 409 "in progress" (its instance has stopped).
 */
export const RETRY_WAIT_MS = 15_000;
/** How often a waiting retry reads the command's row, in case the bus's notice of the answer was lost. */
export const RETRY_POLL_MS = 250;
/** Most parameters of one numeric form (type 3) a command may carry. */
export const PARAMS_MAX = 20;

export const MESSAGES = {
  sent: ['遥控命令已执行', 'remote control command executed'],
  withdrawn: ['遥控命令已撤销', 'remote control command withdrawn'],
  deviceUnknown: ['设备不存在', 'no such device'],
  functionUnknown: ['该设备没有此遥控项', 'the device has no such remote control item'],
  projectMismatch: ['设备不属于该站点', 'the device does not belong to that site'],
  valueInvalid: ['遥控值无效：{field}', 'invalid remote control value: {field}'],
  paramUnknown: ['未知参数：{code}', 'unknown parameter: {code}'],
  paramsEmpty: ['请至少填写一个参数', 'enter at least one parameter'],
  paramRange: ['参数 {code} 超出范围 {min} ~ {max}', 'parameter {code} is outside {min} to {max}'],
  breakerBusy: [
    '该断路器有命令正在执行，请稍后再试',
    'a command on this breaker is in progress, try again shortly',
  ],
  breakerOtherUser: [
    '该断路器已由其他用户选择，请等待其确认或撤销',
    'another user has armed this breaker; wait for them to confirm or withdraw',
  ],
  breakerArmed: [
    '该断路器已{step}，请先确认或撤销',
    'this breaker is armed with {step}: confirm or withdraw it first',
  ],
  breakerNoPreStep: ['请先发送{step}，再确认', 'send {step} first, then confirm'],
  breakerMismatch: ['确认步骤与已选择的{step}不符', 'the confirm does not match the armed {step}'],
  breakerExpired: ['{step}已超时失效（{s} 秒），请重新发送', '{step} lapsed after {s} s; send it again'],
  breakerNothingArmed: ['没有可撤销的遥控命令', 'there is no armed command to withdraw'],
  keyReused: ['Idempotency-Key 已用于另一条命令', 'the Idempotency-Key was used for a different command'],
  inProgress: ['该命令正在执行，请稍后查询', 'the command is still in progress, check again shortly'],
  interrupted: [
    '服务器在命令执行中停止，结果未知，请先查看设备状态',
    'the server stopped while the command was under way; its outcome is unknown, check the device first',
  ],
  deviceFailed: ['Error: 设备通信中断，命令未执行', 'Error: device communication lost, command not executed'],
  timeInvalid: ['{field} 不是有效的时间', '{field} is not a valid time'],
} as const;

export type RcMessage = keyof typeof MESSAGES;

/**
 * The status of a command whose instance stopped before answering (docs/decisions.md, issue 30): pending
 * longer than RETRY_WAIT_MS, it is settled as failed with this status, its outcome unknown; it is stored
 * with the zh text and read in the caller's language.
 */
export const INTERRUPTED_STATUS = 503;
export const INTERRUPTED_TEXT = MESSAGES.interrupted[0];
export type Vars = Record<string, string | number>;

const STEP_NAMES = {
  zh: ['预分闸', '分闸', '预合闸', '合闸', '撤销'],
  en: ['pre-split', 'split', 'pre-close', 'close', 'withdraw'],
} as const;

export function say(request: FastifyRequest, key: RcMessage, vars: Vars = {}): string {
  const lang = language(request);
  const [zh, en] = MESSAGES[key];
  let text: string = lang === 'en' ? en : zh;
  const all: Vars = { ...vars };
  if (typeof vars.step === 'number') all.step = STEP_NAMES[lang][vars.step] ?? String(vars.step);
  for (const [name, value] of Object.entries(all)) text = text.replaceAll(`{${name}}`, String(value));
  return text;
}

/** An armed pre-step of a breaker as the protocol sees it. */
export interface ArmView {
  userId: number;
  step: number;
  state: ArmState;
  armedAt: number;
}

export type BreakerDecision =
  | { ok: true; kind: 'pre' | 'confirm' | 'withdraw' }
  | { ok: false; key: RcMessage; vars?: Vars };

/**
 * The breaker protocol on the server (spec §4, DECISIONS 14), per breaker: a pre-step (0 or 2) arms it for
 * the user; only that user's matching confirm (+1) within ARM_WINDOW_MS, or a withdraw (4), follows. A
 * breaker with a command under way (pending or confirming) takes nothing else. Refusals change nothing.
 */
export function breakerDecision(
  arm: ArmView | null,
  step: number,
  userId: number,
  now: number,
  windowMs = ARM_WINDOW_MS,
): BreakerDecision {
  const live = arm !== null && now - arm.armedAt <= windowMs ? arm : null;
  const isPre = step === BREAKER.preSplit || step === BREAKER.preClose;
  const isConfirm = step === BREAKER.split || step === BREAKER.close;
  if (!live) {
    if (isPre) return { ok: true, kind: 'pre' };
    if (isConfirm) {
      const lapsed = arm !== null && arm.state === 'armed' && arm.userId === userId && arm.step === step - 1;
      return lapsed
        ? { ok: false, key: 'breakerExpired', vars: { step: arm.step, s: windowMs / 1000 } }
        : { ok: false, key: 'breakerNoPreStep', vars: { step: step - 1 } };
    }
    return { ok: false, key: 'breakerNothingArmed' };
  }
  if (live.state !== 'armed') return { ok: false, key: 'breakerBusy' };
  if (live.userId !== userId) return { ok: false, key: 'breakerOtherUser' };
  if (isPre) return { ok: false, key: 'breakerArmed', vars: { step: live.step } };
  if (isConfirm) {
    return live.step === step - 1
      ? { ok: true, kind: 'confirm' }
      : { ok: false, key: 'breakerMismatch', vars: { step: live.step } };
  }
  return { ok: true, kind: 'withdraw' };
}

/** One choice of a type 0 or type 1 item: the value sent (type 0 its dictKey as text) and its label. */
export interface FunctionOption {
  value: number | string;
  label: string;
}

/** A numeric parameter of a type 3 item (spec §3 parameter entry). */
export interface ParamEntry {
  paramsCode: string;
  paramsName: string;
  paramsValue: string;
  useCoefficient: number | string | null;
}

export function paramsOf(fn: Pick<FunctionRow, 'parameter_json'>): ParamEntry[] {
  try {
    const list: unknown = JSON.parse(fn.parameter_json);
    if (!Array.isArray(list)) return [];
    return list.filter(
      (p): p is ParamEntry =>
        !!p && typeof p === 'object' && typeof (p as ParamEntry).paramsCode === 'string',
    );
  } catch {
    return [];
  }
}

/** DECISIONS 13: the coefficient divides the typed value; missing, 0 or junk means 1. */
export function coefficient(value: unknown): number {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isFinite(n) && n !== 0 ? n : 1;
}

const labelOf = (row: DictRow, lang: 'zh' | 'en') =>
  lang === 'en' && row.remark ? row.remark : row.dict_value;

/**
 * The choices of an item: type 0 the status dictionary's entries named in controlStatus (all when blank),
 * value = dictKey (DECISIONS 15); type 1 the '/'-split dictValue of the control-parameter dictionary entry
 * named by controlParameter, value = index from 0, or with a fixed signage (parameterSource not 0) the one
 * label sourceAttrSignage, value 0. Other types have none.
 */
export function optionsOf(
  fn: Pick<
    FunctionRow,
    'model_classify_id' | 'control_status' | 'control_parameter' | 'parameter_source' | 'source_attr_signage'
  >,
  dicts: { status: readonly DictRow[]; controlParam: readonly DictRow[] },
  lang: 'zh' | 'en',
): FunctionOption[] {
  if (fn.model_classify_id === 0) {
    const wanted = fn.control_status
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean);
    return dicts.status
      .filter((row) => row.parent_id !== 0)
      .filter((row) => wanted.length === 0 || wanted.includes(row.dict_key))
      .map((row) => ({ value: row.dict_key, label: labelOf(row, lang) }));
  }
  if (fn.model_classify_id === 1) {
    if (fn.parameter_source !== 0)
      return [{ value: 0, label: fn.source_attr_signage || fn.control_parameter }];
    const entry = dicts.controlParam.find(
      (row) => row.parent_id !== 0 && row.dict_key === fn.control_parameter,
    );
    if (!entry) return [];
    return labelOf(entry, lang)
      .split('/')
      .map((label, index) => ({ value: index, label: label.trim() }));
  }
  return [];
}

export type ValueCheck = { ok: true } | { ok: false; key: RcMessage; vars?: Vars };

/**
 * Whether a command's params fit its item: `{ value }` of an offered option (type 0 its dictKey as text,
 * type 1 its index), a breaker value 0-4 (type 2) or 1 (type 4); for type 3 a map of known parameter codes to numbers, at least one, each
 * typed value (sent value times its coefficient) within the item's min and max.
 */
export function checkParams(
  fn: Pick<FunctionRow, 'model_classify_id' | 'min_value' | 'max_value' | 'parameter_json'>,
  options: readonly FunctionOption[],
  params: Record<string, number | string>,
): ValueCheck {
  const keys = Object.keys(params);
  if (fn.model_classify_id === 3) {
    if (keys.length === 0) return { ok: false, key: 'paramsEmpty' };
    const entries = new Map(paramsOf(fn).map((p) => [p.paramsCode, p]));
    for (const code of keys) {
      const entry = entries.get(code);
      if (!entry) return { ok: false, key: 'paramUnknown', vars: { code } };
      const sent = params[code];
      if (typeof sent !== 'number')
        return { ok: false, key: 'valueInvalid', vars: { field: `params.${code}` } };
      const typed = sent * coefficient(entry.useCoefficient);
      const slack = 1e-9 * Math.max(1, Math.abs(typed));
      const min = fn.min_value ?? -Infinity;
      const max = fn.max_value ?? Infinity;
      if (typed < min - slack || typed > max + slack) {
        return {
          ok: false,
          key: 'paramRange',
          vars: { code, min: fn.min_value ?? '-∞', max: fn.max_value ?? '∞' },
        };
      }
    }
    return { ok: true };
  }
  if (keys.length !== 1 || keys[0] !== 'value')
    return { ok: false, key: 'valueInvalid', vars: { field: 'params' } };
  const value = params.value!;
  const invalid = { ok: false, key: 'valueInvalid', vars: { field: 'params.value' } } as const;
  // Type 0 takes the dictKey as text (spec §7); the others take whole numbers.
  if (fn.model_classify_id === 0)
    return typeof value === 'string' && options.some((o) => o.value === value) ? { ok: true } : invalid;
  if (typeof value !== 'number' || !Number.isInteger(value)) return invalid;
  switch (fn.model_classify_id) {
    case 1:
      return options.some((o) => o.value === value) ? { ok: true } : invalid;
    case 2:
      return value >= 0 && value <= 4 ? { ok: true } : invalid;
    case 4:
      return value === 1 ? { ok: true } : invalid;
    default:
      return invalid;
  }
}

/** A digest of what a command asks for: a key sent again with another body is refused. */
export function bodyHash(body: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
      );
    }
    return value;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('hex');
}

/** A remote control item as the devices call answers it, its options resolved for the caller. */
export const functionDto = (fn: FunctionWithDevice, options: readonly FunctionOption[]) => ({
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

/** An audit row as the audit call answers it. */
export const auditDto = (c: CommandRow) => ({
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
