import { charCount, isValidAppCode } from '@ops/shared';
import type { ValidationResult } from '@ops/ui';
import { isRow, num, type Row, text } from '../api';
import { fail, OK, wholeNumber } from '../field-rules';

/**
 * The menu administration's pure rules (docs/api.md section 5): a menu item as the page reads it, the
 * lazy tree's rows, the form's checks (the server's, so a value the form lets through is not refused for
 * its shape) and the body the form sends.
 */

export const MENU_URLS = {
  lazyList: '/api/blade-system/menu/lazy-list',
  tree: '/api/blade-system/menu/tree',
  submit: '/api/blade-system/menu/submit',
  remove: '/api/blade-system/menu/remove',
  /** Every app of the tenant (docs/api.md section 5): the codes the app-code field names. */
  apps: '/api/blade-system/application/all',
} as const;

/** The app codes of an `application/all` answer, in its order; anything else reads as none. */
export function appCodesOf(data: unknown): string[] {
  if (!Array.isArray(data)) return [];
  return data
    .map((app) => (app && typeof app === 'object' ? (app as { code?: unknown }).code : undefined))
    .filter((code): code is string => typeof code === 'string' && code !== '');
}

/** The tree's root: the parent id of top-level items. */
export const ROOT = '0';

export interface MenuItem {
  id: string;
  parentId: string;
  name: string;
  code: string;
  path: string;
  appCode: string;
  source: string;
  /** 1 menu, 2 button. */
  category: number;
  sort: number;
  /** 1 shown in the users' menus, 0 hidden. */
  isShow: number;
  hasChildren: boolean;
  /** The item as the server sent it: what the form does not edit is sent back unchanged. */
  raw: Row;
}

export function readMenuItem(row: Row): MenuItem {
  return {
    id: text(row.id),
    parentId: text(row.parentId) || ROOT,
    name: text(row.name),
    code: text(row.code),
    path: text(row.path),
    appCode: text(row.appCode),
    source: text(row.source),
    category: num(row.category) ?? 1,
    sort: num(row.sort) ?? 0,
    isShow: num(row.isShow) ?? 1,
    hasChildren: row.hasChildren === true,
    raw: row,
  };
}

/** A parent the form offers: a menu (not a button) of the tenant's tree, with the ids under it. */
export interface ParentOption {
  id: string;
  name: string;
  /** This item and every item under it (an item cannot move under itself). */
  subtree: string[];
}

/** The `menu/tree` answer as parent options, depth first in the tree's order; buttons are left out. */
export function parentOptions(data: unknown): ParentOption[] {
  const out: ParentOption[] = [];
  const walk = (nodes: unknown, depth: number): string[] => {
    if (!Array.isArray(nodes) || depth > 20) return [];
    const ids: string[] = [];
    for (const node of nodes.filter(isRow)) {
      const id = text(node.id);
      const option: ParentOption = { id, name: text(node.title), subtree: [id] };
      const isMenu = (num(node.category) ?? 1) === 1;
      if (isMenu) out.push(option);
      option.subtree.push(...walk(node.children, depth + 1));
      ids.push(...option.subtree);
    }
    return ids;
  };
  walk(data, 0);
  return out;
}

/** The parents an item may move under: every menu but itself and what lies under it. */
export function parentsFor(options: readonly ParentOption[], itemId: string | null): ParentOption[] {
  if (!itemId) return [...options];
  const own = options.find((o) => o.id === itemId);
  const excluded = new Set(own?.subtree ?? [itemId]);
  return options.filter((o) => !excluded.has(o.id));
}

/** A row of the tree table: an item at its depth (0 for top level). */
export interface TreeRow {
  item: MenuItem;
  level: number;
}

/** The rows the tree shows: each loaded level in order, an expanded item's children right under it. */
export function treeRows(
  children: ReadonlyMap<string, readonly MenuItem[]>,
  expanded: ReadonlySet<string>,
  parentId: string = ROOT,
  level = 0,
): TreeRow[] {
  if (level > 20) return [];
  return (children.get(parentId) ?? []).flatMap((item) => [
    { item, level },
    ...(expanded.has(item.id) ? treeRows(children, expanded, item.id, level + 1) : []),
  ]);
}

