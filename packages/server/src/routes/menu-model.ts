import type { MenuRow } from '../db/repos/menus.ts';
import type { RoleRow } from '../db/repos/users.ts';

export interface MenuNode {
  id: string;
  parentId: string;
  code: string;
  name: string;
  label: string;
  alias: string;
  path: string;
  source: string;
  icon: string;
  category: number;
  action: number;
  sort: number;
  appCode: string;
  query: Record<string, unknown> | null;
  meta: { i18n: string; roles: string[]; keepAlive: boolean };
  group: string;
  isOpen: boolean;
  iframe: boolean;
  remark: string;
  /** 1 shown in `menu/routes`, 0 hidden there (still in the admin lists). */
  isShow: number;
  hasChildren?: boolean;
  children?: MenuNode[];
}

export function roleList(roles: string): string[] {
  return roles
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
}

export function toNode(row: MenuRow): MenuNode {
  let query: Record<string, unknown> | null = null;
  if (row.query) {
    try {
      query = JSON.parse(row.query) as Record<string, unknown>;
    } catch {
      query = null;
    }
  }
  return {
    id: String(row.id),
    parentId: String(row.parent_id),
    code: row.code,
    name: row.name,
    label: row.name,
    alias: row.alias,
    path: row.path,
    source: row.source,
    icon: row.source,
    category: row.category,
    action: row.action,
    sort: row.sort,
    appCode: row.app_code,
    query,
    meta: { i18n: row.i18n, roles: roleList(row.roles), keepAlive: row.keep_alive === 1 },
    group: row.group_name,
    isOpen: row.is_open === 1,
    iframe: row.iframe === 1,
    remark: row.remark,
    isShow: row.is_show,
  };
}

/** A menu row is visible when it has no role restriction or one of the user's role aliases is listed. */
export function visibleTo(row: MenuRow, roles: RoleRow[], platformAdmin: boolean): boolean {
  if (platformAdmin) return true;
  const allowed = roleList(row.roles);
  return allowed.length === 0 || roles.some((r) => allowed.includes(r.role_alias));
}

/**
 * Builds the tree of rows; a node is kept when visible and all its ancestors are visible. Containers
 * (no path) without any remaining child are dropped when dropEmpty is set.
 */
export function buildTree(rows: MenuRow[], keep: (row: MenuRow) => boolean, dropEmpty: boolean): MenuNode[] {
  const byParent = new Map<number, MenuRow[]>();
  for (const row of rows) {
    const list = byParent.get(row.parent_id) ?? [];
    list.push(row);
    byParent.set(row.parent_id, list);
  }
  const build = (parentId: number, depth: number): MenuNode[] => {
    if (depth > 20) return [];
    const out: MenuNode[] = [];
    for (const row of byParent.get(parentId) ?? []) {
      if (!keep(row)) continue;
      const node = toNode(row);
      const children = build(row.id, depth + 1);
      if (children.length > 0) node.children = children;
      if (dropEmpty && children.length === 0 && !row.path && row.category === 1) continue;
      out.push(node);
    }
    return out;
  };
  return build(0, 0);
}

/** Keeps the branches that lead to buttons (category 2). */
export function buttonTree(rows: MenuRow[], keep: (row: MenuRow) => boolean): MenuNode[] {
  const prune = (nodes: MenuNode[]): MenuNode[] =>
    nodes
      .map((n) => ({ ...n, children: n.children ? prune(n.children) : undefined }))
      .filter((n) => n.category === 2 || (n.children?.length ?? 0) > 0)
      .map((n) => (n.children && n.children.length > 0 ? n : { ...n, children: undefined }));
  return prune(buildTree(rows, keep, false));
}

/** Fixed routes of the shell (spec §2), served as /cdn/common/routes.json. */
export const FIXED_ROUTES = [
  { path: '/noticeinfo/info', name: '消息中心', meta: { i18n: 'route.noticeinfo', query: ['type', 'name'] } },
  { path: '/info/index', name: '个人信息', meta: { i18n: 'route.info' } },
  { path: '/site/switch', name: '站点切换', meta: { i18n: 'route.site_switch' } },
  { path: '/work/process/leave/form/:processDefinitionId', name: '请假申请', meta: {} },
  { path: '/work/process/leave/handle/:taskId/:processInstanceId/:businessId', name: '请假审批', meta: {} },
  { path: '/work/process/leave/detail/:processInstanceId/:businessId', name: '请假详情', meta: {} },
  { path: '/inspect/robotTask/index', name: '设备控制', meta: {} },
  { path: '/intelligentSpeech/transmit', name: '智能助手', meta: { isIframeApp: true } },
  { path: '/operational/DefectManagement/components/Diagnostic-process', name: '故障诊断', meta: {} },
  { path: '/myiframe/:routerPath', name: '内嵌页面', meta: {} },
];
