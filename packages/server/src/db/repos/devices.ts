import { type Db, sql } from '../database.ts';
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
    station(tenantId: string, stationId: string): Promise<DeptRow | undefined> {
      return db.get<DeptRow>(sql`
        SELECT * FROM depts
        WHERE tenant_id = ${tenantId} AND station_id = ${stationId} AND dept_category = 4 AND is_deleted = 0`);
    },
    /** Every station of every tenant, in tenant and table order (the seed gives each its devices). */
    allStations(): Promise<DeptRow[]> {
      return db.all<DeptRow>(
        sql`SELECT * FROM depts WHERE dept_category = 4 AND is_deleted = 0 ORDER BY tenant_id, sort, id`,
      );
    },
    count(): Promise<number> {
      return countOf(db, sql`devices`);
    },
    byStation(tenantId: string, deptId: number): Promise<DeviceRow[]> {
      return db.all<DeviceRow>(sql`
        SELECT * FROM devices WHERE tenant_id = ${tenantId} AND dept_id = ${deptId} AND is_deleted = 0
        ORDER BY sort, id`);
    },
    byCode(tenantId: string, deviceCode: string): Promise<DeviceRow | undefined> {
      return db.get<DeviceRow>(
        sql`SELECT * FROM devices WHERE tenant_id = ${tenantId} AND device_code = ${deviceCode} AND is_deleted = 0`,
      );
    },
    async points(tenantId: string, deviceIds: readonly number[]): Promise<PointRow[]> {
      if (deviceIds.length === 0) return [];
      return db.all<PointRow>(sql`
        SELECT * FROM device_points WHERE tenant_id = ${tenantId} AND device_id IN (${sql.join(deviceIds)})
        ORDER BY device_id, sort, id`);
    },
    /** A point of the tenant by its realId (another tenant's point does not exist for the caller). */
    pointByRealId(tenantId: string, realId: string): Promise<PointWithDevice | undefined> {
      return db.get<PointWithDevice>(sql`
        SELECT p.*, d.device_code, d.device_name, d.dept_id, s.station_id, s.dept_name AS station_name
        FROM device_points p
        JOIN devices d ON d.id = p.device_id AND d.is_deleted = 0
        JOIN depts s ON s.id = d.dept_id AND s.is_deleted = 0
        WHERE p.tenant_id = ${tenantId} AND p.real_id = ${realId}`);
    },
    insert(row: Omit<DeviceRow, 'id'>): Promise<number> {
      return db.insert(sql`
        INSERT INTO devices (tenant_id, dept_id, device_code, device_name, device_type, model, sort)
        VALUES (${row.tenant_id}, ${row.dept_id}, ${row.device_code}, ${row.device_name}, ${row.device_type},
          ${row.model}, ${row.sort})
        RETURNING id`);
    },
    insertPoint(row: Omit<PointRow, 'id'>): Promise<number> {
      return db.insert(sql`
        INSERT INTO device_points (tenant_id, device_id, real_id, point_name, unit, profile, min_value,
          max_value, noise, decimals, sort)
        VALUES (${row.tenant_id}, ${row.device_id}, ${row.real_id}, ${row.point_name}, ${row.unit}, ${row.profile},
          ${row.min_value}, ${row.max_value}, ${row.noise}, ${row.decimals}, ${row.sort})
        RETURNING id`);
    },
  };
}
