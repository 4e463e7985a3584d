import type { DeviceRow, PointRow } from './repos/devices.ts';
import type { Repos } from './repos/index.ts';
import { insertIds, insertRows, keyOf } from './seed-rows.ts';
import type { SeriesProfile } from './series.ts';

/** A point of a device template: its curve in units of the station's unit capacity where `perUnit`. */
interface PointSeed {
  code: string;
  name: string;
  unit: string;
  profile: SeriesProfile;
  min: number;
  max: number;
  noise: number;
  decimals: number;
  /** min and max are shares of a unit's capacity (MW), not absolute values. */
  perUnit?: boolean;
}

interface DeviceSeed {
  code: string;
  name: string;
  type: 'generator' | 'gate' | 'transformer' | 'dc' | 'pcs';
  model: string;
  points: PointSeed[];
}

const unitPoints = (n: number): DeviceSeed => ({
  code: `G${n}`,
  name: `${n}号机组`,
  type: 'generator',
  model: 'HLA551-LJ',
  points: [
    {
      code: 'P',
      name: '有功功率',
      unit: 'MW',
      profile: 'load',
      min: 0.15,
      max: 0.95,
      noise: 0.02,
      decimals: 2,
      perUnit: true,
    },
    {
      code: 'Q',
      name: '无功功率',
      unit: 'Mvar',
      profile: 'load',
      min: 0.03,
      max: 0.25,
      noise: 0.04,
      decimals: 2,
      perUnit: true,
    },
    {
      code: 'TS',
      name: '定子温度',
      unit: '℃',
      profile: 'lagged',
      min: 45,
      max: 78,
      noise: 0.01,
      decimals: 1,
    },
    { code: 'GV', name: '导叶开度', unit: '%', profile: 'load', min: 20, max: 92, noise: 0.015, decimals: 1 },
  ],
});

const pcsPoints = (n: number): DeviceSeed => ({
  code: `PCS${n}`,
  name: `${n}号储能变流器`,
  type: 'pcs',
  model: 'PCS-1725',
  points: [
    {
      code: 'P',
      name: '有功功率',
      unit: 'MW',
      profile: 'storage',
      min: -1,
      max: 1,
      noise: 0.02,
      decimals: 2,
      perUnit: true,
    },
    {
      code: 'SOC',
      name: '荷电状态',
      unit: '%',
      profile: 'cycle',
      min: 10,
      max: 95,
      noise: 0.005,
      decimals: 1,
    },
    {
      code: 'TB',
      name: '电池温度',
      unit: '℃',
      profile: 'lagged',
      min: 22,
      max: 36,
      noise: 0.01,
      decimals: 1,
    },
  ],
});

const TRANSFORMER: DeviceSeed = {
  code: 'T1',
  name: '1号主变',
  type: 'transformer',
  model: 'SF11',
  points: [
    {
      code: 'OIL',
      name: '顶层油温',
      unit: '℃',
      profile: 'lagged',
      min: 38,
      max: 68,
      noise: 0.01,
      decimals: 1,
    },
    {
      code: 'IA',
      name: '高压侧电流',
      unit: 'A',
      profile: 'load',
      min: 80,
      max: 420,
      noise: 0.02,
      decimals: 0,
    },
  ],
};

const DC_SYSTEM: DeviceSeed = {
  code: 'DC',
  name: '直流系统',
  type: 'dc',
  model: 'GZDW',
  points: [
    {
      code: 'UB',
      name: '母线电压',
      unit: 'V',
      profile: 'steady',
      min: 216,
      max: 244,
      noise: 0.01,
      decimals: 1,
    },
    // The battery temperature sensor is not connected: a point without data (the chart's empty state).
    {
      code: 'TB',
      name: '蓄电池温度',
      unit: '℃',
      profile: 'offline',
      min: 15,
      max: 35,
      noise: 0,
      decimals: 1,
    },
  ],
};

const GATE: DeviceSeed = {
  code: 'GATE1',
  name: '1号闸门',
  type: 'gate',
  model: 'QPPY',
  points: [
    {
      code: 'OPEN',
      name: '闸门开度',
      unit: 'm',
      profile: 'level',
      min: 0.5,
      max: 4.5,
      noise: 0.005,
      decimals: 2,
    },
    {
      code: 'UPL',
      name: '上游水位',
      unit: 'm',
      profile: 'level',
      min: 60,
      max: 68,
      noise: 0.002,
      decimals: 2,
    },
  ],
};

/** The devices of a hydropower station (two units) and of an energy storage station (two converters). */
export const HYDRO_DEVICES: readonly DeviceSeed[] = [
  unitPoints(1),
  unitPoints(2),
  GATE,
  TRANSFORMER,
  DC_SYSTEM,
];
export const STORAGE_DEVICES: readonly DeviceSeed[] = [pcsPoints(1), pcsPoints(2), TRANSFORMER, DC_SYSTEM];

/** The station's capacity in MW, read from its remark ("Feilaixia, 140 MW ..."); 40 when it has none. */
function capacityOf(remark: string | null): number {
  const match = /(\d+(?:\.\d+)?)\s*MW\b/.exec(remark ?? '');
  return match ? Number(match[1]) : 40;
}

/**
 * Gives every station (hydropower: units, gate, main transformer, DC system; storage: converters, main
 * transformer, DC system) its devices and points, once: nothing happens when devices exist already, so it
 * also fills a database seeded before devices existed. realId `<stationId>.<device>.<point>`, device code
 * `<stationId>-<device>`.
 */
export async function seedDevices(repos: Repos): Promise<number> {
  if ((await repos.devices.count()) > 0) return 0;
  return repos.transaction(async () => {
    const devices: Omit<DeviceRow, 'id'>[] = [];
    // The points of each device, by its tenant and code: their device id is known once devices are in.
    const points = new Map<string, Omit<PointRow, 'id' | 'device_id'>[]>();
    for (const station of await repos.devices.allStations()) {
      if (!station.station_id) continue;
      const templates = station.station_id.startsWith('ES') ? STORAGE_DEVICES : HYDRO_DEVICES;
      // Two units (or converters) share the station's capacity.
      const unitCapacity = capacityOf(station.remark) / 2;
      for (const [index, device] of templates.entries()) {
        const code = `${station.station_id}-${device.code}`;
        devices.push({
          tenant_id: station.tenant_id,
          dept_id: station.id,
          device_code: code,
          device_name: device.name,
          device_type: device.type,
          model: device.model,
          sort: index + 1,
        });
        points.set(
          keyOf(station.tenant_id, code),
          device.points.map((point, pointIndex) => {
            const scale = point.perUnit ? unitCapacity : 1;
            return {
              tenant_id: station.tenant_id,
              real_id: `${station.station_id}.${device.code}.${point.code}`,
              point_name: point.name,
              unit: point.unit,
              profile: point.profile,
              min_value: point.min * scale,
              max_value: point.max * scale,
              noise: point.noise,
              decimals: point.decimals,
              sort: pointIndex + 1,
            };
          }),
        );
      }
    }
    const ids = await insertIds(repos.db, 'devices', devices, ['tenant_id', 'device_code']);
    await insertRows(
      repos.db,
      'device_points',
      [...points].flatMap(([device, rows]) => rows.map((row) => ({ ...row, device_id: ids.get(device)! }))),
    );
    return devices.length;
  });
}
