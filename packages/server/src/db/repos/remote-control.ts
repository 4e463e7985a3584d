import { type Db, sql } from '../database.ts';
import { countOf, type PageArgs, pagedQuery } from '../paged.ts';
import { whereOf } from './util.ts';

/** How a simulated device answers a command: at once, after `delay_ms`, or with a failure. */
export type DeviceBehaviour = 'normal' | 'slow' | 'fail';

/** A remote control item (spec §3) of a device, with the device and its station. */
export interface FunctionRow {
  id: number;
  tenant_id: string;
  device_id: number;
  name: string;
  signage: string;
  model_classify_id: number;
  control_status: string;
  control_parameter: string;
  parameter_source: number;
  source_attr_signage: string;
  parameter_json: string;
  min_value: number | null;
  max_value: number | null;
  is_popup: number;
  is_check: number;
  sort: number;
  last_value: string | null;
  last_time: string | null;
  actuations: number;
}

export interface FunctionWithDevice extends FunctionRow {
  device_code: string;
  device_name: string;
  station_id: string;
  station_name: string;
  behaviour: DeviceBehaviour;
  delay_ms: number;
}

export type ArmState = 'pending' | 'armed' | 'confirming';

export interface ArmRow {
  tenant_id: string;
  function_id: number;
  user_id: number;
  step: number;
  state: ArmState;
  armed_at: number;
}

export interface CommandRow {
  id: number;
  tenant_id: string;
  user_id: number;
  account: string;
  idem_key: string;
  body_hash: string;
  device_code: string;
  device_name: string;
  project_id: string;
  signage: string;
  function_name: string;
  model_classify_id: number | null;
  value: string;
  machine_code: string;
  result: 'pending' | 'success' | 'refused' | 'failed';
  status: number | null;
  msg: string;
  answer: string | null;
  latency_ms: number | null;
  created_at: number;
  create_time: string;
}

export type NewFunction = Omit<FunctionRow, 'id' | 'last_value' | 'last_time' | 'actuations'>;
export type NewCommand = Pick<
  CommandRow,
  | 'tenant_id'
  | 'user_id'
  | 'account'
  | 'idem_key'
  | 'body_hash'
  | 'device_code'
  | 'project_id'
  | 'signage'
  | 'value'
  | 'machine_code'
  | 'created_at'
  | 'create_time'
>;

const WITH_DEVICE = sql`SELECT f.*, d.device_code, d.device_name, s.station_id, s.dept_name AS station_name,
  COALESCE(r.behaviour, 'normal') AS behaviour, COALESCE(r.delay_ms, 0) AS delay_ms
  FROM remote_functions f JOIN devices d ON d.id = f.device_id AND d.is_deleted = 0
  JOIN depts s ON s.id = d.dept_id AND s.is_deleted = 0
  LEFT JOIN remote_devices r ON r.device_id = d.id`;

