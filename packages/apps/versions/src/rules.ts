import { charCount, isUrl } from '@ops/shared';

/**
 * The Versions page's pure rules: reading the deploy API's answers (docs/api.md section 22), the diff of
 * two maps, where a tenant differs from base, what a history entry changed, and the forms' validation.
 */

export const BASE = 'base';
export const REASON_MAX = 200;

export interface Layer {
  imports: Record<string, string>;
  integrity: Record<string, string>;
}

export interface ImportMap {
  imports: Record<string, string>;
  integrity: Record<string, string>;
}

export interface ScopeSummary {
  scope: string;
  /** The tenant's name; '' for base or a tenant the server does not name. */
  tenantName: string;
  version: string;
  pins: number;
}

export interface ScopeDetail {
  scope: string;
  version: string;
  layer: Layer;
  map: ImportMap;
}

/** One entry that differs between two maps; null: absent on that side. */
export interface Diff {
  specifier: string;
  from: string | null;
  to: string | null;
}

export type Change =
  | { kind: 'seed' }
  | { kind: 'pin'; specifier: string; from: string | null; to: string }
  | { kind: 'unpin'; specifier: string; from: string }
  | { kind: 'rollback'; toVersion: string; entries: Diff[] };

export interface HistoryEntry {
  id: number;
  scope: string;
  version: string;
  previous: string | null;
  actor: string;
  at: string;
  reason: string;
  change: Change;
}

type Raw = Record<string, unknown>;
const isObject = (value: unknown): value is Raw =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const orNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The string entries of an object (anything else dropped). */
function strings(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isObject(value)) return out;
  for (const [key, entry] of Object.entries(value)) if (typeof entry === 'string') out[key] = entry;
  return out;
}

const mapOf = (value: unknown): ImportMap => ({
  imports: strings(isObject(value) ? value.imports : undefined),
  integrity: strings(isObject(value) ? value.integrity : undefined),
});

/** `GET /api/deploy/scopes`' data; an answer of another shape is an error. */
export function readScopes(data: unknown): ScopeSummary[] {
  if (!Array.isArray(data)) throw new TypeError('not a list of scopes');
  return data.filter(isObject).map((row) => ({
    scope: text(row.scope),
    tenantName: text(row.tenantName),
    version: text(row.version),
    pins: typeof row.pins === 'number' && Number.isFinite(row.pins) ? row.pins : 0,
  }));
}

/** `GET /api/deploy/importmap?scope=`'s data; an answer of another shape is an error. */
export function readScopeDetail(data: unknown): ScopeDetail {
  if (!isObject(data) || typeof data.scope !== 'string' || typeof data.version !== 'string')
    throw new TypeError('not a scope');
  return { scope: data.scope, version: data.version, layer: mapOf(data.layer), map: mapOf(data.map) };
}

function readDiffs(value: unknown): Diff[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(isObject)
    .filter((d) => typeof d.specifier === 'string')
    .map((d) => ({ specifier: d.specifier as string, from: orNull(d.from), to: orNull(d.to) }));
}

function readChange(value: unknown): Change {
  const change = isObject(value) ? value : {};
  switch (change.kind) {
    case 'pin':
      return {
        kind: 'pin',
        specifier: text(change.specifier),
        from: orNull(change.from),
        to: text(change.to),
      };
    case 'unpin':
      return { kind: 'unpin', specifier: text(change.specifier), from: text(change.from) };
    case 'rollback':
      return { kind: 'rollback', toVersion: text(change.toVersion), entries: readDiffs(change.entries) };
    default:
      return { kind: 'seed' };
  }
}

/** `GET /api/deploy/history?scope=`'s data (newest first); an answer of another shape is an error. */
export function readHistory(data: unknown): HistoryEntry[] {
  if (!Array.isArray(data)) throw new TypeError('not a history');
  return data.filter(isObject).map((row) => ({
    id: typeof row.id === 'number' ? row.id : 0,
    scope: text(row.scope),
    version: text(row.version),
    previous: orNull(row.previous),
    actor: text(row.actor),
    at: text(row.at),
    reason: text(row.reason),
    change: readChange(row.change),
  }));
}

/** The entries whose URL differs between two import maps' `imports`, by specifier. */
export function diffMaps(from: Record<string, string>, to: Record<string, string>): Diff[] {
  const names = [...new Set([...Object.keys(from), ...Object.keys(to)])].sort();
  return names
    .map((specifier) => ({
      specifier,
      from: Object.hasOwn(from, specifier) ? from[specifier]! : null,
      to: Object.hasOwn(to, specifier) ? to[specifier]! : null,
    }))
    .filter((d) => d.from !== d.to);
}

/** What one history entry changed, entry by entry (a seed lists nothing: it is the scope's start). */
export function diffsOf(change: Change): Diff[] {
  switch (change.kind) {
    case 'pin':
      return [{ specifier: change.specifier, from: change.from, to: change.to }];
    case 'unpin':
      return [{ specifier: change.specifier, from: change.from, to: null }];
    case 'rollback':
      return change.entries;
    default:
      return [];
  }
}

export interface EntryRow {
  specifier: string;
  url: string;
  /** The scope's own layer sets this entry (it can be unpinned here). */
  pinned: boolean;
  /** A tenant's entry whose URL is not base's: base's URL (null: base lacks the entry). */
  base: string | null;
  differs: boolean;
}

