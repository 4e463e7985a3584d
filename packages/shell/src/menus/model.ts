import { isValidAppCode, normalizePath } from '@ops/shared';
import { type MenuPathProblem, type MenuTarget, menuTarget } from './paths';

/**
 * The menu model: the untrusted JSON of `GET /api/blade-system/menu/routes` (a tree; a flat list with
 * `parentId` works too) and `GET /api/blade-system/menu/top-menu` turned into validated items (docs/api.md
 * section 5, spec §3 Menu item). Pure and total: bad input never throws; an unusable item is skipped and
 * reported as a problem so the caller can write one error-log entry. Names are plain text, kept exactly as
 * the server sent them (markup included): the view renders text, never HTML.
 */

/** `manage` (the management system) or `visual` (the visual system's menu); anything else is `manage`. */
export type MenuGroup = 'manage' | 'visual';

export interface MenuMeta {
  /** The server-text key of the name (`menu.station_overview`); null when none. */
  readonly i18n: string | null;
  readonly keepAlive: boolean;
  /** Role aliases allowed (the server has already filtered by them). */
  readonly roles: readonly string[];
}

export interface MenuItem {
  readonly id: string;
  /** The parent's id; null for a top-level item. */
  readonly parentId: string | null;
  /** `name`, else `label`; trimmed, otherwise as sent (plain text, may contain `<` and `>`). */
  readonly name: string;
  readonly code: string;
  /** The path as the menu gives it (trimmed); empty for a container without one. */
  readonly path: string;
  /** A known icon name (`icon`, else `source`), else the default icon. */
  readonly icon: string;
  /** Empty when the item is not a sub-app's. */
  readonly appCode: string;
  /** The route's query parameters as text; null when none. */
  readonly query: Readonly<Record<string, string>> | null;
  readonly meta: MenuMeta;
  readonly group: MenuGroup;
  readonly isOpen: boolean;
  readonly iframe: boolean;
  /** Where the item opens (never `invalid`); null for a container without a path. */
  readonly target: Exclude<MenuTarget, { kind: 'invalid' }> | null;
  /** Empty for a leaf. */
  readonly children: readonly MenuItem[];
}

/**
 * Why an item was skipped:
 * - `not-a-list`: the answer itself is not an array (nothing is built);
 * - `not-an-object`: an entry that is not a JSON object;
 * - `missing-id`, `missing-name` (neither `name` nor `label`);
 * - `duplicate-id`: a later item with the id of one already kept (the first is kept);
 * - `parent-skipped`: its parent was skipped (its whole subtree goes with it);
 * - `cycle`: its `parentId` chain loops and never reaches a top-level item;
 * - `too-deep`: below `maxDepth` levels;
 * - `missing-path`: a leaf with no path (nothing to open); `empty-container`: a container without a path
 *   whose children were all skipped;
 * - the path problems of `menuTarget` (`unsafe-path`, `invalid-path`, `invalid-app-code`).
 */
export type MenuProblemReason =
  | 'not-an-object'
  | 'not-a-list'
  | 'missing-id'
  | 'missing-name'
  | 'duplicate-id'
  | 'parent-skipped'
  | 'cycle'
  | 'too-deep'
  | 'empty-container'
  | MenuPathProblem;

export interface MenuProblem {
  /** The item's id when it has one. */
  readonly id: string | null;
  readonly reason: MenuProblemReason;
}

export interface MenuModel {
  /** Top-level items in the server's order, each with its children. */
  readonly items: readonly MenuItem[];
  /** Every kept item by id. */
  readonly byId: ReadonlyMap<string, MenuItem>;
  /** Skipped items, in the order they were met; empty when the input was clean. */
  readonly problems: readonly MenuProblem[];
  /** Items by canonical route path, for `findItemForUrl` (built once with the model). */
  readonly routeIndex: ReadonlyMap<string, readonly MenuRouteEntry[]>;
}

