/**
 * The database reads behind the built-in responder's facts. The responder is pure and synchronous over
 * `AssistantData`, and the database answers asynchronously, so a question is answered in passes: a pass
 * answers from the facts loaded so far, seeing an empty result for every fact not loaded yet and noting it;
 * the noted facts are loaded together, and the question is answered again, until a pass notes nothing. That
 * last pass read only loaded facts, so its answer is the one the full data gives; and only the facts a
 * question asks for are ever read (each once per question).
 */

import type { AppContext } from '../context.ts';
import type { DeptRow } from '../db/repos/depts.ts';
import type { DeviceRow, PointRow } from '../db/repos/devices.ts';

/** A fact read from the database: `load` it (once per question), or ask it `now` within a pass. */
export interface Fact<A extends string[], T> {
  load(...args: A): Promise<T>;
  /** The loaded value; until it is loaded, `missing` (and the pass is noted incomplete). */
  now(...args: A): T;
}

export class Reads {
  private readonly loads = new Map<string, Promise<unknown>>();
  private readonly values = new Map<string, unknown>();
  private wanted: Promise<unknown>[] = [];

  fact<A extends string[], T>(name: string, read: (...args: A) => Promise<T>, missing: T): Fact<A, T> {
    const keyOf = (args: A) => JSON.stringify([name, ...args]);
    const load = (...args: A): Promise<T> => {
      const key = keyOf(args);
      let promise = this.loads.get(key) as Promise<T> | undefined;
      if (!promise) {
        promise = read(...args).then((value) => {
          this.values.set(key, value);
          return value;
        });
        this.loads.set(key, promise);
      }
      return promise;
    };
    const now = (...args: A): T => {
      const key = keyOf(args);
      if (this.values.has(key)) return this.values.get(key) as T;
      this.wanted.push(load(...args));
      return missing;
    };
    return { load, now };
  }

  /**
   * Runs `pass` until it reads only loaded facts. A pass that met a missing fact may take a path the full
   * facts would not (or even fail): only the complete pass's answer, or its failure, counts.
   */
  async complete<T>(pass: () => T): Promise<T> {
    for (;;) {
      let outcome: { value: T } | { failure: unknown };
      try {
        outcome = { value: pass() };
      } catch (failure) {
        outcome = { failure };
      }
      const wanted = this.wanted;
      this.wanted = [];
      if (wanted.length === 0) {
        if ('failure' in outcome) throw outcome.failure;
        return outcome.value;
      }
      await Promise.all(wanted);
    }
  }
}

/** A point of a station with its device. */
export interface StationPoint {
  point: PointRow;
  device: DeviceRow;
}

/** The tenant's rows the facts are made of: its depts, and a station's row, devices and points. */
export function tenantFacts(ctx: AppContext, reads: Reads, tenantId: string) {
  const { repos } = ctx;
  const station = reads.fact(
    'station',
    async (stationId: string): Promise<DeptRow | null> =>
      (await repos.devices.station(tenantId, stationId)) ?? null,
    null,
  );
  const devices = reads.fact(
    'devices',
    async (stationId: string): Promise<DeviceRow[]> => {
      const row = await station.load(stationId);
      return row ? repos.devices.byStation(tenantId, row.id) : [];
    },
    [],
  );
  return {
    depts: reads.fact('depts', async (): Promise<DeptRow[]> => repos.depts.all(tenantId), []),
    station,
    devices,
    points: reads.fact(
      'points',
      async (stationId: string): Promise<StationPoint[]> => {
        const list = await devices.load(stationId);
        const points = await repos.devices.points(
          tenantId,
          list.map((d) => d.id),
        );
        return points.map((point) => ({ point, device: list.find((d) => d.id === point.device_id)! }));
      },
      [],
    ),
  };
}

export type TenantFacts = ReturnType<typeof tenantFacts>;
