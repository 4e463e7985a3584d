import type { Db } from '../db/database.ts';
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
 * pointer per scope and the append-only history. A pointer moves only in `move`, one synchronous SQLite
 * transaction: the If-Match comparison, the new version, the history row and the pointer change commit
 * together or not at all.
 */
export function deployStore(db: Db, now: () => number) {
  const stmts = {
    asset: db.prepare('SELECT * FROM deploy_assets WHERE path = ?'),
    insertAsset: db.prepare(
      `INSERT INTO deploy_assets (path, bundle, upload_id, name, type, size, integrity, bytes, actor, created_at)
       VALUES (@path, @bundle, @upload_id, @name, @type, @size, @integrity, @bytes, @actor, @created_at)`,
    ),
    version: db.prepare('SELECT version, scope, layer FROM deploy_versions WHERE version = ?'),
    insertVersion: db.prepare(
      'INSERT OR IGNORE INTO deploy_versions (version, scope, layer, created_at) VALUES (?, ?, ?, ?)',
    ),
    pointer: db.prepare('SELECT version FROM deploy_pointers WHERE scope = ?'),
    pointers: db.prepare(
      'SELECT p.scope, p.version, v.layer FROM deploy_pointers p JOIN deploy_versions v USING (version)',
    ),
    setPointer: db.prepare(
      `INSERT INTO deploy_pointers (scope, version, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (scope) DO UPDATE SET version = excluded.version, updated_at = excluded.updated_at`,
    ),
    appendHistory: db.prepare(
      `INSERT INTO deploy_history (scope, version, previous, actor, at, reason, change)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    history: db.prepare('SELECT * FROM deploy_history WHERE scope = ? ORDER BY id DESC LIMIT ?'),
    allHistory: db.prepare('SELECT * FROM deploy_history ORDER BY id DESC LIMIT ?'),
    tenants: db.prepare('SELECT tenant_id, tenant_name FROM tenants WHERE is_deleted = 0 ORDER BY tenant_id'),
    tenant: db.prepare('SELECT 1 FROM tenants WHERE tenant_id = ? AND is_deleted = 0'),
  };
  const listeners = new Set<(scope: Scope) => void>();

  function layerOf(version: string): Layer {
    const row = stmts.version.get(version) as { layer: string } | undefined;
    return row ? normalise(JSON.parse(row.layer) as Layer) : emptyLayer();
  }

  /** The scope's current version: its pointer, or the empty layer's version when it has none. */
  function current(scope: Scope): { version: string; layer: Layer; pointed: boolean } {
    const row = stmts.pointer.get(scope) as { version: string } | undefined;
    if (!row) return { version: versionOf(scope, emptyLayer()), layer: emptyLayer(), pointed: false };
    return { version: row.version, layer: layerOf(row.version), pointed: true };
  }

  function record(
    scope: Scope,
    layer: Layer,
    previous: string | null,
    actor: string,
    reason: string,
    change: Change,
  ) {
    const version = versionOf(scope, layer);
    const at = now();
    stmts.insertVersion.run(version, scope, JSON.stringify(layer), at);
    stmts.appendHistory.run(
      scope,
      version,
      previous,
      actor,
      new Date(at).toISOString(),
      reason,
      JSON.stringify(change),
    );
    stmts.setPointer.run(scope, version, at);
    return version;
  }

  const moveTx = db.transaction((move: Move): MoveResult => {
    const before = current(move.scope);
    if (move.expected !== undefined && move.expected !== before.version)
      throw new StaleVersionError(before.version);
    const outcome = move.next(before.layer);
    const unchanged = { scope: move.scope, version: before.version, previous: before.version, moved: false };
    if ('unchanged' in outcome) return unchanged;
    if (before.pointed && versionOf(move.scope, outcome.layer) === before.version) return unchanged;
    const version = record(
      move.scope,
      outcome.layer,
      before.version,
      move.actor,
      move.reason,
      outcome.change,
    );
    return { scope: move.scope, version, previous: before.version, moved: version !== before.version };
  });

  return {
    asset(path: string): AssetRow | undefined {
      return stmts.asset.get(path) as AssetRow | undefined;
    },

    /**
     * Stores an upload's files in one transaction: a path that exists with the same bytes is kept (an
     * identical re-upload), a path that exists with other bytes refuses the whole upload (nothing stored).
     */
    storeAssets(rows: AssetRow[]): { conflict: string } | { stored: number } {
      return db.transaction(() => {
        let stored = 0;
        for (const row of rows) {
          const existing = stmts.asset.get(row.path) as AssetRow | undefined;
          if (existing && existing.integrity !== row.integrity) return { conflict: row.path };
        }
        for (const row of rows) {
          if (stmts.asset.get(row.path)) continue;
          stmts.insertAsset.run(row);
          stored++;
        }
        return { stored };
      })();
    },

    current,
    layerOf,

    /** The version's layer if this scope has had it (its empty layer included). */
    versionOfScope(scope: Scope, version: string): Layer | null {
      const row = stmts.version.get(version) as { scope: string; layer: string } | undefined;
      if (row) return row.scope === scope ? normalise(JSON.parse(row.layer) as Layer) : null;
      // Every scope starts at its empty layer (the `previous` of its first change): always a target.
      return version === versionOf(scope, emptyLayer()) ? emptyLayer() : null;
    },

    /** Every scope's layer that has a pointer. */
    layers(): Map<Scope, { version: string; layer: Layer }> {
      const rows = stmts.pointers.all() as { scope: string; version: string; layer: string }[];
      return new Map(
        rows.map((r) => [r.scope, { version: r.version, layer: normalise(JSON.parse(r.layer) as Layer) }]),
      );
    },

    tenants(): { tenantId: string; tenantName: string }[] {
      return (stmts.tenants.all() as { tenant_id: string; tenant_name: string }[]).map((r) => ({
        tenantId: r.tenant_id,
        tenantName: r.tenant_name,
      }));
    },

    /** base, a tenant of the tenants table, or a tenant whose pins were seeded from a file. */
    scopeExists(scope: Scope): boolean {
      return scope === BASE || Boolean(stmts.tenant.get(scope)) || Boolean(stmts.pointer.get(scope));
    },

    /** Moves a scope's pointer (see Move); listeners hear of every move after it committed. */
    move(move: Move): MoveResult {
      // IMMEDIATE: the write lock is taken before the pointer is read (also against another process).
      const result = moveTx.immediate(move);
      if (!result.moved) return result;
      // The move has committed: a listener's failure (a socket gone) must not turn it into an error.
      for (const listener of listeners) {
        try {
          listener(move.scope);
        } catch {
          // the listener's own concern
        }
      }
      return result;
    },

    /** The first version of a scope without a pointer (actor "seed"); a scope that has one is left alone. */
    seed(scope: Scope, layer: Layer): boolean {
      return db
        .transaction(() => {
          if (stmts.pointer.get(scope)) return false;
          record(scope, normalise(layer), null, 'seed', 'seed', { kind: 'seed' });
          return true;
        })
        .immediate();
    },

    history(scope: Scope | undefined, limit: number): HistoryEntry[] {
      const rows = (scope ? stmts.history.all(scope, limit) : stmts.allHistory.all(limit)) as (Omit<
        HistoryEntry,
        'change'
      > & { change: string })[];
      return rows.map((r) => ({ ...r, change: JSON.parse(r.change) as Change }));
    },

    onPointerMove(listener: (scope: Scope) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type DeployStore = ReturnType<typeof deployStore>;
