import type { Repos } from './repos/index.ts';
import { type DeviceBehaviour, type NewFunction, remoteControlRepo } from './repos/remote-control.ts';
import { insertRows } from './seed-rows.ts';

/** How long the slow device takes to answer: past the console's 5 s remote control timeout. */
export const SLOW_DEVICE_MS = 6500;

type FunctionSeed = Omit<NewFunction, 'tenant_id' | 'device_id' | 'sort'>;

const item = (
  name: string,
  signage: string,
  type: 0 | 1 | 2 | 3 | 4,
  extra: Partial<FunctionSeed> = {},
): FunctionSeed => ({
  name,
  signage,
  model_classify_id: type,
  control_status: '',
  control_parameter: '',
  parameter_source: 0,
  source_attr_signage: '',
  parameter_json: '[]',
  min_value: null,
  max_value: null,
  is_popup: type === 4 ? 0 : 1,
  is_check: type === 2 ? 1 : 0,
  ...extra,
});

/** The remote control items of a unit (or converter): one of every type 0-4, and a fixed-label control. */
function unitItems(prefix: string): FunctionSeed[] {
  return [
    // Type 0: the status options of the model_func_status dictionary (dictKeys listed in controlStatus).
    item('运行状态设定', `${prefix}_STATE`, 0, { control_status: '0,1,2' }),
    // Type 1 with options: the '/'-split dictValue of model_func_control_param key 1 (启动/停止).
    item('启停控制', `${prefix}_START`, 1, { parameter_source: 0, control_parameter: '1' }),
    // Type 1 with a fixed label: one action, the label given by sourceAttrSignage.
    item('事故停机', `${prefix}_ESTOP`, 1, { parameter_source: 1, source_attr_signage: '执行停机' }),
    item('出口断路器', `${prefix}_QF`, 2),
    item('功率调节', `${prefix}_SET`, 3, {
      min_value: 0,
      max_value: 100,
      parameter_json: JSON.stringify([
        { paramsCode: 'P', paramsName: '有功功率设定值', paramsValue: '', useCoefficient: 1 },
        { paramsCode: 'Q', paramsName: '无功功率', paramsValue: '', useCoefficient: 10 },
      ]),
    }),
    item('信号复归', `${prefix}_RESET`, 4),
  ];
}

interface DevicePlan {
  /** The device's code after the station prefix (`HS0001-` + code). */
  code: string;
  behaviour: DeviceBehaviour;
  items: FunctionSeed[];
}

/** A tenant's first station: its first unit with items of every type, a slow device and the DC system. */
const FIRST_PLAN = (unit: string, slow: Omit<DevicePlan, 'behaviour'>): DevicePlan[] => [
  { code: unit, behaviour: 'normal', items: unitItems(unit) },
  { ...slow, behaviour: 'slow' },
  {
    code: 'DC',
    behaviour: 'fail',
    items: [item('充电机切换', 'DC_SWITCH', 4), item('蓄电池开关', 'DC_QF', 2)],
  },
];

const HYDRO_PLAN = FIRST_PLAN('G1', {
  code: 'GATE1',
  items: [
    item('闸门启闭', 'GATE1_OPEN', 1, { parameter_source: 0, control_parameter: '2' }),
    item('闸门复归', 'GATE1_RESET', 4),
  ],
});

const STORAGE_PLAN = FIRST_PLAN('PCS1', {
  code: 'T1',
  items: [
    item('冷却器投退', 'T1_COOL', 1, { parameter_source: 0, control_parameter: '3' }),
    item('信号复归', 'T1_RESET', 4),
  ],
});

/** A second station of each tenant: its first unit's breaker and reset. */
const SECOND_PLAN = (unit: string): DevicePlan[] => [
  {
    code: unit,
    behaviour: 'normal',
    items: [item('出口断路器', `${unit}_QF`, 2), item('信号复归', `${unit}_RESET`, 4)],
  },
];

/**
 * Gives the first two stations of every tenant simulated remote control: on the first station a device
 * with items of every type (0-4), a device that answers slowly (past the console's 5 s timeout) and one
 * that fails; on the second a unit's breaker. Once: nothing happens when items exist already, so it also
 * fills a database seeded before remote control existed. Instances starting together take the seed lock,
 * so one of them adds the items and the others find them.
 */
export async function seedRemoteControl(repos: Repos): Promise<number> {
  const rc = remoteControlRepo(repos.db);
  return repos.transaction(async () => {
    await repos.db.lock('seed');
    if ((await rc.countFunctions()) > 0) return 0;
    const byTenant = new Map<string, string[]>();
    for (const station of await repos.devices.allStations()) {
      if (!station.station_id) continue;
      byTenant.set(station.tenant_id, [...(byTenant.get(station.tenant_id) ?? []), station.station_id]);
    }
    const functions: NewFunction[] = [];
    for (const [tenantId, stations] of byTenant) {
      for (const [index, stationId] of stations.slice(0, 2).entries()) {
        const storage = stationId.startsWith('ES');
        const plan =
          index === 0 ? (storage ? STORAGE_PLAN : HYDRO_PLAN) : SECOND_PLAN(storage ? 'PCS1' : 'G1');
        for (const device of plan) {
          const row = await repos.devices.byCode(tenantId, `${stationId}-${device.code}`);
          if (!row) continue;
          const delay = device.behaviour === 'slow' ? SLOW_DEVICE_MS : 0;
          await rc.setBehaviour(tenantId, row.id, device.behaviour, delay);
          for (const [sort, fn] of device.items.entries()) {
            functions.push({ ...fn, tenant_id: tenantId, device_id: row.id, sort: sort + 1 });
          }
        }
      }
    }
    await insertRows(repos.db, 'remote_functions', functions);
    return functions.length;
  });
}
