import {
  isFullScreenRoute,
  matchRoute,
  normalizePath,
  type SystemType,
  safeRedirect,
  underPrefix,
} from '@ops/shared';

/**
 * The rules of the page tag bar (spec §3 Tag, §4 Tags, §9 tag exclusion; DECISIONS 16), as pure
 * functions over a `TagState`. Nothing here reads the URL, storage or the clock: the caller passes the
 * page it is on, persists `serializeTags` wherever it likes, and performs the `navigateTo` of a result.
 *
 * Invariants of every state these functions return:
 * - a tag's `value` is its identity and its navigation target: the path plus the query in a canonical
 *   order, so `/a?x=1&y=2` and `/a?y=2&x=1` are one tag;
 * - no two tags share a value; `active` is null or the value of one of the tags;
 * - the home tag, when present, is the first tag;
 * - every tag's `close` says whether its close button works (the first tag while it is home, and the sole
 *   tag, cannot be closed).
 * Every operation is linear in the number of tags.
 */

/** Path prefixes whose pages never get a tag (spec §9: the exclusion includes hzinfo-data-amis). */
export const TAG_EXCLUDED_PREFIXES: readonly string[] = ['/hzinfo-data-amis'];

/** What a tag keeps of its route's meta. */
export interface TagMeta {
  /** The server text key of the page's name (`menu.station_overview`): the view translates it. */
  readonly i18n?: string;
  readonly keepAlive?: boolean;
}

/** One tag of the bar (spec §3 Tag/Tab). */
export interface Tag {
  /** The name shown (the view may prefer `meta.i18n` in the current language). */
  readonly label: string;
  /** Identity and navigation target: normalised path plus the query sorted by key (`/a/b?x=1&y=2`). */
  readonly value: string;
  /** Route parameters (`processInstanceId`, ...), as the visit gave them or the route table matched. */
  readonly params: Readonly<Record<string, string>>;
  /** The query of `value` as a record (a key given twice keeps its first value; `value` keeps both). */
  readonly query: Readonly<Record<string, string>>;
  readonly meta: TagMeta;
  /** The menu group the page belongs to (`manage` or `visual`), when the visit knew it. */
  readonly group?: string;
  /** The `prePath` query parameter (spec §2: keeps the parent submenu open), when it is a safe path. */
  readonly prePath?: string;
  /** Whether the tag's close button works. Derived: recomputed by every operation. */
  readonly close: boolean;
}

/** The tag bar: its tags in order and the value of the tag of the current page (null when it has none). */
export interface TagState {
  readonly tags: readonly Tag[];
  readonly active: string | null;
}

/** A page the user is on, as the chrome knows it from the URL and the menu. */
export interface TagPage {
  /** The path with its query (`location.pathname + location.search`); a fragment is ignored. */
  readonly path: string;
  /** The page's name; a blank one falls back to the path. */
  readonly label: string;
  readonly params?: Readonly<Record<string, string>>;
  readonly meta?: TagMeta;
  readonly group?: string;
}

export interface TagConfig {
  /** The home (welcome) page: `homePathFor` of the home rules, with its label. */
  readonly home: TagPage;
  /** Spec §4: tags exist in the manage system only; in the visual system the bar stays empty. */
  readonly systemType: SystemType;
  /** The site config's lock page, when it names one (a full-screen page: never a tag). */
  readonly lockPage?: string;
  /** Prefixes whose pages never get a tag; `TAG_EXCLUDED_PREFIXES` when not given. */
  readonly excludedPrefixes?: readonly string[];
}

/** A new state and, when the current page was closed or another tag must show, the page to open. */
export interface TagResult {
  readonly state: TagState;
  readonly navigateTo?: string;
}

/** The tag bar's context menu (right-click or keyboard): what it offers on a tag. */
export type TagAction = 'clearCache' | 'closeOthers' | 'closeAll';

export interface TagActionResult extends TagResult {
  /** Set for `clearCache`: the caller asks the server to clear its cache (`oauth/clear-cache`). */
  readonly clearCache?: true;
}

/** Which context-menu entries would change anything for the target tag. */
export type TagMenu = Readonly<Record<TagAction, boolean>>;

export const EMPTY_TAGS: TagState = Object.freeze({ tags: Object.freeze([]), active: null });

const BASE = 'http://console.invalid';

interface Canonical {
  readonly path: string;
  readonly value: string;
  readonly query: Readonly<Record<string, string>>;
  readonly prePath?: string;
}

/**
 * Path and query in canonical form, or null for anything that is not a same-origin path with a single
 * leading `/` (DECISIONS 2: `//host`, `javascript:`, control characters). A hash-route `#/a` is `/a`.
 */
