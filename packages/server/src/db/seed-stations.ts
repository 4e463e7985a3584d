import type { DeptRow } from './repos/depts.ts';
import type { Repos } from './repos/index.ts';
import { insertRows, nextId } from './seed-rows.ts';

const HYDRO_GROUPS: [string, string, [string, string, string][]][] = [
  [
    '北江流域集控中心',
    'Beijiang basin control centre',
    [
      ['飞来峡水电站', '周强', 'Feilaixia, 140 MW'],
      ['白石窑水电站', '吴敏', 'Baishiyao, 72 MW'],
      ['孟洲坝水电站', '郑浩', 'Mengzhouba, 60 MW'],
      ['濛里水电站', '孙丽', 'Mengli, 48 MW'],
      ['清远水电站', '黄涛', 'Qingyuan, 44 MW'],
      ['长湖水电站', '何静', 'Changhu, 72 MW'],
      ['南水水电站', '罗斌', 'Nanshui, 75 MW'],
      ['锦江水电站', '梁燕', 'Jinjiang, 22 MW'],
    ],
  ],
  [
    '东江流域集控中心',
    'Dongjiang basin control centre',
    [
      ['枫树坝水电站', '谢军', 'Fengshuba, 150 MW'],
      ['新丰江水电站', '宋洁', 'Xinfengjiang, 355 MW'],
      ['龙潭水电站', '唐勇', 'Longtan, 30 MW'],
      ['木京水电站', '许婷', 'Mujing, 12 MW'],
      ['蓝口水电站', '韩磊', 'Lankou, 21 MW'],
      ['东水水电站', '冯雪', 'Dongshui, 16 MW'],
    ],
  ],
  [
    '湘江流域集控中心',
    'Xiangjiang basin control centre',
    [
      ['株洲航电枢纽水电站', '邓超', 'Zhuzhou, 140 MW'],
      ['大源渡水电站', '曹颖', 'Dayuandu, 120 MW'],
      ['近尾洲水电站', '彭飞', 'Jinweizhou, 63 MW'],
      ['土谷塘水电站', '曾琳', 'Tugutang, 90 MW'],
      ['湘祁水电站', '萧然', 'Xiangqi, 80 MW'],
      ['浯溪水电站', '田甜', 'Wuxi, 100 MW'],
      ['东江水电站', '董明', 'Dongjiang, 500 MW'],
      ['欧阳海水电站', '袁博', 'Ouyanghai, 48 MW'],
    ],
  ],
];

const STORAGE_SITES: [string, string, string][] = [
  ['前海储能电站', '林峰', 'Qianhai BESS, 50 MW / 100 MWh'],
  ['宝安储能电站', '蔡琴', 'Baoan BESS, 20 MW / 40 MWh'],
  ['坪山储能电站', '潘越', 'Pingshan BESS, 30 MW / 60 MWh'],
  ['龙岗储能电站', '杜宇', 'Longgang BESS, 10 MW / 20 MWh'],
  ['光明储能电站', '钟晴', 'Guangming BESS, 25 MW / 50 MWh'],
  ['盐田储能电站', '范伟', 'Yantian BESS, 15 MW / 30 MWh'],
  ['南山储能电站', '石磊', 'Nanshan BESS, 40 MW / 80 MWh'],
  ['大鹏储能电站', '姚瑶', 'Dapeng BESS, 12 MW / 24 MWh'],
  ['福田储能电站', '陆远', 'Futian BESS, 8 MW / 16 MWh'],
  ['罗湖储能电站', '金鑫', 'Luohu BESS, 6 MW / 12 MWh'],
  ['龙华储能电站', '秦川', 'Longhua BESS, 22 MW / 44 MWh'],
  ['坂田储能电站', '江河', 'Bantian BESS, 18 MW / 36 MWh'],
];

/**
 * Departments and station trees per tenant, one INSERT with ids set here (parents before their
 * children, in the order they are listed); returns ids keyed "tenant/key" for the users.
 */
export async function seedStations(repos: Repos): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const rows: DeptRow[] = [];
  let next = await nextId(repos.db, 'depts');
  const dept = (
    tenantId: string,
    parentId: number,
    name: string,
    category: number,
    extra: { stationId?: string; linkman?: string; phone?: string; remark?: string; sort?: number } = {},
  ) => {
    const id = next++;
    rows.push({
      id,
      tenant_id: tenantId,
      parent_id: parentId,
      dept_name: name,
      full_name: name,
      dept_category: category,
      station_id: extra.stationId ?? null,
      linkman: extra.linkman ?? null,
      contact_number: extra.phone ?? null,
      remark: extra.remark ?? null,
      sort: extra.sort ?? 0,
    });
    return id;
  };

  const platform = dept('000000', 0, '平台运营中心', 1, { remark: 'Platform operations' });
  ids.set('000000/platform', platform);

  const hydro = dept('100001', 0, '湘粤水电运维有限公司', 1, { remark: 'Hydro Demo company' });
  ids.set('100001/ops', dept('100001', hydro, '运行部', 2, { remark: 'Operations', sort: 1 }));
  ids.set('100001/maintenance', dept('100001', hydro, '检修部', 2, { remark: 'Maintenance', sort: 2 }));
  ids.set('100001/safety', dept('100001', hydro, '安全监察部', 2, { remark: 'Safety', sort: 3 }));
  let n = 0;
  for (const [groupIndex, [group, remark, stations]] of HYDRO_GROUPS.entries()) {
    const groupId = dept('100001', hydro, group, 3, { remark, sort: 10 + groupIndex });
    for (const [name, linkman, stationRemark] of stations) {
      n++;
      dept('100001', groupId, name, 4, {
        stationId: `HS${String(n).padStart(4, '0')}`,
        linkman,
        phone: `1390731${String(1000 + n).slice(-4)}`,
        remark: `${stationRemark} hydropower station`,
        sort: n,
      });
    }
  }

  const storage = dept('100002', 0, '鹏城储能科技有限公司', 1, { remark: 'Storage Demo company' });
  ids.set('100002/ops', dept('100002', storage, '运营中心', 2, { remark: 'Operations', sort: 1 }));
  for (const [index, [name, linkman, remark]] of STORAGE_SITES.entries()) {
    dept('100002', storage, name, 4, {
      stationId: `ES${String(index + 1).padStart(4, '0')}`,
      linkman,
      phone: `1370755${String(2000 + index).slice(-4)}`,
      remark,
      sort: index + 1,
    });
  }
  await insertRows(repos.db, 'depts', rows);
  return ids;
}
