import { hashPassword } from '../security/passwords.ts';
import { type Db, sql } from './database.ts';
import type { Repos } from './repos/index.ts';
import { nowText } from './repos/util.ts';
import { seedContent } from './seed-content.ts';
import { seedLeave } from './seed-leave.ts';
import { seedMenus } from './seed-menus.ts';
import { seedStations } from './seed-stations.ts';

/** Demo accounts: tenant / account / password (printed by `npm start`, used by the tests). */
export const DEMO_ACCOUNTS = [
  { tenantId: '000000', account: 'admin', password: 'admin123', note: 'platform administrator' },
  { tenantId: '100001', account: 'admin', password: 'Hydro@2026', note: 'tenant administrator, warring_log' },
  { tenantId: '100001', account: 'operator', password: 'Operator@2026', note: 'operator (no admin role)' },
  { tenantId: '100001', account: 'newbie', password: 'Init@2026', note: 'isInit = 1 (must change password)' },
  { tenantId: '100001', account: 'znywpt', password: 'Znywpt@2026', note: 'workbench account' },
  { tenantId: '100001', account: 'hzinfo', password: 'Hzinfo@2026', note: 'hzinfo account' },
  { tenantId: '100001', account: 'fresh', password: '123456', note: 'platform default password' },
  {
    tenantId: '100002',
    account: 'viewer',
    password: 'Viewer@2026',
    note: 'visual display; AES username (system auth)',
  },
  {
    tenantId: '100002',
    account: 'admin',
    password: 'Storage@2026',
    note: 'tenant administrator; AES username',
  },
  {
    tenantId: '100002',
    account: 'duty',
    password: 'Duty@2026',
    note: 'login answer names a landing page (real-time data); AES username',
  },
] as const;

export const DEFAULT_PASSWORD = '123456';

export function defaultLayout(overrides: Record<string, unknown> = {}): string {
  return JSON.stringify({
    layout: 'vertical',
    theme: '',
    indexTitle: '',
    fontSize: 'font-default',
    logoPosition: 'left',
    colorName: '#409EFF',
    language: 'zh',
    isCollapse: false,
    moreBtn: true,
    searchBtn: true,
    topMenuBtn: true,
    showVisual: false,
    manageSystemName: '运维管理系统',
    visualSystemName: '可视化系统',
    customColors: true,
    ...overrides,
  });
}

const TENANTS = [
  {
    id: '000000',
    name: '管理平台',
    kind: 'platform',
    domain: 'admin.ops.local',
    station: 0,
    visual: 0,
    linkman: '平台运维',
  },
  {
    id: '100001',
    name: 'Hydro Demo',
    kind: 'hydropower',
    domain: 'hydro.ops.local',
    station: 1,
    visual: 0,
    linkman: '张伟',
  },
  {
    id: '100002',
    name: 'Storage Demo',
    kind: 'energy-storage',
    // The console opened at http://localhost presets this tenant (docs/decisions.md, issue 28).
    domain: 'localhost',
    station: 1,
    visual: 1,
    linkman: '刘洋',
  },
];

const ROLES: Record<string, [string, string][]> = {
  '000000': [['超级管理员', 'administrator']],
  '100001': [
    ['管理员', 'admin'],
    ['运维人员', 'operator'],
    ['工作台', 'workbench'],
    ['普通用户', 'user'],
    ['访客', 'guest'],
  ],
  '100002': [
    ['管理员', 'admin'],
    ['可视化用户', 'viewer'],
    ['访客', 'guest'],
  ],
};

const USERS: {
  tenantId: string;
  account: string;
  realName: string;
  role: string;
  dept: string;
  phone: string;
  isInit?: number;
  layout?: Record<string, unknown>;
  /** The login answer's landing directive (auth-shared.ts LoginLanding). */
  landing?: Record<string, string>;
}[] = [
  {
    tenantId: '000000',
    account: 'admin',
    realName: '平台管理员',
    role: 'administrator',
    dept: 'platform',
    phone: '13800000000',
  },
  {
    tenantId: '100001',
    account: 'admin',
    realName: '张伟',
    role: 'admin',
    dept: 'ops',
    phone: '13800000001',
    layout: { theme: 'theme-hzblue', customColors: false },
  },
  {
    tenantId: '100001',
    account: 'operator',
    realName: '李娜',
    role: 'operator',
    dept: 'ops',
    phone: '13800000002',
  },
  {
    tenantId: '100001',
    account: 'newbie',
    realName: '王芳',
    role: 'user',
    dept: 'maintenance',
    phone: '13800000003',
    isInit: 1,
  },
  {
    tenantId: '100001',
    account: 'znywpt',
    realName: '运维平台',
    role: 'workbench',
    dept: 'ops',
    phone: '13800000004',
  },
  {
    tenantId: '100001',
    account: 'hzinfo',
    realName: '华自运维',
    role: 'admin',
    dept: 'maintenance',
    phone: '13800000005',
  },
  {
    tenantId: '100001',
    account: 'fresh',
    realName: '赵磊',
    role: 'user',
    dept: 'safety',
    phone: '13800000006',
  },
  {
    tenantId: '100002',
    account: 'viewer',
    realName: '陈静',
    role: 'viewer',
    dept: 'ops',
    phone: '13900000001',
    layout: { showVisual: true },
  },
  {
    tenantId: '100002',
    account: 'admin',
    realName: '刘洋',
    role: 'admin',
    dept: 'ops',
    phone: '13900000002',
  },
  {
    tenantId: '100002',
    account: 'duty',
    realName: '周涛',
    role: 'viewer',
    dept: 'ops',
    phone: '13900000003',
    landing: { appCode: 'station-monitor', menuPath: '/realtime/index' },
  },
];

