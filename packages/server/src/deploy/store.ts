import type { Bus } from '../db/bus.ts';
import { type Db, sql } from '../db/database.ts';
import { BASE, emptyLayer, type Layer, normalise, type Scope, versionOf } from './layer.ts';

export interface AssetRow {
  path: string;
  bundle: string;
  upload_id: string;
  name: string;
  type: string;
  size: number;
  integrity: string;
  bytes: Buffer;
  actor: string;
  created_at: number;
}

export type Change =
  | { kind: 'seed' }
  | { kind: 'pin'; specifier: string; from: string | null; to: string }
  | { kind: 'unpin'; specifier: string; from: string }
  | {
      kind: 'rollback';
      toVersion: string;
      entries: { specifier: string; from: string | null; to: string | null }[];
    };

export interface HistoryEntry {
  id: number;
  scope: Scope;
  version: string;
  previous: string | null;
  actor: string;
  at: string;
  reason: string;
  change: Change;
}

/** A pointer move refused inside the transaction: the scope moved since the caller read it. */
export class StaleVersionError extends Error {
  constructor(readonly current: string) {
    super(`the scope is at ${current}`);
  }
}

export interface Move {
  scope: Scope;
  /** The version the caller read (If-Match); undefined: no precondition (rollback without If-Match). */
  expected: string | undefined;
  actor: string;
  reason: string;
  /** The new layer, from the current one (called inside the transaction, after the If-Match check). */
  next: (current: Layer) => { layer: Layer; change: Change } | { unchanged: true };
}

export type MoveResult = { scope: Scope; version: string; previous: string; moved: boolean };

/**
 * The deploy store: uploaded files, every scope's layer versions (content-addressed, immutable), one
 * pointer per scope and the append-only history. A pointer moves only in `move` (and `seed`), one
 * transaction: the If-Match comparison, the new version, the history row and the pointer change commit
 * together or not at all. Several instances share the store: writers of one scope queue on a lock, and the
 * pointer write itself only succeeds from the version that was read, so of two moves from one version on
 * two instances one wins and the other is stale.
 */
