import type { AppContext } from '../context.ts';
import type { DeptRow } from '../db/repos/depts.ts';
import type { PointWithDevice } from '../db/repos/devices.ts';
import { type FunctionWithDevice, remoteControlRepo } from '../db/repos/remote-control.ts';
import { nowText } from '../db/repos/util.ts';
import {
  canvasesOf,
  faultsOf,
  faultTime,
  type SeedStation,
  splitSeedId,
  videosOf,
} from '../db/seed-assistant.ts';
import { instructsOf, KNOWLEDGE, KNOWLEDGE_BASE, PICTURES } from '../db/seed-assistant-docs.ts';
import { latestOf } from '../db/series.ts';
import type { ActionFacts, MenuFacts } from './assistant-facts.ts';
import type { Reads, TenantFacts } from './assistant-reads.ts';
import { curveOf } from './device-model.ts';
import { buildTree, type MenuNode, visibleTo } from './menu-model.ts';

/** English names of the seeded device codes (after the station prefix), for English questions. */
export function deviceEnglishName(code: string): string {
  const match = /^(G|PCS|GATE)(\d+)$/.exec(code);
  if (match) return `${{ G: 'unit', PCS: 'converter', GATE: 'gate' }[match[1] as 'G']} ${match[2]}`;
  return { T1: 'main transformer', DC: 'DC system' }[code] ?? code.toLowerCase();
}

/** English names of the seeded remote-control items. */
const CONTROL_NAMES: Record<string, string> = {
  运行状态设定: 'run state',
  启停控制: 'start and stop',
  事故停机: 'emergency stop',
  出口断路器: 'outlet breaker',
  功率调节: 'power setting',
  信号复归: 'signal reset',
  充电机切换: 'charger switch',
  蓄电池开关: 'battery switch',
  闸门启闭: 'gate open and close',
  闸门复归: 'gate reset',
  冷却器投退: 'cooler switch',
};

export const seedStationOf = (row: DeptRow): SeedStation => ({
  deptId: row.id,
  stationId: row.station_id ?? '',
  name: row.dept_name,
});

/** A tenant of energy storage stations (its instructs speak of discharged energy). */
export const isStorageTenant = (depts: readonly DeptRow[]) =>
  depts.some((d) => d.dept_category === 4 && d.station_id?.startsWith('ES'));

export const storageTenant = async (ctx: AppContext, tenantId: string) =>
  isStorageTenant(await ctx.repos.depts.all(tenantId));

/** The tenant's station a seed id (canvas, video, fault) names; another tenant's is none. */
export async function stationOfSeedId(
  ctx: AppContext,
  tenantId: string,
  id: string,
): Promise<DeptRow | null> {
  const split = splitSeedId(id);
  if (!split) return null;
  const row = await ctx.repos.depts.byId(tenantId, split.deptId);
  return row && row.dept_category === 4 && row.station_id ? row : null;
}

/** The caller's tenant's seeded action facts (canvases, cameras, faults, instructs, controls, menus, documents). */
export function actionsOf(
  ctx: AppContext,
  reads: Reads,
  facts: TenantFacts,
  tenantId: string,
  userId: number,
): ActionFacts {
  const { repos } = ctx;
  const seedOf = (stationId: string) => {
    const row = facts.station.now(stationId);
    return row ? seedStationOf(row) : null;
  };
  const devicesOf = (stationId: string) => facts.devices.now(stationId);
  const controls = reads.fact(
    'controls',
    async (): Promise<FunctionWithDevice[]> => remoteControlRepo(repos.db).functions(tenantId),
    [],
  );
  const menus = reads.fact('menus', async (): Promise<MenuFacts[]> => {
    const user = await repos.users.byId(tenantId, userId);
    const roles = user ? await repos.users.roles(tenantId, user.role_ids) : [];
    const platform = tenantId === '000000' && roles.some((r) => r.role_alias === 'administrator');
    const rows = (await repos.menus.all(tenantId)).filter((r) => r.category === 1);
    const out: MenuFacts[] = [];
    const walk = (nodes: MenuNode[]) => {
      for (const n of nodes) {
        if (n.path.startsWith('/'))
          out.push({ name: n.name, path: n.path, words: n.code.replace(/_/g, ' ') });
        walk(n.children ?? []);
      }
    };
    walk(buildTree(rows, (r) => visibleTo(r, roles, platform), true));
    return out;
  }, []);
  const pointOf = reads.fact(
    'point',
    async (realId: string): Promise<PointWithDevice | null> =>
      (await repos.devices.pointByRealId(tenantId, realId)) ?? null,
    null,
  );
  return {
    devices: (stationId) =>
      devicesOf(stationId).map((d) => ({
        deviceCode: d.device_code,
        deviceName: d.device_name,
        englishName: deviceEnglishName(d.device_code.slice(stationId.length + 1)),
      })),
    canvases(stationId) {
      const seed = seedOf(stationId);
      return seed ? canvasesOf(seed) : [];
    },
    videos(stationId) {
      const seed = seedOf(stationId);
      return seed ? videosOf(seed) : [];
    },
    faults(stationId) {
      const seed = seedOf(stationId);
      if (!seed) return [];
      const devices = devicesOf(stationId);
      const now = ctx.now();
      return faultsOf(seed).map((f) => ({
        fdpId: f.fdpId,
        record_name: f.record[0],
        englishName: f.record[1],
        deviceCode: `${stationId}-${f.deviceCode}`,
        device_name: devices.find((d) => d.device_code === `${stationId}-${f.deviceCode}`)?.device_name ?? '',
        ord: f.ord,
        time: nowText(faultTime(now, f.hoursAgo)),
        errorInfo: f.errorInfo[0],
      }));
    },
    instructs: () =>
      instructsOf(tenantId, isStorageTenant(facts.depts.now())).map((i) => ({
        id: i.id,
        name: i.name,
        englishName: i.englishName,
        description: i.description,
        apiUrl: i.apiUrl,
        record: i.kind === 'record',
      })),
    controls: (stationId) =>
      controls
        .now()
        .filter((f) => f.station_id === stationId)
        .map((f) => ({
          projectId: f.station_id,
          projectName: f.station_name,
          deviceCode: f.device_code,
          deviceName: f.device_name,
          name: f.name,
          englishName: CONTROL_NAMES[f.name] ?? f.signage.toLowerCase(),
          signage: f.signage,
          modelClassifyId: f.model_classify_id,
        })),
    menus: () => menus.now(),
    knowledge: () =>
      KNOWLEDGE.map((k) => ({
        name: k.name,
        englishName: k.englishName,
        url: `${KNOWLEDGE_BASE}${k.file}`,
        keywords: k.keywords,
      })),
    pictures: () =>
      PICTURES.map((p) => ({
        url: p.file,
        conclusion: p.conclusion[0],
        englishConclusion: p.conclusion[1],
        picSource: p.picSource,
      })),
    point(realId) {
      const p = pointOf.now(realId);
      if (!p?.station_id) return null;
      return {
        realId: p.real_id,
        pointName: p.point_name,
        unit: p.unit,
        deviceName: p.device_name,
        deviceCode: p.device_code,
        value: latestOf(curveOf(p), ctx.now())?.val ?? null,
        stationId: p.station_id,
        stationName: p.station_name,
      };
    },
  };
}