/**
 * A scope's entries as the page lists them: every specifier of the map the scope serves, with whether
 * the scope pins it and, for a tenant, whether it differs from base (`baseMap`: null for base itself).
 * Differing and pinned entries come first, then the rest, each by specifier.
 */
export function entryRows(detail: ScopeDetail, baseMap: ImportMap | null): EntryRow[] {
  const rows = Object.entries(detail.map.imports).map(([specifier, url]) => {
    const base = baseMap ? (baseMap.imports[specifier] ?? null) : url;
    return {
      specifier,
      url,
      pinned: Object.hasOwn(detail.layer.imports, specifier),
      base: baseMap && base !== url ? base : null,
      differs: baseMap !== null && base !== url,
    };
  });
  const rank = (row: EntryRow) => (row.differs ? 0 : row.pinned ? 1 : 2);
  return rows.sort((a, b) => rank(a) - rank(b) || (a.specifier < b.specifier ? -1 : 1));
}

/** How many entries of a tenant's map differ from base. */
export const differingCount = (rows: readonly EntryRow[]): number => rows.filter((r) => r.differs).length;

/** The rollback targets of a scope: versions it had before, not the current one (newest first, once each). */
export function rollbackTargets(history: readonly HistoryEntry[], current: string): Set<string> {
  return new Set(history.map((h) => h.version).filter((v) => v !== current));
}

/**
 * The version a scope started from when no history row names it: the `previous` of its oldest change (a
 * tenant without a seed starts at the empty layer). Null when a row names it, it is current, or there is
 * no history. Offered on the oldest row as "roll back to before this change".
 */
export function startingVersion(history: readonly HistoryEntry[], current: string): string | null {
  const oldest = history.reduce<HistoryEntry | null>((a, h) => (a === null || h.id < a.id ? h : a), null);
  const start = oldest?.previous ?? null;
  if (start === null || start === current || history.some((h) => h.version === start)) return null;
  return start;
}

// ---- forms --------------------------------------------------------------------------------------

/** A validator's answer, as @ops/ui's Form reads it: the error is a key of this app's texts. */
export type Check = { ok: true } | { ok: false; error: string; params?: Record<string, unknown> };
const OK: Check = { ok: true };

/** Why a change is made: 1..200 characters, not only spaces, without `<`, `>` or backquotes. */
export function checkReason(value: string): Check {
  if (value.trim() === '') return { ok: false, error: 'form.reasonRequired' };
  if (charCount(value) > REASON_MAX)
    return { ok: false, error: 'form.reasonTooLong', params: { max: REASON_MAX } };
  if (/[<>`]/.test(value)) return { ok: false, error: 'form.reasonChars' };
  return OK;
}

/** A bundle's address: a same-origin path (`/notices/x.js`, never `//host`) or an http(s) URL. */
export function checkUrl(value: string): Check {
  if (value.trim() === '') return { ok: false, error: 'form.urlRequired' };
  if (/^\/(?!\/)\S+$/.test(value) || isUrl(value)) return OK;
  return { ok: false, error: 'form.urlForm' };
}

/** The optional integrity: empty (the server computes it) or `sha384-` and 64 base64 characters. */
export function checkIntegrity(value: string): Check {
  if (value === '' || /^sha384-[A-Za-z0-9+/]{64}$/.test(value)) return OK;
  return { ok: false, error: 'form.integrityForm' };
}

/** A specifier of the scope's map must be chosen. */
export function checkSpecifier(value: string, known: readonly string[]): Check {
  if (value === '') return { ok: false, error: 'form.specifierRequired' };
  return known.includes(value) ? OK : { ok: false, error: 'form.specifierUnknown' };
}

export interface PinForm {
  specifier: string;
  url: string;
  integrity: string;
  reason: string;
}

/** The whole pin form: the first failure by field, or ok. */
export function checkPinForm(form: PinForm, known: readonly string[]): Check {
  for (const result of [
    checkSpecifier(form.specifier, known),
    checkUrl(form.url),
    checkIntegrity(form.integrity),
    checkReason(form.reason),
  ])
    if (!result.ok) return result;
  return OK;
}

/** The pin call's body: the integrity only when given. */
export function pinBody(form: PinForm): { url: string; integrity?: string; reason: string } {
  const integrity = form.integrity.trim();
  return { url: form.url.trim(), ...(integrity ? { integrity } : {}), reason: form.reason };
}

/** The short form of a version for tables (the whole one is in the cell's title). */
export const shortVersion = (version: string): string => version.slice(0, 8);

/** The app's base path: `/versions` and `/versions/index` are its one page; anything else under it is not. */
export const APP_BASE = '/versions';

export function isIndexPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return path === APP_BASE || path === `${APP_BASE}/index`;
}

const two = (n: number) => String(n).padStart(2, '0');

/** An ISO time as local `YYYY-MM-DD HH:mm:ss`; anything unreadable as it came. */
export function formatAt(iso: string): string {
  const date = new Date(iso);
  if (!iso || Number.isNaN(date.getTime())) return iso;
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(
    date.getMinutes(),
  )}:${two(date.getSeconds())}`;
}
