import type { DictRow } from './repos/dicts.ts';
import type { Repos } from './repos/index.ts';
import type { LogInput } from './repos/logs.ts';
import { nowText } from './repos/util.ts';
import { MENU_I18N } from './seed-menus.ts';
import { historyMessages, messageRow, type SeedMessage } from './seed-message-history.ts';
import { insertRows, nextId } from './seed-rows.ts';

const DICTS: [string, string, [string, string, string?][]][] = [
  [
    'model_func_type',
    '模型功能类型',
    [
      ['0', '状态选择', 'Choose a status option'],
      ['1', '普通控制', 'Normal control'],
      ['2', '断路器控制', 'Breaker control'],
      ['3', '参数设定', 'Numeric parameters'],
      ['4', '直接下发', 'Send immediately'],
    ],
  ],
  [
    'model_func_status',
    '模型功能状态',
    [
      ['0', '停止', 'Stopped'],
      ['1', '运行', 'Running'],
      ['2', '检修', 'Maintenance'],
    ],
  ],
  [
    'model_func_param_source',
    '参数来源',
    [
      ['0', '选项', 'Options'],
      ['1', '固定标识', 'Fixed signage'],
    ],
  ],
  [
    'model_func_control_param',
    '控制参数',
    [
      ['1', '启动/停止', 'Start/Stop'],
      ['2', '开/关', 'Open/Close'],
      ['3', '投入/退出', 'Engage/Disengage'],
    ],
  ],
  [
    'trade',
    '行业',
    [
      ['hydropower', '水电', 'Hydropower'],
      ['water', '水利', 'Water conservancy'],
      ['storage', '储能', 'Energy storage'],
      ['pv', '光伏', 'Photovoltaic'],
    ],
  ],
  [
    'businessClassify',
    '业务分类',
    [
      ['alarm', '告警消息', 'Alarm'],
      ['defect', '缺陷消息', 'Defect'],
      ['overhaul', '检修消息', 'Overhaul'],
      ['ticket', '两票消息', 'Work tickets'],
      ['duty', '值班消息', 'Duty'],
      ['system', '系统消息', 'System'],
    ],
  ],
  [
    'notice',
    '通知类型',
    [
      ['1', '发布通知', 'Announcement'],
      ['2', '批转通知', 'Forwarded with approval'],
      ['3', '转发通知', 'Forwarded'],
      ['4', '指示通知', 'Instruction'],
      ['5', '任免通知', 'Appointment'],
    ],
  ],
  [
    'messageStatus',
    '消息状态',
    [
      ['0', '未读', 'Unread'],
      ['1', '已读', 'Read'],
    ],
  ],
  [
    'i18n_language',
    '语言',
    [
      ['zh_CN', '简体中文', 'Chinese'],
      ['en_US', 'English', 'English'],
    ],
  ],
];

const NOTICES: [string, string, string][] = [
  ['汛期安全生产工作通知', '各电站须于本周内完成防汛物资清点，并上报汛前检查表。', '1'],
  ['关于开展设备春检的通知', '春检工作自下周一起开展，请各站合理安排检修计划。', '1'],
  ['集控中心值班表调整', '自本月起集控中心值班调整为四班三倒。', '4'],
  ['两票管理规定（修订版）', '修订后的工作票、操作票管理规定已发布，请组织学习。', '2'],
  ['系统升级公告', '运维平台将于周六 22:00-24:00 升级，期间暂停服务。', '1'],
  ['安全培训通知', '本季度安全培训定于 15 日举行，请各部门准时参加。', '3'],
  ['人事任免通知', '任命周强同志为飞来峡水电站站长。', '5'],
  ['关于加强夜间巡检的通知', '夜间巡检须双人进行并做好记录。', '4'],
  ['防雷检测安排', '各站防雷检测将于下月完成，请配合检测单位工作。', '3'],
  ['节能降耗倡议', '请各站优化厂用电，减少不必要的能耗。', '1'],
  ['<b>标题含标记</b> 的测试公告', '正文包含 <script>alert(1)</script> 用于检查前端转义。', '1'],
  ['年度工作总结提交通知', '请于月底前提交年度工作总结。', '2'],
];

const MESSAGES: [string, string, string][] = [
  ['alarm', '机组温度越限', '{s} 1号机组上导轴承温度越限（68.5℃）'],
  ['alarm', '水位告警', '{s} 上游水位接近汛限水位'],
  ['alarm', '通讯中断', '{s} 远动通讯中断超过 5 分钟'],
  ['defect', '缺陷待处理', '{s} 2号主变冷却风扇异响，待处理'],
  ['defect', '缺陷已派单', '{s} 闸门启闭机油位偏低，已派单'],
  ['overhaul', '检修计划', '{s} 3号机组 C 级检修计划已审批'],
  ['ticket', '工作票待签发', '{s} 第一种工作票待签发'],
  ['ticket', '操作票待审核', '{s} 倒闸操作票待审核'],
  ['duty', '交接班提醒', '{s} 夜班交接班提醒'],
  ['system', '密码即将过期', '您的密码将在 7 天后过期'],
  ['alarm', 'SOC 越限', '{s} 储能电池 SOC 低于 10%'],
  ['system', '版本更新', '运维 App 已发布 1.2.3 版本'],
];

/**
 * Dictionaries, notices, messages, logs and texts of the demo tenants: each table's rows in one INSERT
 * (notices and dictionaries with ids set here, for the rows that refer to them), in the order the ids
 * follow.
 */
