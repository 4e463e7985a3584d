import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ImportMap, Layer } from './layer.ts';
import { normalise } from './layer.ts';

/** What the build wrote into dist/: its import map and bundles.json (the build manifest). */
export interface BundleRecord {
  name: string;
  dir: string;
  entry?: string;
  files?: string[];
}

export interface BuildManifest {
  shared: string[];
  bundles: BundleRecord[];
}

const cache = new Map<string, { key: string; value: unknown }>();

/** A JSON file of dist, parsed once per change (size and mtime); null when missing or malformed. */
function readJson(file: string): { value: unknown; hash: string } | null {
  if (!existsSync(file)) return null;
  const stat = statSync(file);
  if (!stat.isFile()) return null;
  const key = `${stat.size}-${stat.mtimeMs}`;
  const hit = cache.get(file);
  if (hit?.key === key) return hit.value as { value: unknown; hash: string } | null;
  let value: { value: unknown; hash: string } | null;
  try {
    const text = readFileSync(file, 'utf8');
    value = { value: JSON.parse(text), hash: createHash('sha256').update(text).digest('hex').slice(0, 8) };
  } catch {
    value = null;
  }
  cache.set(file, { key, value });
  return value;
}

/** The build map (dist/importmap.json) and a short hash of its text ('0' without a build). */
export function buildMap(distDir: string | null): { map: ImportMap; hash: string } {
  const read = distDir ? readJson(join(distDir, 'importmap.json')) : null;
  if (!read?.value || typeof read.value !== 'object')
    return { map: { imports: {}, integrity: {} }, hash: '0' };
  const parsed = read.value as Partial<ImportMap>;
  const layer: Layer = normalise({ imports: parsed.imports ?? {}, integrity: {} });
  const integrity: Record<string, string> = {};
  for (const [url, v] of Object.entries(parsed.integrity ?? {}))
    if (typeof v === 'string') integrity[url] = v;
  const scopes = parsed.scopes && Object.keys(parsed.scopes).length > 0 ? { scopes: parsed.scopes } : {};
  return { map: { imports: layer.imports, ...scopes, integrity }, hash: read.hash };
}

const NAME = /^[A-Za-z0-9@._/-]{1,200}$/;
const DIR = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** dist/bundles.json, or null when the build wrote none (or it is malformed). */
export function buildManifest(distDir: string | null): BuildManifest | null {
  const read = distDir ? readJson(join(distDir, 'bundles.json')) : null;
  const value = read?.value as { shared?: unknown; bundles?: unknown } | undefined;
  if (!value || !Array.isArray(value.shared) || !Array.isArray(value.bundles)) return null;
  const shared = value.shared.filter((s): s is string => typeof s === 'string');
  const bundles = value.bundles.filter(
    (b): b is BundleRecord =>
      Boolean(b) &&
      typeof (b as BundleRecord).name === 'string' &&
      NAME.test((b as BundleRecord).name) &&
      typeof (b as BundleRecord).dir === 'string' &&
      DIR.test((b as BundleRecord).dir) &&
      !(b as BundleRecord).dir.split('/').includes('..'),
  );
  return { shared, bundles };
}

/** The site config's `deployOrigins` (origins whose URLs may be pinned), normalised; [] when absent. */
export function deployOrigins(siteConfigPath: string | null): string[] {
  const read = siteConfigPath ? readJson(siteConfigPath) : null;
  const list = (read?.value as { deployOrigins?: unknown } | undefined)?.deployOrigins;
  if (!Array.isArray(list)) return [];
  const origins: string[] = [];
  for (const entry of list) {
    if (typeof entry !== 'string') continue;
    try {
      const url = new URL(entry);
      if ((url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password)
        origins.push(url.origin);
    } catch {
      // not a URL: ignored
    }
  }
  return origins;
}
