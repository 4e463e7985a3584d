import type { Http } from '@ops/shared';
import { shown, useLoad } from '@ops/ui/load';
import { useState } from 'react';
import { fetchParts } from './api';
import { EMPTY_SEARCH, type PartSearch, partsQuery, validateKeyword } from './rules';

/**
 * The catalogue's search: what the form holds, the search it applied and the page, and the parts they
 * find. A search that fails its check is not applied (the form shows why).
 */
export function useCatalogue(http: Http, signal: AbortSignal) {
  const [draft, setDraft] = useState<PartSearch>(EMPTY_SEARCH);
  const [applied, setApplied] = useState<PartSearch>(EMPTY_SEARCH);
  const [page, setPage] = useState(1);
  const query = partsQuery(applied, page);
  const parts = useLoad((s) => fetchParts(http, query, s), JSON.stringify(query), signal);

  const search = () => {
    if (!validateKeyword(draft.keyword).ok) return;
    setApplied({ ...draft, keyword: draft.keyword.trim() });
    setPage(1);
  };
  const reset = () => {
    setDraft(EMPTY_SEARCH);
    setApplied(EMPTY_SEARCH);
    setPage(1);
  };
  const edit = (change: Partial<PartSearch>) => setDraft((d) => ({ ...d, ...change }));

  return { draft, edit, search, reset, page, setPage, parts, data: shown(parts.load) };
}
