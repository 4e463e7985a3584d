import type { Repos } from './repos/index.ts';
import { type MenuFields, type MenuRow, menuInput } from './repos/menus.ts';
import { insertRows, nextId } from './seed-rows.ts';

/** A seeded menu: a button when `button`, placed in the order it is listed. */
interface MenuSeed extends Omit<MenuFields, 'alias' | 'category' | 'action' | 'sort'> {
  group?: 'manage' | 'visual';
  button?: boolean;
  children?: MenuSeed[];
}

const btn = (code: string, name: string, roles = ''): MenuSeed => ({ code, name, button: true, roles });
const SM = 'station-monitor';
const LW = 'leave-workflow';
/** The Versions page (packages/apps/versions): import-map pins and rollbacks, platform administrators only. */
const VERSIONS = 'versions';
/** Platform and tenant administration (packages/apps/system): tenants, users, dictionaries, menus, logs. */
const SYS = 'system';

/** A page of the system sub-app with its button permissions (granted to the role alias `admin`). */
const sysPage = (
  code: string,
  name: string,
  page: string,
  source: string,
  buttons: [string, string][] = [],
) => ({
  code,
  name,
  path: `/${SYS}/${page}`,
  appCode: SYS,
  source,
  roles: 'admin',
  ...(buttons.length > 0 ? { children: buttons.map(([c, n]) => btn(c, n, 'admin')) } : {}),
});

const TENANT_MANAGE: MenuSeed = sysPage('tenant_manage', '租户管理', 'tenant/index', 'icon-tenant', [
  ['tenant_add', '新增'],
  ['tenant_edit', '修改'],
  ['tenant_delete', '删除'],
  ['tenant_setting', '授权配置'],
]);
const USER_MANAGE: MenuSeed = sysPage('user_manage', '用户管理', 'user/index', 'icon-user', [
  ['user_add', '新增'],
  ['user_edit', '修改'],
  ['user_delete', '删除'],
  ['user_reset', '重置密码'],
  ['user_role', '角色配置'],
]);
const DICT_MANAGE: MenuSeed = sysPage('dict_manage', '字典管理', 'dict/index', 'icon-dict', [
  ['dict_add', '新增'],
  ['dict_edit', '修改'],
  ['dict_delete', '删除'],
]);
const MENU_MANAGE: MenuSeed = sysPage('menu_manage', '菜单管理', 'menu/index', 'icon-menu', [
  ['menu_add', '新增'],
  ['menu_edit', '修改'],
  ['menu_delete', '删除'],
]);
const LOG_MANAGE: MenuSeed = {
  code: 'log_manage',
  name: '日志管理',
  source: 'icon-log',
  appCode: SYS,
  roles: 'admin',
  children: [
    sysPage('usual_log', '通用日志', 'log/usual', 'icon-log'),
    sysPage('api_log', '接口日志', 'log/api', 'icon-log'),
    sysPage('error_log', '错误日志', 'log/error', 'icon-log'),
  ],
};
/** What a tenant administrator manages: the tenant's users, dictionaries, menus and logs. */
const TENANT_SYSTEM: MenuSeed[] = [USER_MANAGE, DICT_MANAGE, MENU_MANAGE, LOG_MANAGE];

/** The shell's environment page (spec §2 mock menu entry `/test/index`), for administrators. */
const RUNTIME_ENV: MenuSeed = {
  code: 'runtime_env',
  name: '运行环境',
  path: '/test/index',
  source: 'icon-info',
  roles: 'admin',
};

const FIXED: MenuSeed[] = [
  {
    code: 'notice_center',
    name: '消息中心',
    path: '/noticeinfo/info',
    source: 'icon-message',
    query: { type: 'notice', name: '通知公告' },
  },
  { code: 'personal_info', name: '个人信息', path: '/info/index', source: 'icon-user' },
  {
    code: 'site',
    name: '站点管理',
    source: 'icon-site',
    children: [
      {
        code: 'site_switch',
        name: '站点切换',
        path: '/site/switch',
        source: 'icon-switch',
        children: [
          btn('switch_view', '查看'),
          btn('switch_add', '新增', 'admin'),
          btn('switch_edit', '修改', 'admin'),
          btn('switch_delete', '删除', 'admin'),
        ],
      },
    ],
  },
  {
    code: 'workflow',
    name: '流程审批',
    source: 'icon-workflow',
    appCode: LW,
    children: [
      { code: 'leave_apply', name: '请假申请', path: `/${LW}/apply/index`, appCode: LW, keepAlive: true },
      { code: 'leave_todo', name: '我的待办', path: `/${LW}/todo/index`, appCode: LW },
      { code: 'leave_done', name: '已办事项', path: `/${LW}/done/index`, appCode: LW },
      {
        code: 'leave_form',
        name: '发起请假',
        path: '/work/process/leave/form/leave_process:1:10001',
        source: 'icon-form',
        remark: 'handle and detail routes are opened from the todo list',
      },
    ],
  },
  { code: 'robot_task', name: '设备控制', path: '/inspect/robotTask/index', source: 'icon-robot' },
  // A shell page on the reference server's data (spec §2 mock menu entry: opens exactly at its path).
  { code: 'spare_parts', name: '备件申领', path: '/market/cart', source: 'icon-cart' },
  {
    code: 'ai_chat',
    name: '智能助手',
    path: '/intelligentSpeech/transmit',
    source: 'icon-robot',
    query: { isIframeApp: true },
  },
  {
    code: 'station_report',
    name: '运行日报',
    path: '/embedded/station-report.html',
    source: 'icon-report',
    iframe: true,
    remark: 'iframe entry (same-origin page served by the server)',
  },
  {
    code: 'nea_link',
    name: '国家能源局',
    path: 'https://www.nea.gov.cn/',
    source: 'icon-link',
    isOpen: true,
    remark: 'external link, opens in a new window',
  },
];

