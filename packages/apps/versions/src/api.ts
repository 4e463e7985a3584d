import { envelopeData, type Http } from '@ops/shared';
import {
  type HistoryEntry,
  type PinForm,
  pinBody,
  readHistory,
  readScopeDetail,
  readScopes,
  type ScopeDetail,
  type ScopeSummary,
} from './rules';

/** The deploy API's calls (docs/api.md section 22). */
export const URLS = {
  scopes: '/api/deploy/scopes',
  importmap: '/api/deploy/importmap',
  history: '/api/deploy/history',
  entry: (scope: string, specifier: string) =>
    `/api/deploy/importmap/${encodeURIComponent(scope)}/imports/${encodeURIComponent(specifier)}`,
  rollback: (scope: string) => `/api/deploy/importmap/${encodeURIComponent(scope)}/rollback`,
} as const;

/**
 * Refusals a change dialog shows itself, beside its form (the server's message): a bad body, an unknown
 * scope or specifier, a URL that does not answer JavaScript or CSS, a stale version (412, which the page
 * answers by reading the scope again), a missing If-Match, the build manifest missing.
 */
export const CHANGE_REFUSALS = [400, 404, 409, 412, 422, 428, 503] as const;

/** The scope moved since the page read it. */
export const STALE = 412;

export async function fetchScopes(http: Http, signal: AbortSignal): Promise<ScopeSummary[]> {
  return readScopes(envelopeData(await http.get(URLS.scopes, { signal })));
}

export async function fetchScope(http: Http, scope: string, signal: AbortSignal): Promise<ScopeDetail> {
  return readScopeDetail(envelopeData(await http.get(URLS.importmap, { params: { scope }, signal })));
}

export async function fetchHistory(http: Http, scope: string, signal: AbortSignal): Promise<HistoryEntry[]> {
  return readHistory(envelopeData(await http.get(URLS.history, { params: { scope }, signal })));
}

const ifMatch = (version: string) => ({ 'If-Match': `"${version}"` });

/** Whether a change moved the scope's pointer (an identical change leaves it where it was). */
function moved(answer: { data: unknown }): boolean {
  const data = envelopeData<{ version?: unknown; previous?: unknown } | undefined>(answer);
  return !data || data.version !== data.previous;
}

/** Points one entry of `scope` at a URL, if the scope is still at `version`; true when the scope moved. */
export async function pin(http: Http, scope: string, version: string, form: PinForm): Promise<boolean> {
  return moved(
    await http.put(URLS.entry(scope, form.specifier), pinBody(form), {
      headers: ifMatch(version),
      quietCodes: CHANGE_REFUSALS,
    }),
  );
}

/** Removes the scope's own entry for a specifier, if the scope is still at `version`. */
export async function unpin(
  http: Http,
  scope: string,
  version: string,
  specifier: string,
  reason: string,
): Promise<boolean> {
  return moved(
    await http.delete(URLS.entry(scope, specifier), {
      data: { reason },
      headers: ifMatch(version),
      quietCodes: CHANGE_REFUSALS,
    }),
  );
}

/** Moves the scope back to a version it had, if it is still at `current`. */
export async function rollback(
  http: Http,
  scope: string,
  current: string,
  target: string,
  reason: string,
): Promise<boolean> {
  return moved(
    await http.post(
      URLS.rollback(scope),
      { version: target, reason },
      { headers: ifMatch(current), quietCodes: CHANGE_REFUSALS },
    ),
  );
}