export function deployStore(db: Db, bus: Bus, now: () => number) {
  const layerIn = (text: string) => normalise(JSON.parse(text) as Layer);

  /** The scope's current version: its pointer, or the empty layer's version when it has none. */
  async function current(scope: Scope): Promise<{ version: string; layer: Layer; pointed: boolean }> {
    const row = await db.get<{ version: string; layer: string }>(sql`
      SELECT p.version, v.layer FROM deploy_pointers p JOIN deploy_versions v ON v.version = p.version
      WHERE p.scope = ${scope}`);
    if (!row) return { version: versionOf(scope, emptyLayer()), layer: emptyLayer(), pointed: false };
    return { version: row.version, layer: layerIn(row.layer), pointed: true };
  }

  /**
   * Stores the layer's version, appends the history row and moves the pointer from `before` (inside a
   * transaction). The pointer write is conditional on the version read: a scope that moved meanwhile is a
   * StaleVersionError (the transaction then rolls the version and the history row back).
   */
  async function record(
    scope: Scope,
    layer: Layer,
    before: { version: string; pointed: boolean },
    entry: { previous: string | null; actor: string; reason: string; change: Change },
  ): Promise<string> {
    const version = versionOf(scope, layer);
    const at = now();
    await db.run(sql`
      INSERT INTO deploy_versions (version, scope, layer, created_at)
      VALUES (${version}, ${scope}, ${JSON.stringify(layer)}, ${at})
      ON CONFLICT DO NOTHING`);
    await db.run(sql`
      INSERT INTO deploy_history (scope, version, previous, actor, at, reason, change)
      VALUES (${scope}, ${version}, ${entry.previous}, ${entry.actor}, ${new Date(at).toISOString()},
              ${entry.reason}, ${JSON.stringify(entry.change)})`);
    const pointed = before.pointed
      ? await db.run(sql`
          UPDATE deploy_pointers SET version = ${version}, updated_at = ${at}
          WHERE scope = ${scope} AND version = ${before.version}`)
      : await db.run(sql`
          INSERT INTO deploy_pointers (scope, version, updated_at) VALUES (${scope}, ${version}, ${at})
          ON CONFLICT (scope) DO NOTHING`);
    if (pointed === 0) throw new StaleVersionError((await current(scope)).version);
    // Every instance's listeners hear it once the transaction commits (never for a rolled-back move).
    if (version !== before.version) await bus.publish('ops_deploy', { scope });
    return version;
  }

  /** Runs `fn` in a transaction holding the scope's lock: the pointer read inside is the latest. */
  const withScope = <T>(scope: Scope, fn: () => Promise<T>) =>
    db.transaction(async () => {
      await db.lock(`deploy:${scope}`);
      return fn();
    });

  return {
    asset(path: string): Promise<AssetRow | undefined> {
      return db.get<AssetRow>(sql`SELECT * FROM deploy_assets WHERE path = ${path}`);
    },

    /** The integrity of each uploaded file of `paths` that exists (without reading the bytes). */
    async integrities(paths: string[]): Promise<Map<string, string>> {
      if (paths.length === 0) return new Map();
      const rows = await db.all<{ path: string; integrity: string }>(
        sql`SELECT path, integrity FROM deploy_assets WHERE path IN (${sql.join(paths)})`,
      );
      return new Map(rows.map((r) => [r.path, r.integrity]));
    },

    /**
     * Stores an upload's files in one transaction: a path that exists with the same bytes is kept (an
     * identical re-upload), a path that exists with other bytes refuses the whole upload (nothing stored).
     */
    storeAssets(rows: AssetRow[]): Promise<{ conflict: string } | { stored: number }> {
      return db.transaction(async () => {
        if (rows.length === 0) return { stored: 0 };
        // Two instances storing the same upload at once: the second finds the first's rows.
        await db.lock('deploy:assets');
        const existing = new Map(
          (
            await db.all<{ path: string; integrity: string }>(
              sql`SELECT path, integrity FROM deploy_assets WHERE path IN (${sql.join(rows.map((r) => r.path))})`,
            )
          ).map((r) => [r.path, r.integrity]),
        );
        const conflict = rows.find(
          (row) => existing.has(row.path) && existing.get(row.path) !== row.integrity,
        );
        if (conflict) return { conflict: conflict.path };
        let stored = 0;
        for (const row of rows) {
          if (existing.has(row.path)) continue;
          await db.run(sql`
            INSERT INTO deploy_assets (path, bundle, upload_id, name, type, size, integrity, bytes, actor, created_at)
            VALUES (${row.path}, ${row.bundle}, ${row.upload_id}, ${row.name}, ${row.type}, ${row.size},
                    ${row.integrity}, ${row.bytes}, ${row.actor}, ${row.created_at})`);
          stored++;
        }
        return { stored };
      });
    },

    current,

    /** The version's layer if this scope has had it (its empty layer included). */
    async versionOfScope(scope: Scope, version: string): Promise<Layer | null> {
      const row = await db.get<{ scope: string; layer: string }>(
        sql`SELECT scope, layer FROM deploy_versions WHERE version = ${version}`,
      );
      if (row) return row.scope === scope ? layerIn(row.layer) : null;
      // Every scope starts at its empty layer (the `previous` of its first change): always a target.
      return version === versionOf(scope, emptyLayer()) ? emptyLayer() : null;
    },

    /** Every scope's layer that has a pointer. */
    async layers(): Promise<Map<Scope, { version: string; layer: Layer }>> {
      const rows = await db.all<{ scope: string; version: string; layer: string }>(
        sql`SELECT p.scope, p.version, v.layer FROM deploy_pointers p JOIN deploy_versions v ON v.version = p.version`,
      );
      return new Map(rows.map((r) => [r.scope, { version: r.version, layer: layerIn(r.layer) }]));
    },

    async tenants(): Promise<{ tenantId: string; tenantName: string }[]> {
      const rows = await db.all<{ tenant_id: string; tenant_name: string }>(
        sql`SELECT tenant_id, tenant_name FROM tenants WHERE is_deleted = 0 ORDER BY tenant_id`,
      );
      return rows.map((r) => ({ tenantId: r.tenant_id, tenantName: r.tenant_name }));
    },

    /** base, a tenant of the tenants table, or a tenant whose pins were seeded from a file. */
    async scopeExists(scope: Scope): Promise<boolean> {
      if (scope === BASE) return true;
      const row = await db.get(sql`
        SELECT 1 AS found FROM tenants WHERE tenant_id = ${scope} AND is_deleted = 0
        UNION ALL SELECT 1 AS found FROM deploy_pointers WHERE scope = ${scope}`);
      return row !== undefined;
    },

    /** Moves a scope's pointer (see Move); listeners on every instance hear of a move once it committed. */
    move(move: Move): Promise<MoveResult> {
      return withScope(move.scope, async () => {
        const before = await current(move.scope);
        if (move.expected !== undefined && move.expected !== before.version)
          throw new StaleVersionError(before.version);
        const outcome = move.next(before.layer);
        const unchanged = {
          scope: move.scope,
          version: before.version,
          previous: before.version,
          moved: false,
        };
        if ('unchanged' in outcome) return unchanged;
        if (before.pointed && versionOf(move.scope, outcome.layer) === before.version) return unchanged;
        const version = await record(move.scope, outcome.layer, before, {
          previous: before.version,
          actor: move.actor,
          reason: move.reason,
          change: outcome.change,
        });
        return { scope: move.scope, version, previous: before.version, moved: version !== before.version };
      });
    },

    /** The first version of a scope without a pointer (actor "seed"); a scope that has one is left alone. */
    async seed(scope: Scope, layer: Layer): Promise<boolean> {
      try {
        return await withScope(scope, async () => {
          const before = await current(scope);
          if (before.pointed) return false;
          const entry = { previous: null, actor: 'seed', reason: 'seed', change: { kind: 'seed' } as const };
          await record(scope, normalise(layer), before, entry);
          return true;
        });
      } catch (err) {
        // Another instance seeded it meanwhile: its version stands.
        if (err instanceof StaleVersionError) return false;
        throw err;
      }
    },

    async history(scope: Scope | undefined, limit: number): Promise<HistoryEntry[]> {
      const rows = await db.all<Omit<HistoryEntry, 'change'> & { change: string }>(
        scope
          ? sql`SELECT * FROM deploy_history WHERE scope = ${scope} ORDER BY id DESC LIMIT ${limit}`
          : sql`SELECT * FROM deploy_history ORDER BY id DESC LIMIT ${limit}`,
      );
      return rows.map((r) => ({ ...r, change: JSON.parse(r.change) as Change }));
    },

    /** Hears every pointer move, made on this instance or another (the bus). Returns the unfollow. */
    onPointerMove(listener: (scope: Scope) => void): () => void {
      return bus.subscribe('ops_deploy', (payload) => {
        const scope = (payload as { scope?: unknown } | null)?.scope;
        if (typeof scope === 'string') listener(scope);
      });
    },
  };
}

export type DeployStore = ReturnType<typeof deployStore>;