/** One way a URL can reach an item: its route path exactly, or (prefix) a page below it. */
export interface MenuRouteEntry {
  readonly item: MenuItem;
  /** True: the key is the item's route itself; false: the key is the base its deep links live under. */
  readonly exact: boolean;
  /** The route's query pairs (the item's query merged with the path's own). */
  readonly query: readonly (readonly [string, string])[];
}

export interface MenuOptions {
  /** Whether the view has this icon; without it every well-formed icon name is kept. */
  readonly isKnownIcon?: (name: string) => boolean;
  /** The icon of an item whose icon is missing, malformed or unknown. Default `DEFAULT_MENU_ICON`. */
  readonly defaultIcon?: string;
  /** Levels kept, top level being 1. Default `MAX_MENU_DEPTH`. */
  readonly maxDepth?: number;
}

export const DEFAULT_MENU_ICON = 'icon-menu';

/**
 * Nesting kept: the reference server builds at most this deep, and a view that renders submenus
 * recursively must not meet thousands of levels.
 */
export const MAX_MENU_DEPTH = 20;

/** An icon is a class-like name, or a few separated by single spaces (`iconfont icon-home`). */
const ICON = /^[A-Za-z][\w-]*(?: [A-Za-z][\w-]*)*$/;
const MAX_ICON_LENGTH = 100;

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Trimmed text of a string or finite number; '' otherwise. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

function idOf(value: unknown): string | null {
  const text = textOf(value);
  return text === '' ? null : text;
}

