import type { Repos } from './repos/index.ts';
import type { NewPart } from './repos/market.ts';
import { nowText } from './repos/util.ts';
import { insertIds, keyOf } from './seed-rows.ts';

/** Part categories (`category` of a part): the catalogue's filter values. */
export const PART_CATEGORIES = ['bearing', 'seal', 'fuse', 'relay', 'sensor', 'other'] as const;
export type PartCategory = (typeof PART_CATEGORIES)[number];

/** [code, name, category, spec, unit, stock] */
type PartSeed = [string, string, PartCategory, string, string, number];

/** A hydropower plant's store: turbine and generator bearings, seals, protection and sensors. */
const HYDRO_PARTS: PartSeed[] = [
  ['BRG-6320-C3', '深沟球轴承', 'bearing', '6320-C3 100×215×47', '套', 12],
  ['BRG-NU2228', '圆柱滚子轴承', 'bearing', 'NU2228-E 140×250×68', '套', 4],
  ['BRG-PAD-TH', '推力轴承瓦', 'bearing', '巴氏合金 扇形 φ1600', '块', 8],
  ['BRG-PAD-GD', '导轴承瓦', 'bearing', '巴氏合金 分块式', '块', 2],
  ['SEAL-SHAFT-1200', '主轴工作密封', 'seal', '橡胶平板密封 φ1200', '套', 3],
  ['SEAL-OR-120', 'O形密封圈', 'seal', '丁腈橡胶 120×5.3', '个', 200],
  ['SEAL-GATE-P', '闸门止水橡皮', 'seal', 'P60 型 每根 6 m', '根', 10],
  ['FUSE-RT18-32', '熔断器', 'fuse', 'RT18-32 10A', '只', 60],
  ['FUSE-XRNP-10', '高压熔断器', 'fuse', 'XRNP-10kV 0.5A', '只', 6],
  ['RLY-MY2N-DC220', '中间继电器', 'relay', 'MY2N-J DC220V', '只', 30],
  ['RLY-DZS-TIME', '时间继电器', 'relay', 'DZS-12CE DC220V 0.1-9.9s', '只', 5],
  ['SEN-PT100-WZP', '铂电阻温度传感器', 'sensor', 'WZPM-201 PT100 三线制', '支', 25],
  ['SEN-PT-2.5MPA', '压力变送器', 'sensor', '0-2.5MPa 4-20mA', '台', 7],
  ['SEN-LVL-RADAR', '雷达水位计', 'sensor', '量程 30 m RS485', '台', 1],
  ['OTH-GREASE-L2', '锂基润滑脂', 'other', '2号 15 kg/桶', '桶', 0],
];

/** An energy-storage station's store: battery cabinets, PCS, protection and sensors. */
const STORAGE_PARTS: PartSeed[] = [
  ['BRG-FAN-6204', '风机轴承', 'bearing', '6204-2RS 20×47×14', '套', 16],
  ['SEAL-CAB-STRIP', '电池柜门密封条', 'seal', 'EPDM D形 每卷 10 m', '卷', 9],
  ['SEAL-LIQ-OR', '液冷管路密封圈', 'seal', '氟橡胶 32×3.5', '个', 120],
  ['FUSE-DC-1500', '直流熔断器', 'fuse', '1500V DC 250A', '只', 14],
  ['FUSE-PV-32', '簇级熔断器', 'fuse', '1000V DC 32A gPV', '只', 40],
  ['RLY-DC-CONT', '直流接触器', 'relay', 'EVR250 1000V 250A', '只', 3],
  ['RLY-AUX-24', '辅助继电器', 'relay', 'DC24V 2常开2常闭', '只', 22],
  ['SEN-NTC-10K', 'NTC 温度传感器', 'sensor', '10kΩ B3435 带线 1 m', '支', 80],
  ['SEN-HALL-500', '霍尔电流传感器', 'sensor', '±500A 闭环', '只', 6],
  ['SEN-SMOKE', '感烟探测器', 'sensor', '点型光电 DC24V', '只', 11],
  ['OTH-BMU-BOARD', 'BMU 采集板', 'other', '16 串 电压温度采集', '块', 2],
  ['OTH-FAN-EC', '电池舱散热风机', 'other', 'EC 风机 DC48V 172 mm', '台', 0],
];

const CATALOGUES: [string, PartSeed[]][] = [
  ['100001', HYDRO_PARTS],
  ['100002', STORAGE_PARTS],
];

/** Past requisitions of the demo accounts: [tenant, account, days ago, reason, [part code, quantity][]]. */
const REQUISITIONS: [string, string, number, string, [string, number][]][] = [
  [
    '100001',
    'operator',
    20,
    '2号机组小修更换导轴承瓦与密封件',
    [
      ['BRG-PAD-GD', 1],
      ['SEAL-OR-120', 12],
    ],
  ],
  [
    '100001',
    'operator',
    9,
    '控制屏中间继电器老化更换',
    [
      ['RLY-MY2N-DC220', 4],
      ['FUSE-RT18-32', 10],
    ],
  ],
  ['100001', 'admin', 5, '1号主变温度测点备品补充', [['SEN-PT100-WZP', 3]]],
  [
    '100002',
    'admin',
    7,
    '3号电池舱烟感更换',
    [
      ['SEN-SMOKE', 2],
      ['RLY-AUX-24', 2],
    ],
  ],
];

const DAY = 24 * 3600 * 1000;

/**
 * The spare-parts catalogue of each demo tenant and a few past requisitions, added to a tenant that has
 * no parts yet (every start: also to a database seeded before the catalogue existed). Answers the number
 * of parts inserted.
 */
export async function seedMarket(repos: Repos, now: number): Promise<number> {
  let inserted = 0;
  await repos.transaction(async () => {
    for (const [tenantId, parts] of CATALOGUES) {
      if (!(await repos.tenants.byTenantId(tenantId)) || (await repos.market.countParts(tenantId)) > 0)
        continue;
      const rows: NewPart[] = parts.map(([code, name, category, spec, unit, stock], index) => ({
        tenant_id: tenantId,
        part_code: code,
        part_name: name,
        category,
        spec,
        unit,
        stock,
        sort: index + 1,
      }));
      const ids = await insertIds(repos.db, 'spare_parts', rows, ['part_code']);
      inserted += rows.length;
      for (const [tenant, account, daysAgo, reason, lines] of REQUISITIONS) {
        if (tenant !== tenantId) continue;
        const user = await repos.users.byAccount(tenantId, account);
        if (!user) continue;
        const time = nowText(now - daysAgo * DAY);
        // Through the cart, as a user would: the requisition copies the lines and empties the cart.
        for (const [code, quantity] of lines) {
          await repos.market.setQuantity(tenantId, user.id, ids.get(keyOf(code))!, quantity, time);
        }
        const cart = await repos.market.cart(tenantId, user.id);
        await repos.market.submitRequisition(tenantId, user.id, cart, reason, time);
      }
    }
  });
  return inserted;
}
