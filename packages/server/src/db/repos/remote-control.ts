import type { Db } from '../database.ts';
import { countOf, type PageArgs, pagedQuery } from '../paged.ts';

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

const WITH_DEVICE = `SELECT f.*, d.device_code, d.device_name, s.station_id, s.dept_name AS station_name,
  COALESCE(r.behaviour, 'normal') AS behaviour, COALESCE(r.delay_ms, 0) AS delay_ms
  FROM remote_functions f JOIN devices d ON d.id = f.device_id AND d.is_deleted = 0
  JOIN depts s ON s.id = d.dept_id AND s.is_deleted = 0
  LEFT JOIN remote_devices r ON r.device_id = d.id`;

/** The simulated devices' remote control items, the breakers' armed pre-steps and the command audit. */
export function remoteControlRepo(db: Db) {
  return {
    countFunctions(): number {
      return countOf(db, 'remote_functions');
    },
    setBehaviour(tenantId: string, deviceId: number, behaviour: DeviceBehaviour, delayMs: number) {
      db.prepare(
        `INSERT INTO remote_devices (device_id, tenant_id, behaviour, delay_ms) VALUES (?, ?, ?, ?)
         ON CONFLICT (device_id) DO UPDATE SET behaviour = excluded.behaviour, delay_ms = excluded.delay_ms`,
      ).run(deviceId, tenantId, behaviour, delayMs);
    },
    insertFunction(row: NewFunction): number {
      return Number(
        db
          .prepare(
            `INSERT INTO remote_functions (tenant_id, device_id, name, signage, model_classify_id, control_status,
             control_parameter, parameter_source, source_attr_signage, parameter_json, min_value, max_value,
             is_popup, is_check, sort)
             VALUES (@tenant_id, @device_id, @name, @signage, @model_classify_id, @control_status,
             @control_parameter, @parameter_source, @source_attr_signage, @parameter_json, @min_value, @max_value,
             @is_popup, @is_check, @sort)`,
          )
          .run(row).lastInsertRowid,
      );
    },
    /** Every remote control item of the tenant, by station, device and item order. */
    functions(tenantId: string): FunctionWithDevice[] {
      return db
        .prepare(`${WITH_DEVICE} WHERE f.tenant_id = ? ORDER BY s.sort, s.id, d.sort, d.id, f.sort, f.id`)
        .all(tenantId) as FunctionWithDevice[];
    },
    /** A device's item by signage, only within the tenant. */
    function(tenantId: string, deviceCode: string, signage: string): FunctionWithDevice | undefined {
      return db
        .prepare(`${WITH_DEVICE} WHERE f.tenant_id = ? AND d.device_code = ? AND f.signage = ?`)
        .get(tenantId, deviceCode, signage) as FunctionWithDevice | undefined;
    },
    deviceExists(tenantId: string, deviceCode: string): { device_name: string } | undefined {
      return db
        .prepare('SELECT device_name FROM devices WHERE tenant_id = ? AND device_code = ? AND is_deleted = 0')
        .get(tenantId, deviceCode) as { device_name: string } | undefined;
    },
    /** The device took the command: its item shows the value, and the actuation is counted. */
    actuated(functionId: number, value: string, time: string) {
      db.prepare(
        'UPDATE remote_functions SET last_value = ?, last_time = ?, actuations = actuations + 1 WHERE id = ?',
      ).run(value, time, functionId);
    },
    arm(tenantId: string, functionId: number): ArmRow | undefined {
      return db
        .prepare('SELECT * FROM breaker_arms WHERE tenant_id = ? AND function_id = ?')
        .get(tenantId, functionId) as ArmRow | undefined;
    },
    putArm(row: ArmRow) {
      db.prepare(
        `INSERT INTO breaker_arms (tenant_id, function_id, user_id, step, state, armed_at)
         VALUES (@tenant_id, @function_id, @user_id, @step, @state, @armed_at)
         ON CONFLICT (tenant_id, function_id) DO UPDATE SET user_id = excluded.user_id, step = excluded.step,
         state = excluded.state, armed_at = excluded.armed_at`,
      ).run(row);
    },
    clearArm(tenantId: string, functionId: number) {
      db.prepare('DELETE FROM breaker_arms WHERE tenant_id = ? AND function_id = ?').run(
        tenantId,
        functionId,
      );
    },
    command(tenantId: string, key: string): CommandRow | undefined {
      return db
        .prepare('SELECT * FROM remote_commands WHERE tenant_id = ? AND idem_key = ?')
        .get(tenantId, key) as CommandRow | undefined;
    },
    /** The command's audit row, written before anything else happens (its key is unique in the tenant). */
    insertCommand(row: NewCommand): number {
      return Number(
        db
          .prepare(
            `INSERT INTO remote_commands (tenant_id, user_id, account, idem_key, body_hash, device_code, project_id,
             signage, value, machine_code, created_at, create_time)
             VALUES (@tenant_id, @user_id, @account, @idem_key, @body_hash, @device_code, @project_id, @signage,
             @value, @machine_code, @created_at, @create_time)`,
          )
          .run(row).lastInsertRowid,
      );
    },
    describeCommand(
      id: number,
      fields: { device_name: string; function_name: string; model_classify_id: number | null },
    ) {
      db.prepare(
        'UPDATE remote_commands SET device_name = ?, function_name = ?, model_classify_id = ? WHERE id = ?',
      ).run(fields.device_name, fields.function_name, fields.model_classify_id, id);
    },
    finishCommand(
      id: number,
      fields: {
        result: CommandRow['result'];
        status: number;
        msg: string;
        answer: string;
        latency_ms: number;
      },
    ) {
      db.prepare(
        'UPDATE remote_commands SET result = ?, status = ?, msg = ?, answer = ?, latency_ms = ? WHERE id = ?',
      ).run(fields.result, fields.status, fields.msg, fields.answer, fields.latency_ms, id);
    },
    /** The audit, newest first, filtered by device code and creation time (ms, inclusive). */
    audit(tenantId: string, filter: { deviceCode?: string; from?: number; to?: number }, page: PageArgs) {
      const where = ['tenant_id = ?'];
      const args: unknown[] = [tenantId];
      if (filter.deviceCode) {
        where.push('device_code = ?');
        args.push(filter.deviceCode);
      }
      if (filter.from !== undefined) {
        where.push('created_at >= ?');
        args.push(filter.from);
      }
      if (filter.to !== undefined) {
        where.push('created_at <= ?');
        args.push(filter.to);
      }
      return pagedQuery<CommandRow>(
        db,
        { from: `remote_commands WHERE ${where.join(' AND ')}`, args, orderBy: 'created_at DESC, id DESC' },
        page,
      );
    },
  };
}

export type RemoteControlRepo = ReturnType<typeof remoteControlRepo>;
