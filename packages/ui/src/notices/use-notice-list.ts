import type { Page } from '@ops/shared/rules';
import { type Load, useLoad } from '@ops/ui/load';
import { useState } from 'react';

/** A server query: the filters and the page (`noticeQuery`, `alarmQuery`). */
export type Query = Record<string, string | number>;

/** A list's filters as typed (`draft`) and as searched, and its page. */
export interface ListQuery<F> {
  draft: F;
  edit: <K extends keyof F>(key: K, value: F[K]) => void;
  filters: F;
  page: number;
  setPage: (page: number) => void;
  /** Searches the draft from page 1, again even when nothing changed. */
  search: () => void;
  /** Back to the initial filters and page 1. */
  reset: () => void;
}

/** A page of a list as its table shows it: the load, how to run it again, the page and how to turn it. */
export interface ListPage<T> {
  load: Load<Page<T>>;
  /** Loads the page again (after marking read, say). */
  retry: () => void;
  page: number;
  setPage: (page: number) => void;
}

export type NoticeList<F, T> = ListQuery<F> & ListPage<T>;

/**
 * A list of notices or alarm messages, 10 a page: its filters as typed and as searched, its page, and the
 * page's load, run again with each search (even an unchanged one), each page, and each change of `again`
 * (a dialog's openings).
 */
export function useNoticeList<F, T>(
  initial: F,
  toQuery: (filters: F, page: number) => Query,
  fetch: (query: Query, signal: AbortSignal) => Promise<Page<T>>,
  signal: AbortSignal,
  again: number | string = '',
): NoticeList<F, T> {
  const [draft, setDraft] = useState(initial);
  const [filters, setFilters] = useState(initial);
  const [page, setPage] = useState(1);
  const [searches, setSearches] = useState(0);
  const query = toQuery(filters, page);
  const { load, retry } = useLoad(
    (s) => fetch(query, s),
    `${again}:${searches}:${JSON.stringify(query)}`,
    signal,
  );
  return {
    draft,
    edit: (key, value) => setDraft((d) => ({ ...d, [key]: value })),
    filters,
    page,
    setPage,
    search: () => {
      setPage(1);
      setFilters(draft);
      setSearches((n) => n + 1);
    },
    reset: () => {
      setDraft(initial);
      setFilters(initial);
      setPage(1);
    },
    load,
    retry,
  };
}