/** The station monitor's pages that every station's monitor menu starts with. */
const STATION_PAGES: MenuSeed[] = [
  {
    code: 'station_overview',
    name: '电站总览',
    path: `/${SM}/overview/index`,
    appCode: SM,
    keepAlive: true,
  },
  { code: 'realtime', name: '实时数据', path: `/${SM}/realtime/index`, appCode: SM },
];

/** The visual system's menu (spec §4 System type): its one big screen, for the roles named. */
const visualMenu = (roles: string): MenuSeed => ({
  code: 'visual',
  name: '可视化大屏',
  source: 'icon-visual',
  group: 'visual',
  appCode: SM,
  roles,
  children: [
    {
      code: 'visual_overview',
      name: '储能总览大屏',
      path: `/${SM}/visual/index`,
      appCode: SM,
      group: 'visual',
    },
  ],
});

const HYDRO: MenuSeed[] = [
  {
    code: 'monitor',
    name: '运行监视',
    source: 'icon-monitor',
    appCode: SM,
    children: [
      ...STATION_PAGES,
      {
        code: 'alarm_manage',
        name: '告警管理',
        source: 'icon-alarm',
        appCode: SM,
        children: [
          {
            code: 'alarm_list',
            name: '告警列表',
            path: `/${SM}/alarm/index`,
            appCode: SM,
            children: [btn('warring_log', '告警提醒', 'admin'), btn('alarm_confirm', '告警确认')],
          },
          { code: 'alarm_stat', name: '告警统计', path: `/${SM}/alarm/statistics`, appCode: SM },
        ],
      },
    ],
  },
  ...FIXED,
  {
    code: 'system',
    name: '系统管理',
    source: 'icon-setting',
    roles: 'admin',
    children: [...TENANT_SYSTEM, RUNTIME_ENV],
  },
  // The administrators of a tenant with the assistant may switch to the visual system, where the AI robot
  // does not show (spec §6).
  visualMenu('admin'),
];

const STORAGE: MenuSeed[] = [
  {
    code: 'storage_monitor',
    name: '储能监视',
    source: 'icon-monitor',
    appCode: SM,
    children: [...STATION_PAGES],
  },
  ...FIXED.filter((m) => m.code !== 'ai_chat'),
  {
    code: 'system',
    name: '系统管理',
    source: 'icon-setting',
    roles: 'admin',
    children: [...TENANT_SYSTEM, RUNTIME_ENV],
  },
  visualMenu('viewer,admin'),
];

const PLATFORM: MenuSeed[] = [
  {
    code: 'platform',
    name: '平台管理',
    source: 'icon-setting',
    children: [
      TENANT_MANAGE,
      ...TENANT_SYSTEM,
      {
        code: 'versions',
        name: '版本管理',
        path: `/${VERSIONS}/index`,
        appCode: VERSIONS,
        roles: 'administrator',
      },
    ],
  },
  FIXED[0]!,
  FIXED[1]!,
];

/** The rows of a menu tree, depth first, with their ids from `next` on; records each code's id. */
function treeRows(
  tenantId: string,
  items: MenuSeed[],
  parentId: number,
  next: () => number,
  ids: Map<string, number>,
): MenuRow[] {
  return items.flatMap((item, index) => {
    const id = next();
    ids.set(item.code, id);
    const fields = { ...item, category: item.button ? 2 : 1, action: item.button ? 1 : 0, sort: index + 1 };
    const row = { id, ...menuInput(tenantId, parentId, fields) };
    return [row, ...(item.children ? treeRows(tenantId, item.children, id, next, ids) : [])];
  });
}

