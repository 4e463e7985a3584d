import type { Http } from '@ops/shared';
import { useLoad } from '@ops/ui/load';
import { useState } from 'react';
import { fetchRequisitions } from './api';
import { REQUISITIONS_PAGE_SIZE } from './rules';

/** My requisitions: their page, and `reload` to show the first page again (after a submit). */
export function useRequisitions(http: Http, signal: AbortSignal) {
  const [page, setPage] = useState(1);
  /** Counts the reloads: a new count loads the page again even when it is the same page. */
  const [version, setVersion] = useState(0);
  const mine = useLoad(
    (s) => fetchRequisitions(http, page, REQUISITIONS_PAGE_SIZE, s),
    `${page}/${version}`,
    signal,
  );
  const reload = () => {
    setPage(1);
    setVersion((n) => n + 1);
  };
  return { ...mine, page, setPage, reload };
}

export type Requisitions = ReturnType<typeof useRequisitions>;