function canonical(raw: string): Canonical | null {
  const safe = safeRedirect(raw.startsWith('#') ? raw.slice(1) : raw);
  if (safe === null) return null;
  const url = new URL(safe, BASE);
  const path = normalizePath(url.pathname);
  // Sorted by key alone (a stable sort), so repeated keys keep their order: `?a=1&a=2` is not `?a=2&a=1`.
  const entries = [...url.searchParams].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const search = new URLSearchParams(entries).toString();
  const query: Record<string, string> = {};
  for (const [key, value] of entries) {
    if (!Object.hasOwn(query, key)) Object.defineProperty(query, key, { value, enumerable: true });
  }
  const prePath = safeRedirect(query.prePath) ?? undefined;
  return { path, value: search ? `${path}?${search}` : path, query, ...(prePath ? { prePath } : {}) };
}

/**
 * The identity of the page at a path with query (`/a?y=2&x=1` -> `/a?x=1&y=2`); null when the path is
 * not a same-origin path. Two URLs name the same tag exactly when their values are equal.
 */
export function tagValueOf(path: string): string | null {
  return canonical(path)?.value ?? null;
}

function excludedPrefixesOf(config: TagConfig): readonly string[] {
  return config.excludedPrefixes ?? TAG_EXCLUDED_PREFIXES;
}

/** Whether a page at this (normalised) path may have a tag: not `/`, no full-screen or public page, not excluded. */
function allowedPath(path: string, config: TagConfig): boolean {
  if (matchRoute(path, { lockPage: config.lockPage })?.route.kind === 'home') return false;
  // Full-screen pages include the public ones (sign-in entries and status pages).
  if (isFullScreenRoute(path, config.lockPage)) return false;
  return !underPrefix(path, excludedPrefixesOf(config));
}

/** Whether visiting this path (with query) adds a tag in the manage system. */
export function isTaggable(path: string, config: TagConfig): boolean {
  const page = canonical(path);
  return page !== null && allowedPath(page.path, config);
}

function homeValueOf(config: TagConfig): string | null {
  return tagValueOf(config.home.path);
}

function closableAt(tags: readonly Tag[], index: number, homeValue: string | null): boolean {
  if (tags.length <= 1) return false;
  return !(index === 0 && tags[0]?.value === homeValue);
}

/** Recomputes every `close` flag; tags whose flag does not change keep their identity. */
function withCloseFlags(tags: readonly Tag[], homeValue: string | null): Tag[] {
  return tags.map((tag, index) => {
    const close = closableAt(tags, index, homeValue);
    return tag.close === close ? tag : { ...tag, close };
  });
}

function stringRecord(value: Readonly<Record<string, string>> | undefined): Record<string, string> {
  const record: Record<string, string> = {};
  if (!value) return record;
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === 'string') Object.defineProperty(record, key, { value: item, enumerable: true });
  }
  return record;
}

function cleanMeta(meta: TagMeta | undefined): TagMeta {
  const clean: { i18n?: string; keepAlive?: boolean } = {};
  if (typeof meta?.i18n === 'string' && meta.i18n !== '') clean.i18n = meta.i18n;
  if (typeof meta?.keepAlive === 'boolean') clean.keepAlive = meta.keepAlive;
  return clean;
}

function makeTag(page: TagPage, at: Canonical, config: TagConfig): Tag {
  const params =
    page.params !== undefined
      ? stringRecord(page.params)
      : { ...(matchRoute(at.path, { lockPage: config.lockPage })?.params ?? {}) };
  return {
    label: page.label.trim() === '' ? at.path : page.label,
    value: at.value,
    params,
    query: at.query,
    meta: cleanMeta(page.meta),
    ...(typeof page.group === 'string' && page.group !== '' ? { group: page.group } : {}),
    ...(at.prePath ? { prePath: at.prePath } : {}),
    close: false,
  };
}

/** Puts the home tag first when it is there (it may have come later, from a deep link or storage). */
function homeFirst(tags: Tag[], homeValue: string | null): Tag[] {
  const index = homeValue === null ? -1 : tags.findIndex((tag) => tag.value === homeValue);
  if (index <= 0) return tags;
  const home = tags[index] as Tag;
  return [home, ...tags.slice(0, index), ...tags.slice(index + 1)];
}

/**
 * The bar after signing in, and after returning to the main site (spec §4 Site switch): the home
 * (welcome) tag alone, active. Empty in the visual system, or when the home page itself may not have a tag.
 */
export function initialTags(config: TagConfig): TagState {
  if (config.systemType !== 'manage') return EMPTY_TAGS;
  const home = canonical(config.home.path);
  if (home === null || !allowedPath(home.path, config)) return EMPTY_TAGS;
  return { tags: [makeTag(config.home, home, config)], active: home.value };
}