export interface MenuForm {
  parentId: string;
  name: string;
  code: string;
  path: string;
  appCode: string;
  source: string;
  sort: string;
  category: '1' | '2';
  isShow: '1' | '0';
}

export type MenuFormField = keyof MenuForm;

/** The form of a new item under `parentId`, or of an existing one. */
export function formOf(item: MenuItem | null, parentId: string = ROOT): MenuForm {
  if (!item)
    return {
      parentId,
      name: '',
      code: '',
      path: '',
      appCode: '',
      source: '',
      sort: '0',
      category: '1',
      isShow: '1',
    };
  return {
    parentId: item.parentId,
    name: item.name,
    code: item.code,
    path: item.path,
    appCode: item.appCode,
    source: item.source,
    sort: String(item.sort),
    category: item.category === 2 ? '2' : '1',
    isShow: item.isShow === 0 ? '0' : '1',
  };
}

/** The server's limits (packages/server/src/routes/menu.ts). */
export const MENU_LIMITS = { name: 64, path: 300, source: 64, sort: 100000 } as const;

const UNSAFE = /[<>`]/;
const CODE = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
/** A console path (`/...`, not `//host` or `/\`), or an http(s) address. */
const PATH = /^(\/(?![/\\])|https?:\/\/)/;
/** Sub-app codes as `npm run new:app` makes them: lowercase kebab. */
const KEBAB = /^[a-z0-9-]+$/;

/** Each field's check; the error is a text key of the page (`menus.errors.*`). */
export const MENU_RULES: Record<
  Exclude<MenuFormField, 'parentId' | 'category' | 'isShow'>,
  (v: string) => ValidationResult
> = {
  name: (v) =>
    v.trim() === ''
      ? fail('menus.errors.nameRequired')
      : charCount(v) > MENU_LIMITS.name
        ? fail('menus.errors.tooLong', { max: MENU_LIMITS.name })
        : UNSAFE.test(v)
          ? fail('menus.errors.unsafe')
          : OK,
  code: (v) => (v === '' ? fail('menus.errors.codeRequired') : CODE.test(v) ? OK : fail('menus.errors.code')),
  path: (v) =>
    charCount(v) > MENU_LIMITS.path
      ? fail('menus.errors.tooLong', { max: MENU_LIMITS.path })
      : v === '' || PATH.test(v)
        ? OK
        : fail('menus.errors.path'),
  appCode: (v) => (v === '' || (isValidAppCode(v) && KEBAB.test(v)) ? OK : fail('menus.errors.appCode')),
  source: (v) =>
    charCount(v) > MENU_LIMITS.source ? fail('menus.errors.tooLong', { max: MENU_LIMITS.source }) : OK,
  sort: wholeNumber(MENU_LIMITS.sort, 'menus.errors.sort'),
};

/** Whether every checked field of the form passes. */
export const formValid = (form: MenuForm): boolean =>
  Object.entries(MENU_RULES).every(([field, rule]) => rule(form[field as keyof typeof MENU_RULES]).ok);

/**
 * The `menu/submit` body: the form's fields, and for an existing item its id and what the form does not
 * edit (alias, query, roles, flags, group, remark), so saving the form changes only what it shows.
 */
export function menuBody(form: MenuForm, item: MenuItem | null): Record<string, unknown> {
  const fields = {
    parentId: form.parentId,
    name: form.name,
    code: form.code,
    path: form.path,
    appCode: form.appCode,
    source: form.source,
    sort: Number(form.sort),
    category: Number(form.category),
    isShow: Number(form.isShow),
  };
  if (!item) return fields;
  const raw = item.raw;
  const meta = isRow(raw.meta) ? raw.meta : {};
  const kept: Record<string, unknown> = {
    alias: text(raw.alias),
    action: num(raw.action) ?? 0,
    query: isRow(raw.query) ? raw.query : null,
    isOpen: raw.isOpen === true,
    iframe: raw.iframe === true,
    keepAlive: meta.keepAlive === true,
    roles: Array.isArray(meta.roles) ? meta.roles.map(text).join(',') : '',
    group: text(raw.group) || 'manage',
    remark: text(raw.remark),
  };
  return { id: item.id, ...kept, ...fields };
}
