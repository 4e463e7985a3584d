import type { Db } from '../database.ts';
import { countOf } from '../paged.ts';
import type { SeriesProfile } from '../series.ts';
import type { DeptRow } from './depts.ts';

export interface DeviceRow {
  id: number;
  tenant_id: string;
  /** The station (depts row, dept_category 4). */
  dept_id: number;
  device_code: string;
  device_name: string;
  device_type: string;
  model: string;
  sort: number;
}

export interface PointRow {
  id: number;
  tenant_id: string;
  device_id: number;
  real_id: string;
  point_name: string;
  unit: string;
  profile: SeriesProfile;
  min_value: number;
  max_value: number;
  noise: number;
  decimals: number;
  sort: number;
}

/** A point with its device and station, as the history call answers it. */
export interface PointWithDevice extends PointRow {
  device_code: string;
  device_name: string;
  dept_id: number;
  station_id: string | null;
  station_name: string;
}

/**
 * Devices of the stations and their measurement points. A device is keyed by its id (what per-device items
 * of other areas reference) and by its device_code, unique in the tenant; a point by its realId, unique
 * across tenants.
 */
export function devicesRepo(db: Db) {
  return {
    /** A station (dept_category 4) of the tenant by its station id (`HS0001`). */
    station(tenantId: string, stationId: string): DeptRow | undefined {
      return db
        .prepare(
          'SELECT * FROM depts WHERE tenant_id = ? AND station_id = ? AND dept_category = 4 AND is_deleted = 0',
        )
        .get(tenantId, stationId) as DeptRow | undefined;
    },
    /** Every station of every tenant, in tenant and table order (the seed gives each its devices). */
    allStations(): DeptRow[] {
      return db
        .prepare(
          'SELECT * FROM depts WHERE dept_category = 4 AND is_deleted = 0 ORDER BY tenant_id, sort, id',
        )
        .all() as DeptRow[];
    },
    count(): number {
      return countOf(db, 'devices');
    },
    byStation(tenantId: string, deptId: number): DeviceRow[] {
      return db
        .prepare(
          'SELECT * FROM devices WHERE tenant_id = ? AND dept_id = ? AND is_deleted = 0 ORDER BY sort, id',
        )
        .all(tenantId, deptId) as DeviceRow[];
    },
    byCode(tenantId: string, deviceCode: string): DeviceRow | undefined {
      return db
        .prepare('SELECT * FROM devices WHERE tenant_id = ? AND device_code = ? AND is_deleted = 0')
        .get(tenantId, deviceCode) as DeviceRow | undefined;
    },
    points(tenantId: string, deviceIds: readonly number[]): PointRow[] {
      if (deviceIds.length === 0) return [];
      return db
        .prepare(
          `SELECT * FROM device_points WHERE tenant_id = ? AND device_id IN (${deviceIds.map(() => '?').join(',')})
           ORDER BY device_id, sort, id`,
        )
        .all(tenantId, ...deviceIds) as PointRow[];
    },
    /** A point of the tenant by its realId (another tenant's point does not exist for the caller). */
    pointByRealId(tenantId: string, realId: string): PointWithDevice | undefined {
      return db
        .prepare(
          `SELECT p.*, d.device_code, d.device_name, d.dept_id, s.station_id, s.dept_name AS station_name
           FROM device_points p
           JOIN devices d ON d.id = p.device_id AND d.is_deleted = 0
           JOIN depts s ON s.id = d.dept_id AND s.is_deleted = 0
           WHERE p.tenant_id = ? AND p.real_id = ?`,
        )
        .get(tenantId, realId) as PointWithDevice | undefined;
    },
    insert(row: Omit<DeviceRow, 'id'>): number {
      return Number(
        db
          .prepare(
            `INSERT INTO devices (tenant_id, dept_id, device_code, device_name, device_type, model, sort)
             VALUES (@tenant_id, @dept_id, @device_code, @device_name, @device_type, @model, @sort)`,
          )
          .run(row).lastInsertRowid,
      );
    },
    insertPoint(row: Omit<PointRow, 'id'>): number {
      return Number(
        db
          .prepare(
            `INSERT INTO device_points (tenant_id, device_id, real_id, point_name, unit, profile, min_value,
               max_value, noise, decimals, sort)
             VALUES (@tenant_id, @device_id, @real_id, @point_name, @unit, @profile, @min_value, @max_value,
               @noise, @decimals, @sort)`,
          )
          .run(row).lastInsertRowid,
      );
    },
  };
}
