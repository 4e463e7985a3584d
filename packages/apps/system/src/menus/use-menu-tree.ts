import type { Http } from '@ops/shared';
import { failureReason } from '@ops/ui/load';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { getData, parseList } from '../api';
import { MENU_URLS, type MenuItem, ROOT, readMenuItem, treeRows } from './menu-rules';

/** How one level of the tree stands: loading, loaded, or failed (with the server's reason). */
type Level =
  | { state: 'loading' }
  | { state: 'done'; items: MenuItem[] }
  | { state: 'failed'; reason: string };

/**
 * The lazy menu tree: the top level loads at once, an item's children when it is first expanded
 * (`menu/lazy-list?parentId=`). `refresh` reads again every level on show, after a change.
 */
export function useMenuTree(http: Http, signal: AbortSignal) {
  const [levels, setLevels] = useState<ReadonlyMap<string, Level>>(new Map());
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const runs = useRef(new Map<string, AbortController>());

  const load = useCallback(
    (parentId: string) => {
      runs.current.get(parentId)?.abort();
      const controller = new AbortController();
      runs.current.set(parentId, controller);
      const run = AbortSignal.any([controller.signal, signal]);
      const set = (level: Level) => setLevels((now) => new Map(now).set(parentId, level));
      setLevels((now) =>
        now.get(parentId)?.state === 'done' ? now : new Map(now).set(parentId, { state: 'loading' }),
      );
      getData(http, MENU_URLS.lazyList, { parentId }, run)
        .then((data) => parseList(data, readMenuItem))
        .then(
          (items) => {
            if (!run.aborted) set({ state: 'done', items });
          },
          (error: unknown) => {
            if (!run.aborted) set({ state: 'failed', reason: failureReason(error) });
          },
        );
    },
    [http, signal],
  );

  useEffect(() => {
    load(ROOT);
    const own = runs.current;
    return () => {
      for (const controller of own.values()) controller.abort();
    };
  }, [load]);

  const toggle = (item: MenuItem) => {
    const open = !expanded.has(item.id);
    setExpanded((now) => {
      const next = new Set(now);
      if (open) next.add(item.id);
      else next.delete(item.id);
      return next;
    });
    if (open && levels.get(item.id)?.state !== 'done') load(item.id);
  };

  /** After a change: the top level and every expanded item's children again; `also` opens a parent. */
  const refresh = (also?: string) => {
    const open = new Set(expanded);
    if (also && also !== ROOT) open.add(also);
    setExpanded(open);
    load(ROOT);
    for (const id of open) load(id);
  };

  const rows = useMemo(() => {
    const loaded = new Map<string, MenuItem[]>();
    for (const [id, level] of levels) if (level.state === 'done') loaded.set(id, level.items);
    return treeRows(loaded, expanded);
  }, [levels, expanded]);

  return {
    root: levels.get(ROOT) ?? { state: 'loading' as const },
    levels,
    expanded,
    rows,
    toggle,
    refresh,
    load,
  };
}
