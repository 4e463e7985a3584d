import { createHash } from 'node:crypto';

/**
 * The entries of one scope changed through the deploy API (or seeded from importmap/tenants/<id>.json):
 * imports by specifier, integrity by URL. `scopes` only arrive from a seed file (the API never edits them).
 */
export interface Layer {
  imports: Record<string, string>;
  integrity: Record<string, string>;
  scopes?: Record<string, Record<string, string>>;
}

export interface ImportMap {
  imports: Record<string, string>;
  scopes?: Record<string, Record<string, string>>;
  integrity?: Record<string, string>;
}

/** 'base' or a six-digit tenant id. */
export type Scope = string;

export const BASE = 'base';
export const SCOPE_PATTERN = '^(base|[0-9]{6})$';

export const emptyLayer = (): Layer => ({ imports: {}, integrity: {} });

/** JSON with every object's keys sorted: equal content, equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The content address of a scope's layer: the first 16 hex of sha256 of the canonical (scope, layer). */
export function versionOf(scope: Scope, layer: Layer): string {
  return createHash('sha256')
    .update(canonicalJson({ scope, layer: normalise(layer) }))
    .digest('hex')
    .slice(0, 16);
}

/** The layer with only string entries, integrity kept only for URLs the layer imports, no empty scopes. */
export function normalise(layer: Partial<Layer>): Layer {
  const imports: Record<string, string> = {};
  for (const [name, url] of Object.entries(layer.imports ?? {}))
    if (typeof url === 'string') imports[name] = url;
  const scopes: Record<string, Record<string, string>> = {};
  for (const [prefix, map] of Object.entries(layer.scopes ?? {})) {
    if (!map || typeof map !== 'object') continue;
    const entries = Object.entries(map).filter((e): e is [string, string] => typeof e[1] === 'string');
    if (entries.length > 0) scopes[prefix] = Object.fromEntries(entries);
  }
  const used = new Set([
    ...Object.values(imports),
    ...Object.values(scopes).flatMap((m) => Object.values(m)),
  ]);
  const integrity: Record<string, string> = {};
  for (const [url, value] of Object.entries(layer.integrity ?? {}))
    if (typeof value === 'string' && used.has(url)) integrity[url] = value;
  return { imports, integrity, ...(Object.keys(scopes).length > 0 ? { scopes } : {}) };
}

export function isEmpty(layer: Layer): boolean {
  return Object.keys(layer.imports).length === 0 && !layer.scopes;
}

/** The layer with `specifier` pointing at `url` (integrity replaced). */
export function withEntry(layer: Layer, specifier: string, url: string, integrity: string): Layer {
  return normalise({
    ...layer,
    imports: { ...layer.imports, [specifier]: url },
    integrity: { ...layer.integrity, [url]: integrity },
  });
}

/** The layer without `specifier`. */
export function withoutEntry(layer: Layer, specifier: string): Layer {
  const imports = { ...layer.imports };
  delete imports[specifier];
  return normalise({ ...layer, imports });
}

/** What differs between two layers of a scope, entry by entry (null: absent on that side). */
export function diffLayers(
  from: Layer,
  to: Layer,
): { specifier: string; from: string | null; to: string | null }[] {
  const names = [...new Set([...Object.keys(from.imports), ...Object.keys(to.imports)])].sort();
  return names
    .map((specifier) => ({
      specifier,
      from: from.imports[specifier] ?? null,
      to: to.imports[specifier] ?? null,
    }))
    .filter((d) => d.from !== d.to);
}

/**
 * The served map: the build map, then each layer over it (base, then the tenant's). A layer's import
 * replaces the build's; its integrity is the layer's own, else `integrityOf(url)` (the bytes of a
 * same-origin file), else the build's entry for that URL.
 */
export function composeMap(
  build: ImportMap,
  layers: readonly Layer[],
  integrityOf: (url: string) => string | null,
): ImportMap {
  const imports = { ...build.imports };
  const integrity = { ...(build.integrity ?? {}) };
  const scopes = { ...(build.scopes ?? {}) };
  for (const layer of layers) {
    for (const [name, url] of Object.entries(layer.imports)) {
      imports[name] = url;
      const pinned = layer.integrity[url];
      if (pinned) integrity[url] = pinned;
      else if (!integrity[url]) {
        const computed = integrityOf(url);
        if (computed) integrity[url] = computed;
      }
    }
    Object.assign(scopes, layer.scopes ?? {});
  }
  return { imports, ...(Object.keys(scopes).length > 0 ? { scopes } : {}), integrity };
}

/** sha384 integrity of some bytes, as an import map or a script tag carries it. */
export function sha384(bytes: Buffer | string): string {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}
