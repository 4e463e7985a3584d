import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../db/bus.ts';
import type { Db } from '../db/database.ts';
import { fileIntegrity } from '../static/importmap.ts';
import { buildMap } from './build.ts';
import { BASE, composeMap, emptyLayer, type ImportMap, isEmpty, type Layer, normalise } from './layer.ts';
import { deployStore } from './store.ts';

export interface DeployOptions {
  distDir: string | null;
  importMapDir: string | null;
  siteConfigPath: string | null;
  /** DEPLOY_KEY: a bearer key for CI; null turns key auth off. */
  deployKey: string | null;
}

const TENANT_FILE = /^([0-9]{6})\.json$/;

/**
 * The deploy store plus what the static host and the sockets need from it: the served map of a tenant
 * (build map ⊕ base layer ⊕ tenant layer) and its composed version `<base>.<tenant>.<build>` (tenant part
 * '0' when the tenant pins nothing, build part a hash of dist/importmap.json).
 */
export function deployService(db: Db, bus: Bus, now: () => number, options: DeployOptions) {
  const store = deployStore(db, bus, now);

  async function tenantLayer(tenantId: string | null): Promise<{ version: string; layer: Layer } | null> {
    if (!tenantId || tenantId === BASE) return null;
    const current = await store.current(tenantId);
    return current.pointed && !isEmpty(current.layer) ? current : null;
  }

  /**
   * The map a tenant's pages load (no tenant: the build map ⊕ base) and its composed version. Read from the
   * database on every call, never cached: a move on any instance is served by every instance at once.
   */
  async function served(tenantId: string | null): Promise<{ map: ImportMap; version: string }> {
    const build = buildMap(options.distDir);
    const [base, tenant] = await Promise.all([store.current(BASE), tenantLayer(tenantId)]);
    const layers = tenant ? [base.layer, tenant.layer] : [base.layer];
    // Uploaded files an entry points at without its own integrity: their stored sha384, in one read.
    const uploads = layers.flatMap((layer) =>
      Object.values(layer.imports).filter((url) => url.startsWith('/assets/') && !layer.integrity[url]),
    );
    const uploaded = await store.integrities(uploads.map(assetPath));
    const integrityOf = (url: string): string | null => {
      if (url.startsWith('/assets/')) return uploaded.get(assetPath(url)) ?? null;
      return options.distDir ? fileIntegrity(options.distDir, url) : null;
    };
    const map = composeMap(build.map, layers, integrityOf);
    return { map, version: `${base.version}.${tenant ? tenant.version : '0'}.${build.hash}` };
  }

  /** The map a scope serves: base = build ⊕ base; a tenant = build ⊕ base ⊕ tenant. */
  async function scopeMap(scope: string): Promise<ImportMap> {
    return (await served(scope === BASE ? null : scope)).map;
  }

  /**
   * First versions: base at the empty layer; each importmap/tenants/<id>.json as its tenant's first
   * version. Scopes that already have a pointer are left as they are (the files seed, never override).
   */
  async function seed(log: FastifyBaseLogger) {
    await store.seed(BASE, emptyLayer());
    const dir = options.importMapDir;
    if (!dir || !existsSync(dir)) return;
    for (const name of readdirSync(dir).sort()) {
      const match = TENANT_FILE.exec(name);
      if (!match) continue;
      try {
        const parsed = JSON.parse(readFileSync(join(dir, name), 'utf8')) as Partial<Layer>;
        await store.seed(match[1]!, normalise(parsed));
      } catch (err) {
        log.warn({ file: join(dir, name), err: (err as Error).message }, 'tenant import-map file skipped');
      }
    }
  }

  return { store, options, served, scopeMap, seed };
}

/** An uploaded file's path: its URL without query or fragment. */
const assetPath = (url: string) => url.split(/[?#]/)[0]!;

export type DeployService = ReturnType<typeof deployService>;