/** The simulated devices' remote control items, the breakers' armed pre-steps and the command audit. */
export function remoteControlRepo(db: Db) {
  return {
    countFunctions(): Promise<number> {
      return countOf(db, sql`remote_functions`);
    },
    async setBehaviour(tenantId: string, deviceId: number, behaviour: DeviceBehaviour, delayMs: number) {
      await db.run(sql`
        INSERT INTO remote_devices (device_id, tenant_id, behaviour, delay_ms)
        VALUES (${deviceId}, ${tenantId}, ${behaviour}, ${delayMs})
        ON CONFLICT (device_id) DO UPDATE SET behaviour = excluded.behaviour, delay_ms = excluded.delay_ms`);
    },
    insertFunction(row: NewFunction): Promise<number> {
      return db.insert(sql`
        INSERT INTO remote_functions (tenant_id, device_id, name, signage, model_classify_id, control_status,
          control_parameter, parameter_source, source_attr_signage, parameter_json, min_value, max_value,
          is_popup, is_check, sort)
        VALUES (${row.tenant_id}, ${row.device_id}, ${row.name}, ${row.signage}, ${row.model_classify_id},
          ${row.control_status}, ${row.control_parameter}, ${row.parameter_source}, ${row.source_attr_signage},
          ${row.parameter_json}, ${row.min_value}, ${row.max_value}, ${row.is_popup}, ${row.is_check}, ${row.sort})
        RETURNING id`);
    },
    /** Every remote control item of the tenant, by station, device and item order. */
    functions(tenantId: string): Promise<FunctionWithDevice[]> {
      return db.all<FunctionWithDevice>(
        sql`${WITH_DEVICE} WHERE f.tenant_id = ${tenantId} ORDER BY s.sort, s.id, d.sort, d.id, f.sort, f.id`,
      );
    },
    /** A device's item by signage, only within the tenant. */
    function(tenantId: string, deviceCode: string, signage: string): Promise<FunctionWithDevice | undefined> {
      return db.get<FunctionWithDevice>(
        sql`${WITH_DEVICE} WHERE f.tenant_id = ${tenantId} AND d.device_code = ${deviceCode} AND f.signage = ${signage}`,
      );
    },
    deviceExists(tenantId: string, deviceCode: string): Promise<{ device_name: string } | undefined> {
      return db.get<{ device_name: string }>(
        sql`SELECT device_name FROM devices WHERE tenant_id = ${tenantId} AND device_code = ${deviceCode} AND is_deleted = 0`,
      );
    },
    /** The device took the command: its item shows the value, and the actuation is counted. */
    async actuated(functionId: number, value: string, time: string) {
      await db.run(sql`
        UPDATE remote_functions SET last_value = ${value}, last_time = ${time}, actuations = actuations + 1
        WHERE id = ${functionId}`);
    },
    /**
     * Runs `fn` with the breaker's arm while no other instance reads or writes that arm (one transaction
     * holding the breaker's lock): the protocol's decision and what it writes are one step everywhere.
     */
    withArm<T>(
      tenantId: string,
      functionId: number,
      fn: (arm: ArmRow | undefined) => Promise<T>,
    ): Promise<T> {
      return db.transaction(async () => {
        await db.lock(`breaker:${tenantId}:${functionId}`);
        const arm = await db.get<ArmRow>(
          sql`SELECT * FROM breaker_arms WHERE tenant_id = ${tenantId} AND function_id = ${functionId}`,
        );
        return fn(arm);
      });
    },
    async putArm(row: ArmRow) {
      await db.run(sql`
        INSERT INTO breaker_arms (tenant_id, function_id, user_id, step, state, armed_at)
        VALUES (${row.tenant_id}, ${row.function_id}, ${row.user_id}, ${row.step}, ${row.state}, ${row.armed_at})
        ON CONFLICT (tenant_id, function_id) DO UPDATE SET user_id = excluded.user_id, step = excluded.step,
        state = excluded.state, armed_at = excluded.armed_at`);
    },
    async clearArm(tenantId: string, functionId: number) {
      await db.run(
        sql`DELETE FROM breaker_arms WHERE tenant_id = ${tenantId} AND function_id = ${functionId}`,
      );
    },
    /**
     * What the device's answer does to the arm this command left in state `from`: arms it again as `arm`
     * says (`armed` true, from `arm.armed_at`) or clears it. One statement that matches only the user's arm
     * in that state, so it never touches an arm another command has written since.
     */
    async settleArm(arm: Omit<ArmRow, 'step' | 'state'>, from: ArmState, armed: boolean) {
      const which = sql`tenant_id = ${arm.tenant_id} AND function_id = ${arm.function_id}
        AND user_id = ${arm.user_id} AND state = ${from}`;
      await db.run(
        armed
          ? sql`UPDATE breaker_arms SET state = 'armed', armed_at = ${arm.armed_at} WHERE ${which}`
          : sql`DELETE FROM breaker_arms WHERE ${which}`,
      );
    },
    command(tenantId: string, key: string): Promise<CommandRow | undefined> {
      return db.get<CommandRow>(
        sql`SELECT * FROM remote_commands WHERE tenant_id = ${tenantId} AND idem_key = ${key}`,
      );
    },
    /**
     * Claims the key: writes the command's audit row unless the tenant has a row with that key already
     * (on any instance). Answers the new row's id, or null when the key was taken: only one request per
     * key ever gets an id, so only one reaches the device.
     */
    async claimCommand(row: NewCommand): Promise<number | null> {
      const claimed = await db.get<{ id: number }>(sql`
        INSERT INTO remote_commands (tenant_id, user_id, account, idem_key, body_hash, device_code, project_id,
          signage, value, machine_code, created_at, create_time)
        VALUES (${row.tenant_id}, ${row.user_id}, ${row.account}, ${row.idem_key}, ${row.body_hash},
          ${row.device_code}, ${row.project_id}, ${row.signage}, ${row.value}, ${row.machine_code},
          ${row.created_at}, ${row.create_time})
        ON CONFLICT (tenant_id, idem_key) DO NOTHING
        RETURNING id`);
      return claimed ? Number(claimed.id) : null;
    },
    async describeCommand(
      id: number,
      fields: { device_name: string; function_name: string; model_classify_id: number | null },
    ) {
      await db.run(sql`
        UPDATE remote_commands SET device_name = ${fields.device_name}, function_name = ${fields.function_name},
          model_classify_id = ${fields.model_classify_id}
        WHERE id = ${id}`);
    },
    /**
     * Commands still pending that were claimed before `before`: their instance stopped before answering.
     * Each is settled with `fields` (a command answered meanwhile is left alone); answers how many.
     */
    settleStale(
      before: number,
      fields: { result: CommandRow['result']; status: number; msg: string; answer: string },
    ) {
      return db.run(sql`
        UPDATE remote_commands SET result = ${fields.result}, status = ${fields.status}, msg = ${fields.msg},
          answer = ${fields.answer}
        WHERE result = 'pending' AND created_at < ${before}`);
    },
    async finishCommand(
      id: number,
      fields: {
        result: CommandRow['result'];
        status: number;
        msg: string;
        answer: string;
        latency_ms: number;
      },
    ) {
      await db.run(sql`
        UPDATE remote_commands SET result = ${fields.result}, status = ${fields.status}, msg = ${fields.msg},
          answer = ${fields.answer}, latency_ms = ${fields.latency_ms}
        WHERE id = ${id}`);
    },
    /** The audit, newest first, filtered by device code and creation time (ms, inclusive). */
    audit(tenantId: string, filter: { deviceCode?: string; from?: number; to?: number }, page: PageArgs) {
      const where = [sql`tenant_id = ${tenantId}`];
      if (filter.deviceCode) where.push(sql`device_code = ${filter.deviceCode}`);
      if (filter.from !== undefined) where.push(sql`created_at >= ${filter.from}`);
      if (filter.to !== undefined) where.push(sql`created_at <= ${filter.to}`);
      return pagedQuery<CommandRow>(
        db,
        { from: sql`remote_commands ${whereOf(where)}`, orderBy: sql`created_at DESC, id DESC` },
        page,
      );
    },
  };
}

export type RemoteControlRepo = ReturnType<typeof remoteControlRepo>;
