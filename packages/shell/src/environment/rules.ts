/**
 * The rules of the environment page (`/test/index`): the import map(s) the page loaded, read from the
 * document's `<script type="systemjs-importmap">` elements, as rows a person can scan and filter, and the
 * report the page copies as JSON. Pure: the view hands in the elements' texts and the page's facts.
 */

/** One `<script type="systemjs-importmap">` element: its inline text, or the address of an external map. */
export interface ImportMapSource {
  text: string;
  src?: string | null;
}

/** A module specifier the maps name, with its address. */
export interface ImportMapRow {
  specifier: string;
  /** The address as the map writes it. */
  url: string;
  /** The address resolved against the page (as SystemJS resolves it); the map's text when it cannot be. */
  resolved: string;
  /** The scope's address for an entry of `scopes`; null for the top-level `imports`. */
  scope: string | null;
  /** The address's `integrity` entry (a later map's entry wins), or null without one. */
  integrity: string | null;
  /** Which element (1-based, in document order) names it. */
  map: number;
  /** A later map names the same specifier in the same scope, and SystemJS uses that one. */
  overridden: boolean;
}

/**
 * Why an element gave no rows (or not all of its rows):
 * - `external`: a map loaded from `src`: its text is not in the document;
 * - `invalid-json`: the text is not JSON;
 * - `not-object`: the JSON is not an object;
 * - `bad-entry`: an entry whose address is not a string (skipped).
 */
export type ImportMapProblem =
  | { kind: 'external'; map: number; src: string }
  | { kind: 'invalid-json' | 'not-object'; map: number }
  | { kind: 'bad-entry'; map: number; specifier: string };

export interface ImportMapReading {
  rows: ImportMapRow[];
  problems: ImportMapProblem[];
  /** How many elements the document has. */
  maps: number;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The address resolved against `base`, or as written when that is not possible. */
function resolve(url: string, base: string): string {
  try {
    return new URL(url, base).href;
  } catch {
    return url;
  }
}

/**
 * The rows of the import maps, in the order a person scans them: top-level imports first, then each scope,
 * each sorted by specifier. `base` is the page's base address (`document.baseURI`). Never throws.
 */
export function readImportMaps(sources: readonly ImportMapSource[], base: string): ImportMapReading {
  const problems: ImportMapProblem[] = [];
  const entries: Omit<ImportMapRow, 'integrity' | 'overridden'>[] = [];
  /** Integrity by resolved address, across the maps (a later one wins, as in SystemJS). */
  const integrity = new Map<string, string>();

  const addEntries = (map: number, scope: string | null, imports: unknown) => {
    if (!isObject(imports)) return;
    for (const [specifier, url] of Object.entries(imports)) {
      if (typeof url !== 'string') {
        problems.push({ kind: 'bad-entry', map, specifier });
        continue;
      }
      entries.push({ specifier, url, resolved: resolve(url, base), scope, map });
    }
  };

  sources.forEach((source, index) => {
    const map = index + 1;
    const src = source.src?.trim();
    if (src) {
      problems.push({ kind: 'external', map, src });
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(source.text);
    } catch {
      problems.push({ kind: 'invalid-json', map });
      return;
    }
    if (!isObject(parsed)) {
      problems.push({ kind: 'not-object', map });
      return;
    }
    addEntries(map, null, parsed.imports);
    if (isObject(parsed.scopes)) {
      for (const [scope, imports] of Object.entries(parsed.scopes)) addEntries(map, scope, imports);
    }
    if (isObject(parsed.integrity)) {
      for (const [url, value] of Object.entries(parsed.integrity)) {
        if (typeof value === 'string' && value.trim() !== '') integrity.set(resolve(url, base), value);
      }
    }
  });

  const key = (e: { scope: string | null; specifier: string }) => `${e.scope ?? ''}\u0000${e.specifier}`;
  const lastMap = new Map<string, number>();
  for (const entry of entries) lastMap.set(key(entry), entry.map);

  const rows = entries.map((entry) => ({
    ...entry,
    integrity: integrity.get(entry.resolved) ?? null,
    overridden: lastMap.get(key(entry)) !== entry.map,
  }));
  rows.sort(
    (a, b) => compareScope(a.scope, b.scope) || compareText(a.specifier, b.specifier) || a.map - b.map,
  );
  return { rows, problems, maps: sources.length };
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const compareScope = (a: string | null, b: string | null) =>
  a === b ? 0 : a === null ? -1 : b === null ? 1 : compareText(a, b);

/**
 * The rows whose specifier, address or scope contains every word of `text` (ignoring case); all rows for
 * a blank text.
 */
export function filterRows(rows: readonly ImportMapRow[], text: string): ImportMapRow[] {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...rows];
  return rows.filter((row) => {
    const haystack = [row.specifier, row.url, row.resolved, row.scope ?? ''].join('\n').toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/** Counts for the page's summary line. */
export function importMapSummary(rows: readonly ImportMapRow[]) {
  return {
    total: rows.length,
    withIntegrity: rows.filter((row) => row.integrity !== null).length,
    overridden: rows.filter((row) => row.overridden).length,
  };
}

/** What the page knows about the signed-in user and the browser. */
export interface EnvironmentFacts {
  tenantId: string;
  tenantName: string;
  account: string;
  userName: string;
  roleName: string;
  deptName: string;
  /** The sub-station the user switched to, if any. */
  station: string;
  language: string;
  userAgent: string;
  origin: string;
}

/** The facts of a session view's user info (missing fields are empty). */
export function factsOf(
  session: {
    tenantId: string;
    userInfo: Record<string, unknown> | null;
    subStation: { name?: unknown } | null;
  },
  browser: { language: string; userAgent: string; origin: string },
): EnvironmentFacts {
  const info = session.userInfo ?? {};
  const text = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : String(value));
  return {
    tenantId: session.tenantId || text(info.tenant_id),
    tenantName: text(info.tenant_name),
    account: text(info.account),
    userName: text(info.real_name) || text(info.nick_name) || text(info.user_name),
    roleName: text(info.role_name),
    deptName: text(info.dept_name),
    station: text(session.subStation?.name),
    language: browser.language,
    userAgent: browser.userAgent,
    origin: browser.origin,
  };
}

/**
 * The report the copy button puts on the clipboard: the facts, then the import-map rows shown (with the
 * filter that chose them, when there is one) and the maps' problems. Two-space indented JSON.
 */
export function environmentReport(input: {
  facts: EnvironmentFacts;
  rows: readonly ImportMapRow[];
  problems: readonly ImportMapProblem[];
  filter: string;
  time: Date;
}): string {
  const filter = input.filter.trim();
  return JSON.stringify(
    {
      time: input.time.toISOString(),
      ...input.facts,
      importMap: {
        ...(filter ? { filter } : {}),
        entries: input.rows.map((row) => ({
          specifier: row.specifier,
          url: row.url,
          ...(row.resolved !== row.url ? { resolved: row.resolved } : {}),
          scope: row.scope,
          integrity: row.integrity !== null,
          map: row.map,
          ...(row.overridden ? { overridden: true } : {}),
        })),
        problems: input.problems,
      },
    },
    null,
    2,
  );
}