/**
 * The user is on a page (spec §4 Tags). In the manage system a page without a tag gets one, at the end
 * (the home tag goes first); a page that has one makes it active, unchanged. A page that may not have a
 * tag (public, full-screen, `/`, excluded prefix, not a same-origin path) leaves the tags and makes none
 * active. In the visual system nothing changes. Returns the same state object when nothing changed.
 */
export function visitPage(state: TagState, page: TagPage, config: TagConfig): TagState {
  if (config.systemType !== 'manage') return state;
  const at = canonical(page.path);
  if (at === null || !allowedPath(at.path, config)) {
    return state.active === null ? state : { tags: state.tags, active: null };
  }
  if (state.tags.some((tag) => tag.value === at.value)) {
    return state.active === at.value ? state : { tags: state.tags, active: at.value };
  }
  const homeValue = homeValueOf(config);
  const tag = makeTag(page, at, config);
  const tags = at.value === homeValue ? [tag, ...state.tags] : [...state.tags, tag];
  return { tags: withCloseFlags(tags, homeValue), active: at.value };
}

/**
 * A page names itself (a sub-app's `page.setTitle`): the tag of that path, when there is one, takes the
 * title, which replaces its menu name in both languages. An empty title or an unknown path changes nothing.
 */
export function renameTag(state: TagState, path: string, title: string): TagState {
  const at = canonical(path);
  const label = title.trim();
  if (at === null || label === '') return state;
  const index = state.tags.findIndex((tag) => tag.value === at.value);
  const tag = state.tags[index];
  if (!tag || (tag.label === label && tag.meta.i18n === undefined)) return state;
  const { i18n: _named, ...meta } = tag.meta;
  const tags = [...state.tags];
  tags[index] = { ...tag, label, meta };
  return { tags, active: state.active };
}

/** Whether the tag with this value can be closed now: not the sole tag, not the first while it is home. */
export function isClosable(state: TagState, value: string, config: TagConfig): boolean {
  const index = state.tags.findIndex((tag) => tag.value === value);
  return index >= 0 && closableAt(state.tags, index, homeValueOf(config));
}

/**
 * Closes one tag (its close button). A tag that cannot be closed, or is not there, changes nothing. Closing
 * the active tag opens the previous one (the new first one when it was first), which is `navigateTo`.
 */
export function closeTag(state: TagState, value: string, config: TagConfig): TagResult {
  const homeValue = homeValueOf(config);
  const index = state.tags.findIndex((tag) => tag.value === value);
  if (index < 0 || !closableAt(state.tags, index, homeValue)) return { state };
  const tags = withCloseFlags([...state.tags.slice(0, index), ...state.tags.slice(index + 1)], homeValue);
  if (state.active !== value) return { state: { tags, active: state.active } };
  const next = (tags[index - 1] ?? tags[0]) as Tag;
  return { state: { tags, active: next.value }, navigateTo: next.value };
}

/**
 * "Close others" on the tag that was right-clicked (DECISIONS 16): keeps the home tag and the target, and
 * the target becomes the active tag (`navigateTo` when it was not). An unknown target changes nothing.
 */
export function closeOtherTags(state: TagState, target: string, config: TagConfig): TagResult {
  if (!state.tags.some((tag) => tag.value === target)) return { state };
  const homeValue = homeValueOf(config);
  const kept = state.tags.filter((tag) => tag.value === target || tag.value === homeValue);
  if (kept.length === state.tags.length && state.active === target) return { state };
  const next: TagState = { tags: withCloseFlags(kept, homeValue), active: target };
  return state.active === target ? { state: next } : { state: next, navigateTo: target };
}

/**
 * "Close all" (DECISIONS 16): only the home tag stays, and it becomes active (`navigateTo` when it was
 * not). When the home tag had been closed or never opened, it comes back, so the bar is never left empty.
 */
export function closeAllTags(state: TagState, config: TagConfig): TagResult {
  const fresh = initialTags(config);
  const homeValue = fresh.active;
  if (homeValue === null) {
    // No home tag is possible (visual system, or an excluded home page): nothing to keep.
    if (state.tags.length === 0) return { state };
    return { state: EMPTY_TAGS, navigateTo: tagValueOf(config.home.path) ?? undefined };
  }
  const existing = state.tags.find((tag) => tag.value === homeValue);
  if (existing && state.tags.length === 1 && state.active === homeValue) return { state };
  const tags = withCloseFlags([existing ?? (fresh.tags[0] as Tag)], homeValue);
  const next: TagState = { tags, active: homeValue };
  return state.active === homeValue ? { state: next } : { state: next, navigateTo: homeValue };
}