/** DECISIONS 4 spirit: `true`, 1, '1' and 'true' are true; anything else false. */
function flagOf(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

/**
 * The query object as text values: strings, finite numbers and booleans are kept, other values dropped. A
 * JSON text of an object is read too (the server stores it as text). Null when nothing is left.
 */
export function queryOf(value: unknown): Readonly<Record<string, string>> | null {
  let source = value;
  if (typeof source === 'string' && source.trim().startsWith('{')) {
    try {
      source = JSON.parse(source);
    } catch {
      return null;
    }
  }
  if (!isRecord(source)) return null;
  const query: Record<string, string> = {};
  let count = 0;
  for (const [key, entry] of Object.entries(source)) {
    if (key === '') continue;
    if (typeof entry === 'string' || typeof entry === 'boolean') query[key] = String(entry);
    else if (typeof entry === 'number' && Number.isFinite(entry)) query[key] = String(entry);
    else continue;
    count++;
  }
  return count === 0 ? null : query;
}

/** The first well-formed and known icon among `icon` and `source`, else the default. */
export function iconOf(
  raw: { readonly icon?: unknown; readonly source?: unknown },
  options: MenuOptions = {},
): string {
  for (const candidate of [raw.icon, raw.source]) {
    if (typeof candidate !== 'string') continue;
    const name = candidate.trim();
    if (name === '' || name.length > MAX_ICON_LENGTH || !ICON.test(name)) continue;
    if (options.isKnownIcon && !safeCall(options.isKnownIcon, name)) continue;
    return name;
  }
  return options.defaultIcon ?? DEFAULT_MENU_ICON;
}

function safeCall(known: (name: string) => boolean, name: string): boolean {
  try {
    return known(name) === true;
  } catch {
    return false;
  }
}

function metaOf(value: unknown): MenuMeta {
  if (!isRecord(value)) return { i18n: null, keepAlive: false, roles: [] };
  const i18n = textOf(value.i18n);
  const roles = Array.isArray(value.roles)
    ? value.roles.filter((role): role is string => typeof role === 'string' && role.trim() !== '')
    : [];
  return { i18n: i18n === '' ? null : i18n, keepAlive: flagOf(value.keepAlive), roles };
}

/** An item being built: its fields, where it hangs, and whether it is kept. */
interface Draft {
  readonly id: string;
  readonly fields: Omit<MenuItem, 'id' | 'parentId' | 'children'>;
  /** The item whose `children` held it; null for an entry of the top-level list. */
  readonly nestedIn: Draft | null;
  readonly declaredParentId: string | null;
  readonly hadChildren: boolean;
  parent: Draft | null;
  readonly children: Draft[];
  built: MenuItem | null;
}

interface Frame {
  readonly raw: unknown;
  readonly nestedIn: Draft | null;
  readonly parentSkipped: boolean;
}

type Read = { readonly fields: Draft['fields'] } | { readonly reason: MenuProblemReason };

function readFields(raw: Json, options: MenuOptions): Read {
  const name = textOf(raw.name) || textOf(raw.label);
  if (name === '') return { reason: 'missing-name' };
  const path = typeof raw.path === 'string' ? raw.path.trim() : '';
  const appCode = textOf(raw.appCode);
  const query = queryOf(raw.query);
  const isOpen = flagOf(raw.isOpen);
  const iframe = flagOf(raw.iframe);
  // A container may carry the app code of its sub-app without a path; the code must still be well formed.
  if (appCode !== '' && !isValidAppCode(appCode)) return { reason: 'invalid-app-code' };
  let target: MenuItem['target'] = null;
  if (path !== '') {
    const decided = menuTarget({ path, appCode, query, isOpen, iframe });
    if (decided.kind === 'invalid') return { reason: decided.reason };
    target = decided;
  }
  return {
    fields: {
      name,
      code: textOf(raw.code),
      path,
      icon: iconOf(raw, options),
      appCode,
      query,
      meta: metaOf(raw.meta),
      group: raw.group === 'visual' ? 'visual' : 'manage',
      isOpen,
      iframe,
      target,
    },
  };
}

/**
 * Builds the menu model from the `menu/routes` answer (its `data`). A tree (some top-level entry has
 * children) is taken as nested: items hang under the item whose `children` hold them and every top-level
 * entry is top level, whatever its `parentId` says (a tree's top level may carry any parent id, `0` or a
 * top menu's). A flat list (no entry has children) is linked by `parentId`: an entry hangs under the
 * entry its `parentId` names, and is top level when that names nothing in the list. Order is the
 * server's. Linear in the number of items; iterative, so depth cannot overflow the stack. Never throws.
 */
export function buildMenu(raw: unknown, options: MenuOptions = {}): MenuModel {
  const problems: MenuProblem[] = [];
  if (!Array.isArray(raw)) {
    return {
      items: [],
      byId: new Map(),
      problems: [{ id: null, reason: 'not-a-list' }],
      routeIndex: new Map(),
    };
  }
  const maxDepth = options.maxDepth ?? MAX_MENU_DEPTH;

  // Phase 1: read every entry in document order (pre-order), skipping the unusable ones with their subtree.
  const drafts = new Map<string, Draft>();
  const order: Draft[] = [];
  const skippedIds = new Set<string>();
  const seen = new Set<object>();
  const stack: Frame[] = [];
  const pushChildren = (children: readonly unknown[], nestedIn: Draft | null, parentSkipped: boolean) => {
    for (let i = children.length - 1; i >= 0; i--) stack.push({ raw: children[i], nestedIn, parentSkipped });
  };
  pushChildren(raw, null, false);
  while (stack.length > 0) {
    const frame = stack.pop() as Frame;
    const entry = frame.raw;
    if (!isRecord(entry)) {
      problems.push({ id: null, reason: 'not-an-object' });
      continue;
    }
    const id = idOf(entry.id);
    // Parsed JSON never shares objects, but a caller's object graph might: visit each object once.
    if (seen.has(entry)) {
      problems.push({ id, reason: 'cycle' });
      continue;
    }
    seen.add(entry);
    const rawChildren = Array.isArray(entry.children) ? entry.children : [];
    let reason: MenuProblemReason | null = null;
    let fields: Draft['fields'] | null = null;
    if (frame.parentSkipped) reason = 'parent-skipped';
    else if (id === null) reason = 'missing-id';
    else if (drafts.has(id)) reason = 'duplicate-id';
    else {
      const read = readFields(entry, options);
      if ('reason' in read) reason = read.reason;
      else fields = read.fields;
    }
    if (reason !== null || fields === null || id === null) {
      problems.push({ id, reason: reason ?? 'missing-id' });
      if (id !== null && !drafts.has(id)) skippedIds.add(id);
      pushChildren(rawChildren, null, true);
      continue;
    }
    const draft: Draft = {
      id,
      fields,
      nestedIn: frame.nestedIn,
      declaredParentId: idOf(entry.parentId),
      hadChildren: rawChildren.length > 0,
      parent: null,
      children: [],
      built: null,
    };
    drafts.set(id, draft);
    order.push(draft);
    pushChildren(rawChildren, draft, false);
  }

  // Phase 2: hang every draft under its parent. In a flat list, an entry whose parentId names a skipped
  // item is an orphan of a skipped parent; one whose parentId names nothing in the answer is top level.
  const flat = !raw.some(
    (entry) => isRecord(entry) && Array.isArray(entry.children) && entry.children.length > 0,
  );
  const roots: Draft[] = [];
  const orphans: Draft[] = [];
  for (const draft of order) {
    let parent: Draft | null = draft.nestedIn;
    if (flat && parent === null && draft.declaredParentId !== null) {
      parent = drafts.get(draft.declaredParentId) ?? null;
      if (parent === null && skippedIds.has(draft.declaredParentId)) {
        orphans.push(draft);
        continue;
      }
    }
    draft.parent = parent;
    if (parent) parent.children.push(draft);
    else roots.push(draft);
  }

  // Phase 3: walk down from the top level. Drafts never reached hang in a parentId cycle.
  const reached = new Set<Draft>();
  const visit: Draft[] = [];
  const walk: { draft: Draft; depth: number; reason: MenuProblemReason | null }[] = [];
  const walkFrom = (starts: readonly Draft[], reason: MenuProblemReason | null) => {
    for (let i = starts.length - 1; i >= 0; i--) walk.push({ draft: starts[i] as Draft, depth: 1, reason });
    while (walk.length > 0) {
      const { draft, depth, reason: inherited } = walk.pop() as (typeof walk)[number];
      if (reached.has(draft)) continue;
      reached.add(draft);
      const own = inherited ?? (depth > maxDepth ? 'too-deep' : null);
      if (own !== null) {
        problems.push({ id: draft.id, reason: own });
      } else visit.push(draft);
      for (let i = draft.children.length - 1; i >= 0; i--) {
        walk.push({ draft: draft.children[i] as Draft, depth: depth + 1, reason: own });
      }
    }
  };
  walkFrom(roots, null);
  walkFrom(orphans, 'parent-skipped');
  for (const draft of order) {
    if (reached.has(draft)) continue;
    problems.push({ id: draft.id, reason: 'cycle' });
  }

  // Phase 4: bottom-up (reverse pre-order: children before parents), drop leaves that cannot open and
  // build the items.
  const late: MenuProblem[] = [];
  for (let i = visit.length - 1; i >= 0; i--) {
    const draft = visit[i] as Draft;
    const children: MenuItem[] = [];
    for (const child of draft.children) if (child.built) children.push(child.built);
    if (children.length === 0 && draft.fields.target === null) {
      late.push({
        id: draft.id,
        reason: draft.hadChildren || draft.children.length > 0 ? 'empty-container' : 'missing-path',
      });
      continue;
    }
    draft.built = { id: draft.id, parentId: draft.parent?.id ?? null, ...draft.fields, children };
  }
  for (let i = late.length - 1; i >= 0; i--) problems.push(late[i] as MenuProblem);

  const items: MenuItem[] = [];
  for (const draft of roots) if (draft.built) items.push(draft.built);
  const byId = new Map<string, MenuItem>();
  for (const draft of visit) if (draft.built) byId.set(draft.id, draft.built);
  return { items, byId, problems, routeIndex: routeIndexOf(byId.values()) };
}

/** A top menu of `GET /api/blade-system/menu/top-menu`. */
export interface TopMenuItem {
  readonly id: string;
  readonly code: string;
  readonly name: string;
  readonly icon: string;
  /** The path as given (trimmed), '' when none. */
  readonly path: string;
  /** The server-text key of the name (`meta.i18n`, e.g. `menu.top.workbench`); null when none. */
  readonly i18n: string | null;
}

export interface TopMenuModel {
  readonly items: readonly TopMenuItem[];
  readonly problems: readonly MenuProblem[];
}

/**
 * The top menus (`[{ id, code, name, source, path, sort }]`) in the server's order: an entry without an
 * id or name, with the id of an earlier one, or with an unsafe or invalid path is skipped and reported.
 */
export function buildTopMenus(raw: unknown, options: MenuOptions = {}): TopMenuModel {
  if (!Array.isArray(raw)) return { items: [], problems: [{ id: null, reason: 'not-a-list' }] };
  const items: TopMenuItem[] = [];
  const problems: MenuProblem[] = [];
  const ids = new Set<string>();
  for (const entry of raw) {
    if (!isRecord(entry)) {
      problems.push({ id: null, reason: 'not-an-object' });
      continue;
    }
    const id = idOf(entry.id);
    const name = textOf(entry.name) || textOf(entry.label);
    const path = typeof entry.path === 'string' ? entry.path.trim() : '';
    const target = path === '' ? null : menuTarget({ path });
    let reason: MenuProblemReason | null = null;
    if (id === null) reason = 'missing-id';
    else if (ids.has(id)) reason = 'duplicate-id';
    else if (name === '') reason = 'missing-name';
    else if (target?.kind === 'invalid') reason = target.reason;
    if (reason !== null || id === null) {
      problems.push({ id, reason: reason ?? 'missing-id' });
      continue;
    }
    ids.add(id);
    const { i18n } = metaOf(entry.meta);
    items.push({ id, code: textOf(entry.code), name, icon: iconOf(entry, options), path, i18n });
  }
  return { items, problems };
}

/** Every leaf (item without children) in menu order, for search. Iterative. */
export function leavesOf(items: readonly MenuItem[]): MenuItem[] {
  const leaves: MenuItem[] = [];
  const stack: MenuItem[] = [];
  for (let i = items.length - 1; i >= 0; i--) stack.push(items[i] as MenuItem);
  while (stack.length > 0) {
    const item = stack.pop() as MenuItem;
    if (item.children.length === 0) leaves.push(item);
    for (let i = item.children.length - 1; i >= 0; i--) stack.push(item.children[i] as MenuItem);
  }
  return leaves;
}

/**
 * The ids of the item's ancestors, top level first, without the item itself (the submenus to open so the
 * item shows). Empty for a top-level or unknown item.
 */
export function ancestorIdsOf(model: Pick<MenuModel, 'byId'>, id: string): string[] {
  const chain: string[] = [];
  let parentId = model.byId.get(id)?.parentId ?? null;
  // The model has no cycles; the bound only makes that impossible to get wrong.
  for (let steps = 0; parentId !== null && steps <= model.byId.size; steps++) {
    chain.push(parentId);
    parentId = model.byId.get(parentId)?.parentId ?? null;
  }
  return chain.reverse();
}

/** Canonical path segments: each decoded then encoded again, so `%E7%AB%99` and `站` are one segment. */
function canonicalSegments(path: string): string[] {
  const bare = normalizePath(path);
  if (bare === '/') return [];
  return bare
    .slice(1)
    .split('/')
    .map((segment) => {
      try {
        return encodeURIComponent(decodeURIComponent(segment));
      } catch {
        return encodeURIComponent(segment);
      }
    });
}

const keyOf = (segments: readonly string[], length = segments.length) =>
  `/${segments.slice(0, length).join('/')}`;

/** Splits `/a/b?x=1#h` (or `#/a/b?x=1`) into the path and its query pairs. */
function splitUrl(url: string): { path: string; search: string } {
  const text = url.startsWith('#') ? url.slice(1) : url;
  const hashAt = text.indexOf('#');
  const beforeHash = hashAt === -1 ? text : text.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  const path = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const search = queryAt === -1 ? '' : beforeHash.slice(queryAt);
  return { path, search };
}

function routeIndexOf(items: Iterable<MenuItem>): Map<string, MenuRouteEntry[]> {
  const index = new Map<string, MenuRouteEntry[]>();
  const add = (key: string, entry: MenuRouteEntry) => {
    const list = index.get(key);
    if (list) list.push(entry);
    else index.set(key, [entry]);
  };
  for (const item of items) {
    if (item.target?.kind !== 'route') continue;
    const { path, search } = splitUrl(item.target.to);
    const query = [...new URLSearchParams(search).entries()];
    const segments = canonicalSegments(path);
    add(keyOf(segments), { item, exact: true, query });
    // Deep links: pages below the route belong to the item; a route ending in the `index` page stands
    // for its module, so `/app/overview/detail/5` belongs to `/app/overview/index`.
    if (segments.length > 1 && segments[segments.length - 1] === 'index') {
      add(keyOf(segments, segments.length - 1), { item, exact: false, query });
    }
  }
  return index;
}

/** 2: the item has a query and the URL carries all of it; 1: the item has none; 0: it does not match. */
function queryScore(entry: MenuRouteEntry, url: URLSearchParams): number {
  if (entry.query.length === 0) return 1;
  for (const [key, value] of entry.query) if (!url.getAll(key).includes(value)) return 0;
  return 2;
}

/**
 * The item a URL shows (the active item): the item whose route is the longest match of the URL's path,
 * segment by segment (a deep link below an item's route, or below the module of a route ending in
 * `index`, belongs to that item). Among items of the same route, one whose query the URL carries wins over
 * one without a query, which wins over one whose query differs (same page, other parameters: still the
 * closest item); then the exact route over a module base; then menu order. Window items are never active.
 * `url` is a path with optional query (`location.pathname + location.search`, or a `#/...` hash route).
 * Null when no item matches. Cost: one map lookup per path segment.
 */
export function findItemForUrl(model: Pick<MenuModel, 'routeIndex'>, url: string): MenuItem | null {
  const { path, search } = splitUrl(url);
  const params = new URLSearchParams(search);
  const segments = canonicalSegments(path);
  // `/` stands for the home page only, never for every path below it.
  const shortest = segments.length === 0 ? 0 : 1;
  for (let length = segments.length; length >= shortest; length--) {
    const entries = model.routeIndex.get(keyOf(segments, length));
    if (!entries) continue;
    let best: MenuRouteEntry | null = null;
    let bestScore = -1;
    for (const entry of entries) {
      const score = queryScore(entry, params) * 2 + (entry.exact ? 1 : 0);
      if (score > bestScore) {
        best = entry;
        bestScore = score;
      }
    }
    if (best) return best.item;
  }
  return null;
}

export interface MenuState {
  /** The item the URL shows, or null. */
  readonly active: MenuItem | null;
  /** The submenus to keep open: the active item's ancestors and those of the `prePath` item. */
  readonly open: readonly string[];
}

/**
 * The sidebar's state for a URL: the active item and the submenus to open. A `prePath` query parameter
 * (spec §2: keeps the parent submenu open) names the menu path a page was opened from (a detail page that
 * is no menu item itself): the item it names keeps its ancestors open, and stays open itself when it is a
 * submenu. `prePath` is only looked up, never navigated to.
 */
export function menuStateForUrl(model: Pick<MenuModel, 'routeIndex' | 'byId'>, url: string): MenuState {
  const active = findItemForUrl(model, url);
  const open: string[] = active ? ancestorIdsOf(model, active.id) : [];
  const prePath = new URLSearchParams(splitUrl(url).search).get('prePath');
  if (prePath?.startsWith('/')) {
    const origin = findItemForUrl(model, prePath);
    if (origin) {
      const chain = ancestorIdsOf(model, origin.id);
      if (origin.children.length > 0) chain.push(origin.id);
      for (const id of chain) if (!open.includes(id)) open.push(id);
    }
  }
  return { active, open };
}