export async function seedContent(repos: Repos, userIds: Map<string, number>, now: number) {
  const db = repos.db;
  const time = nowText(now);
  const dicts: DictRow[] = [];
  let dictId = await nextId(db, 'dicts');
  for (const [code, name, entries] of DICTS) {
    const parentId = dictId++;
    dicts.push({
      id: parentId,
      tenant_id: '000000',
      parent_id: 0,
      code,
      dict_key: '-1',
      dict_value: name,
      sort: 0,
      remark: '',
      is_sealed: 1,
    });
    for (const [index, [key, value, remark]] of entries.entries()) {
      dicts.push({
        id: dictId++,
        tenant_id: '000000',
        parent_id: parentId,
        code,
        dict_key: key,
        dict_value: value,
        sort: index + 1,
        remark: remark ?? '',
        is_sealed: 0,
      });
    }
  }
  await insertRows(db, 'dicts', dicts);
  const hour = 3600 * 1000;
  const stations: Record<string, string[]> = {
    '100001': ['飞来峡水电站', '新丰江水电站', '东江水电站'],
    '100002': ['前海储能电站', '宝安储能电站', '坪山储能电站'],
    '000000': ['平台'],
  };
  let noticeId = await nextId(db, 'notices');
  const notices: ({ id: number } & Record<
    'tenant_id' | 'title' | 'content' | 'category' | 'release_time',
    string
  >)[] = [];
  const reads: { notice_id: number; user_id: number; read_time: string }[] = [];
  const messages: SeedMessage[] = [];
  const logs: LogInput[] = [];
  for (const tenantId of ['000000', '100001', '100002']) {
    const noticeIds = NOTICES.map(([title, content, category], index) => {
      const id = noticeId++;
      const release_time = nowText(now - (index + 1) * 20 * hour);
      notices.push({ id, tenant_id: tenantId, title, content, category, release_time });
      return id;
    });
    const tenantUsers = [...userIds].filter(([key]) => key.startsWith(`${tenantId}/`));
    for (const [, userId] of tenantUsers) {
      // Every account has some notices read (the older half) and some unread.
      for (const id of noticeIds.slice(6)) reads.push({ notice_id: id, user_id: userId, read_time: time });
      for (const [index, [classify, subject, content]] of MESSAGES.entries()) {
        const site = stations[tenantId]![index % stations[tenantId]!.length]!;
        const text = [classify, subject, content.replace('{s}', site)] as const;
        messages.push(
          messageRow(tenantId, userId, text, index % 3 === 2 ? 1 : 0, nowText(now - (index + 1) * 2 * hour)),
        );
      }
      messages.push(...historyMessages(tenantId, userId, stations[tenantId]!, now));
    }
    for (let i = 0; i < 14; i++) {
      const at = nowText(now - i * 3 * hour);
      logs.push({
        tenant_id: tenantId,
        kind: 'usual',
        service_id: 'blade-system',
        server_host: 'ops-server',
        env: 'dev',
        title: i % 2 ? '用户登录' : '修改布局',
        log_level: 'INFO',
        message: i % 2 ? 'login success' : 'layout saved',
        method: 'POST',
        request_uri: i % 2 ? '/api/blade-system/oauth/token' : '/api/blade-system/user/save/layoutState',
        remote_ip: `10.0.0.${10 + i}`,
        create_by: 'admin',
        create_time: at,
        time: String(5 + i),
      });
      logs.push({
        tenant_id: tenantId,
        kind: 'api',
        service_id: 'blade-system',
        server_host: 'ops-server',
        env: 'dev',
        title: ['查询菜单', '查询字典', '查询站点', '查询通知'][i % 4]!,
        method: 'GET',
        request_uri: [
          '/api/blade-system/menu/routes',
          '/api/blade-system/dict/dictionary',
          '/api/blade-system/dept/getChildTenantDept',
          '/api/blade-system/notice/getUnread',
        ][i % 4]!,
        user_agent: 'Mozilla/5.0',
        remote_ip: `10.0.1.${10 + i}`,
        params: 'current=1&size=10',
        time: String(12 + i * 3),
        create_by: 'operator',
        create_time: at,
      });
      if (i < 12) {
        logs.push({
          tenant_id: tenantId,
          kind: 'error',
          type: i % 3 === 0 ? 'ChunkLoadError' : 'TypeError',
          url: `/station-monitor/overview/index?i=${i}`,
          message:
            i % 3 === 0
              ? 'Loading chunk 12 failed.'
              : "Cannot read properties of undefined (reading 'value')",
          stack: 'at render (station-monitor.js:1:2048)\nat mount (single-spa.js:1:512)',
          info: 'mount',
          time: at,
          create_by: 'operator',
          create_time: at,
        });
      }
    }
  }
  await insertRows(db, 'notices', notices);
  await insertRows(db, 'notice_reads', reads);
  await insertRows(db, 'messages', messages);
  await repos.logs.insertMany(logs);
  const texts: [string, string, string][] = [
    ...Object.entries(MENU_I18N).map(([code, [zh, en]]): [string, string, string] => [code, zh, en]),
    ['route.noticeinfo', '消息中心', 'Message centre'],
    ['route.info', '个人信息', 'Personal info'],
    ['route.site_switch', '站点切换', 'Switch site'],
    ['login.title', '运维控制台', 'Operations console'],
  ];
  await insertRows(
    db,
    'i18n',
    texts.flatMap(([code, zh, en]) => [
      { language: 'zh_CN', code, text: zh },
      { language: 'en_US', code, text: en },
    ]),
  );
  await repos.misc.insertApk(
    'com.ops.console',
    '1.1.0',
    110,
    '/downloads/ops-console-1.1.0.apk',
    nowText(now - 90 * 24 * hour),
  );
  await repos.misc.insertApk('com.ops.console', '1.2.3', 123, '/downloads/ops-console-1.2.3.apk', time);
}