const PARAMS: Record<string, [string, string, string, string][]> = {
  '000000': [
    ['系统认证（用户名加密）', 'isSystemAuthentication', '0', 'AES username on login'],
    ['智能助手开关', 'gglmOpenRelation', '0', 'AI assistant'],
    ['初始密码', 'account.initPassword', DEFAULT_PASSWORD, 'default password for new accounts'],
  ],
  '100001': [
    ['系统认证（用户名加密）', 'isSystemAuthentication', '0', 'AES username on login'],
    ['智能助手开关', 'gglmOpenRelation', '1', 'AI assistant on'],
    ['站点开关', 'stationFlag', '1', 'site switch on'],
  ],
  '100002': [
    [
      '系统认证（用户名加密）',
      'isSystemAuthentication',
      '1',
      'AES username on login (compatibility obfuscation)',
    ],
    ['智能助手开关', 'gglmOpenRelation', '0', 'AI assistant off'],
    ['可视化开关', 'visualFlag', '1', 'visual display on'],
  ],
};

/**
 * Creates the demo data when the database is empty (in one transaction: app.ts holds the seed lock around
 * it, so of instances starting together one seeds). Returns true when it seeded.
 */
export async function seedIfEmpty(repos: Repos, now: number, passwordCost?: number): Promise<boolean> {
  if (await repos.tenants.byTenantId('000000')) return false;
  const time = nowText(now);
  await repos.transaction(async () => {
    for (const t of TENANTS) {
      await repos.tenants.insert(
        t.id,
        {
          tenant_name: t.name,
          kind: t.kind,
          domain: t.domain,
          station_flag: t.station,
          visual_flag: t.visual,
          linkman: t.linkman,
          contact_number: '0731-88886666',
          address: t.id === '100002' ? '深圳市南山区' : '湖南省长沙市',
        },
        time,
      );
      for (const [index, [name, alias]] of (ROLES[t.id] ?? []).entries()) {
        await repos.users.insertRole(t.id, name, alias, index);
      }
      for (const [name, key, value, remark] of PARAMS[t.id] ?? [])
        await repos.params.upsert(t.id, name, key, value, remark);
    }
    const deptIds = await seedStations(repos);
    const passwords = new Map<string, string>(
      DEMO_ACCOUNTS.map((a) => [`${a.tenantId}/${a.account}`, a.password]),
    );
    const userIds = new Map<string, number>();
    for (const u of USERS) {
      const role = (await repos.users.roleByAlias(u.tenantId, u.role))!;
      const id = await repos.users.insert({
        tenant_id: u.tenantId,
        account: u.account,
        password_hash: hashPassword(passwords.get(`${u.tenantId}/${u.account}`)!, passwordCost),
        name: u.account,
        real_name: u.realName,
        avatar: '',
        email: `${u.account}@${u.tenantId}.ops.local`,
        phone: u.phone,
        role_ids: String(role.id),
        dept_id: deptIds.get(`${u.tenantId}/${u.dept}`) ?? null,
        app_id: 'ops-console',
        is_init: u.isInit ?? 0,
        layout_state: defaultLayout(u.layout),
        login_landing: u.landing ? JSON.stringify(u.landing) : null,
        device_code: '',
        create_time: time,
        update_time: time,
      });
      userIds.set(`${u.tenantId}/${u.account}`, id);
    }
    await repos.oauth.insert({
      tenant_id: '100001',
      source: 'demo',
      uuid: 'demo-operator',
      username: 'operator.demo',
      nickname: 'Demo Operator',
      user_id: userIds.get('100001/operator')!,
    });
    await seedMenus(repos);
    await seedContent(repos, userIds, now);
    await seedLeave(repos, userIds, now);
    await resetIdentity(repos.db, ['depts', 'menus', 'dicts', 'notices']);
  });
  return true;
}

/**
 * After rows were inserted with ids of their own (the seed's trees, nextId in seed-rows.ts), PostgreSQL's
 * identity of each table must continue after them, or the next row the server adds would take an id that
 * is already used. SQLite continues after the largest id by itself.
 */
export async function resetIdentity(db: Db, tables: readonly string[]): Promise<void> {
  if (db.engine !== 'postgres') return;
  for (const table of tables) {
    await db.run(
      sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), (SELECT MAX(id) FROM ${sql.table(table)}))`,
    );
  }
}