/** The English names of the seeded menu codes (the server texts `menu.<code>`, spec §2 menu names). */
const MENU_EN: Record<string, string> = {
  notice_center: 'Message centre',
  personal_info: 'Personal info',
  site: 'Sites',
  site_switch: 'Switch site',
  switch_view: 'View',
  switch_add: 'Add',
  switch_edit: 'Edit',
  switch_delete: 'Delete',
  workflow: 'Approvals',
  leave_apply: 'Leave request',
  leave_todo: 'My to-dos',
  leave_done: 'Done',
  leave_form: 'New leave request',
  robot_task: 'Device control',
  spare_parts: 'Spare parts requisition',
  ai_chat: 'AI assistant',
  station_report: 'Daily report',
  nea_link: 'National Energy Administration',
  monitor: 'Operations monitor',
  storage_monitor: 'Storage monitor',
  station_overview: 'Station overview',
  realtime: 'Real-time data',
  alarm_manage: 'Alarms',
  alarm_list: 'Alarm list',
  warring_log: 'Alarm reminders',
  alarm_confirm: 'Confirm alarms',
  alarm_stat: 'Alarm statistics',
  system: 'System',
  error_log: 'Error log',
  usual_log: 'Usual log',
  api_log: 'API log',
  log_manage: 'Logs',
  user_manage: 'Users',
  tenant_add: 'Add',
  tenant_edit: 'Edit',
  tenant_delete: 'Delete',
  tenant_setting: 'Licence settings',
  user_add: 'Add',
  user_edit: 'Edit',
  user_delete: 'Delete',
  user_reset: 'Reset password',
  user_role: 'Roles',
  dict_add: 'Add',
  dict_edit: 'Edit',
  dict_delete: 'Delete',
  menu_add: 'Add',
  menu_edit: 'Edit',
  menu_delete: 'Delete',
  runtime_env: 'Environment',
  visual: 'Big screen',
  visual_overview: 'Storage overview screen',
  platform: 'Platform',
  tenant_manage: 'Tenants',
  dict_manage: 'Dictionaries',
  menu_manage: 'Menus',
  versions: 'Versions',
};

/** `menu.<code>` to [zh, en]: a code names one item, so its key is the same in every tenant. */
export const MENU_I18N: Record<string, [string, string]> = {};
for (const item of [...HYDRO, ...STORAGE, ...PLATFORM]) collect(item);
function collect(item: MenuSeed) {
  const key = `menu.${item.code}`;
  const known = MENU_I18N[key];
  if (known && known[0] !== item.name) throw new Error(`menu code ${item.code} has two names`);
  MENU_I18N[key] = [item.name, MENU_EN[item.code] ?? item.code.replaceAll('_', ' ')];
  for (const child of item.children ?? []) collect(child);
}

/** The top menus' names by code (`menu.top.<code>` server texts), [zh, en]. */
const TOP_MENU_NAMES: Record<string, [string, string]> = {
  workbench: ['工作台', 'Workbench'],
  production: ['生产运行', 'Production'],
  process: ['流程审批', 'Approvals'],
  system: ['系统管理', 'System'],
  platform: ['平台管理', 'Platform'],
};
for (const [code, names] of Object.entries(TOP_MENU_NAMES)) MENU_I18N[`menu.top.${code}`] = names;

/** The menu trees (one INSERT per tenant, ids set here), top menus and sub-apps of the demo tenants. */
export async function seedMenus(repos: Repos) {
  const tops: Record<string, [string, string, string[]][]> = {
    '100001': [
      ['workbench', 'icon-home', ['monitor', 'notice_center', 'ai_chat', 'personal_info']],
      [
        'production',
        'icon-monitor',
        ['monitor', 'robot_task', 'spare_parts', 'site', 'station_report', 'nea_link'],
      ],
      ['process', 'icon-workflow', ['workflow']],
      ['system', 'icon-setting', ['system']],
    ],
    '100002': [
      ['workbench', 'icon-home', ['storage_monitor', 'notice_center', 'personal_info']],
      ['production', 'icon-monitor', ['storage_monitor', 'robot_task', 'spare_parts', 'site', 'workflow']],
      ['system', 'icon-setting', ['system']],
    ],
    '000000': [['platform', 'icon-setting', ['platform', 'notice_center', 'personal_info']]],
  };
  let id = await nextId(repos.db, 'menus');
  for (const [tenantId, tree] of [
    ['100001', HYDRO],
    ['100002', STORAGE],
    ['000000', PLATFORM],
  ] as const) {
    const ids = new Map<string, number>();
    await insertRows(
      repos.db,
      'menus',
      treeRows(tenantId, tree, 0, () => id++, ids),
    );
    for (const [index, [code, source, menus]] of (tops[tenantId] ?? []).entries()) {
      await repos.menus.insertTopMenu(
        tenantId,
        code,
        TOP_MENU_NAMES[code]![0],
        source,
        index + 1,
        menus.map((m) => ids.get(m)!).filter(Boolean),
      );
    }
    await repos.menus.insertApp(
      tenantId,
      SM,
      '电站监视',
      `/${SM}`,
      1,
      'demo sub-app packages/apps/station-monitor',
    );
    await repos.menus.insertApp(tenantId, SYS, '系统管理', `/${SYS}`, 3, 'sub-app packages/apps/system');
    if (tenantId === '000000') {
      await repos.menus.insertApp(
        tenantId,
        VERSIONS,
        '版本管理',
        `/${VERSIONS}`,
        2,
        'sub-app packages/apps/versions (deploy API, docs/api.md section 22)',
      );
    }
    if (tenantId !== '000000') {
      await repos.menus.insertApp(
        tenantId,
        LW,
        '请假流程',
        `/${LW}`,
        2,
        'demo sub-app packages/apps/leave-workflow',
      );
    }
  }
}