/** Which entries of the context menu on `target` would change anything (the view may disable the rest). */
export function tagMenu(state: TagState, target: string, config: TagConfig): TagMenu {
  const homeValue = homeValueOf(config);
  const present = state.tags.some((tag) => tag.value === target);
  return {
    clearCache: true,
    closeOthers: present && state.tags.some((tag) => tag.value !== target && tag.value !== homeValue),
    closeAll: closeAllTags(state, config).state !== state,
  };
}

/**
 * The context menu's action on the tag that was right-clicked (DECISIONS 16), not necessarily the active
 * one. "Clear cache" changes no tag: the result asks the caller to do it.
 */
export function applyTagAction(
  state: TagState,
  action: TagAction,
  target: string,
  config: TagConfig,
): TagActionResult {
  switch (action) {
    case 'clearCache':
      return { state, clearCache: true };
    case 'closeOthers':
      return closeOtherTags(state, target, config);
    case 'closeAll':
      return closeAllTags(state, config);
  }
}

/** A tag as it is stored: everything else is derived again when it is read back. */
interface StoredTag {
  label: string;
  value: string;
  params: Record<string, string>;
  meta: TagMeta;
  group?: string;
}

/** The state as JSON for storage, so the tags survive a reload (DECISIONS 16). `parseTags` reads it back. */
export function serializeTags(state: TagState): string {
  const tags: StoredTag[] = state.tags.map((tag) => ({
    label: tag.label,
    value: tag.value,
    params: { ...tag.params },
    meta: { ...tag.meta },
    ...(tag.group !== undefined ? { group: tag.group } : {}),
  }));
  return JSON.stringify({ tags, active: state.active });
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Absent: not given, or JSON null. */
const absent = (value: unknown) => value === undefined || value === null;

/** Reads one stored tag; null when any field it has is of the wrong kind (the entry is corrupt). */
function readStoredTag(raw: unknown, config: TagConfig): Tag | null {
  if (!isPlainObject(raw)) return null;
  const { label, value, params, meta, group } = raw;
  if (typeof label !== 'string' || label.trim() === '' || typeof value !== 'string') return null;
  const at = canonical(value);
  if (at === null || !allowedPath(at.path, config)) return null;

  let cleanParams: Record<string, string> | undefined;
  if (!absent(params)) {
    if (!isPlainObject(params)) return null;
    if (Object.values(params).some((item) => typeof item !== 'string')) return null;
    cleanParams = stringRecord(params as Record<string, string>);
  }
  let cleanMetaValue: TagMeta | undefined;
  if (!absent(meta)) {
    if (!isPlainObject(meta)) return null;
    if (!absent(meta.i18n) && typeof meta.i18n !== 'string') return null;
    if (!absent(meta.keepAlive) && typeof meta.keepAlive !== 'boolean') return null;
    cleanMetaValue = cleanMeta(meta as TagMeta);
  }
  if (!absent(group) && typeof group !== 'string') return null;

  return makeTag(
    {
      path: at.value,
      label,
      ...(cleanParams ? { params: cleanParams } : {}),
      ...(cleanMetaValue ? { meta: cleanMetaValue } : {}),
      ...(typeof group === 'string' ? { group } : {}),
    },
    at,
    config,
  );
}

/**
 * Tags restored from storage (DECISIONS 16), never trusted: takes what `serializeTags` wrote (as a string
 * or already parsed; a bare list of tags is read too) and keeps only well-formed tags. An entry is dropped
 * when it is not an object, lacks a non-blank label or a value, has a field of the wrong type, names no
 * same-origin path (`javascript:`, `//host`), names a page that may not have a tag (public, full-screen,
 * excluded), or repeats an earlier tag's identity. Stored `query`, `prePath` and `close` are ignored and
 * derived again. `active` survives only when it names a kept tag. Never throws; anything unreadable is an
 * empty bar. The visual system has no tags.
 */
export function parseTags(raw: unknown, config: TagConfig): TagState {
  if (config.systemType !== 'manage') return EMPTY_TAGS;
  try {
    const parsed: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
    const list: unknown = Array.isArray(parsed) ? parsed : isPlainObject(parsed) ? parsed.tags : undefined;
    if (!Array.isArray(list)) return EMPTY_TAGS;
    const seen = new Set<string>();
    const tags: Tag[] = [];
    for (const entry of list) {
      const tag = readStoredTag(entry, config);
      if (tag === null || seen.has(tag.value)) continue;
      seen.add(tag.value);
      tags.push(tag);
    }
    const storedActive = isPlainObject(parsed) ? parsed.active : undefined;
    const activeValue = typeof storedActive === 'string' ? tagValueOf(storedActive) : null;
    const homeValue = homeValueOf(config);
    return {
      tags: withCloseFlags(homeFirst(tags, homeValue), homeValue),
      active: activeValue !== null && seen.has(activeValue) ? activeValue : null,
    };
  } catch {
    return EMPTY_TAGS;
  }
}
