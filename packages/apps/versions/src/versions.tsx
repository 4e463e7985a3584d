import type { SubAppProps } from '@ops/shared';
import { Button, LoadFailed, useLocation, useTexts } from '@ops/ui';
import { useLoad } from '@ops/ui/load';
import { useCallback, useId, useState } from 'react';
import { fetchHistory, fetchScope, fetchScopes } from './api';
import { ChangeDialog, type Pending } from './change-dialog';
import { BASE, entryRows, isIndexPath, type ScopeDetail, type ScopeSummary } from './rules';
import { EntriesTable, HistoryTable, ScopesTable } from './tables';
import { NS } from './texts';

/** The class styles.css scopes its rules under. */
const CLASS = 'ops-app-versions';

/** A scope as people read it: base, or the tenant's id and name. */
export function useScopeLabel() {
  const { t } = useTexts(NS);
  return useCallback(
    (scope: string, name = '') => (scope === BASE ? t('base') : name ? `${scope} ${name}` : scope),
    [t],
  );
}

/** A load that failed: why (the server's message when it gave one) and Retry. */
export function Failed({ reason, onRetry }: { reason: string; onRetry: () => void }) {
  const { t } = useTexts(NS);
  return (
    <LoadFailed
      className={`${CLASS}__failed`}
      message={reason ? t('loadFailed', { reason }) : t('loadFailedPlain')}
      retryLabel={t('retry')}
      onRetry={onRetry}
    />
  );
}

interface ScopeData {
  detail: ScopeDetail;
  base: ScopeDetail | null;
  history: Awaited<ReturnType<typeof fetchHistory>>;
}

/**
 * The Versions page (platform administrators, issue 16): every import-map scope, one scope's entries
 * (where a tenant differs from base), its history with diffs, and pin, unpin and rollback, each with a
 * reason and confirmed. It talks to the deploy API only (docs/api.md section 22).
 */
export function Versions({ http, signal, navigate, name }: SubAppProps) {
  const { t } = useTexts(NS);
  const { pathname } = useLocation();
  const titleId = useId();
  const label = useScopeLabel();
  const [scope, setScope] = useState(BASE);
  // Bumped after every change (or a stale version): the scopes and the open scope are read again.
  const [epoch, setEpoch] = useState(0);
  const [pending, setPending] = useState<Pending | null>(null);
  const reload = useCallback(() => setEpoch((n) => n + 1), []);

  const scopes = useLoad((s) => fetchScopes(http, s), `scopes:${epoch}`, signal);
  const data = useLoad<ScopeData>(
    async (s) => {
      const [detail, base, history] = await Promise.all([
        fetchScope(http, scope, s),
        scope === BASE ? Promise.resolve(null) : fetchScope(http, BASE, s),
        fetchHistory(http, scope, s),
      ]);
      return { detail, base, history };
    },
    `${scope}:${epoch}`,
    signal,
  );

  if (!isIndexPath(pathname)) {
    return (
      <article className={CLASS} aria-labelledby={titleId} data-app={name}>
        <h1 id={titleId}>{t('title')}</h1>
        <p role="alert">{t('notFound', { path: pathname })}</p>
        <Button onClick={() => navigate('/versions/index')}>{t('toIndex')}</Button>
      </article>
    );
  }

  const summaries: ScopeSummary[] =
    scopes.load.state === 'done'
      ? scopes.load.data
      : scopes.load.state === 'loading'
        ? (scopes.load.previous ?? [])
        : [];
  const summary = summaries.find((s) => s.scope === scope);
  const scopeName = label(scope, summary?.tenantName);
  const shown =
    data.load.state === 'done'
      ? data.load.data
      : data.load.state === 'loading'
        ? data.load.previous
        : undefined;
  // A reload of another scope keeps nothing of the last one on screen.
  const current = shown && shown.detail.scope === scope ? shown : undefined;
  const rows = current ? entryRows(current.detail, current.base?.map ?? null) : [];

  return (
    <article className={CLASS} aria-labelledby={titleId} data-app={name}>
      <h1 id={titleId}>{t('title')}</h1>
      {scopes.load.state === 'failed' ? (
        <Failed reason={scopes.load.reason} onRetry={scopes.retry} />
      ) : (
        <ScopesTable
          scopes={summaries}
          selected={scope}
          loading={scopes.load.state === 'loading'}
          onOpen={(next) => {
            setPending(null);
            setScope(next);
          }}
        />
      )}
      {data.load.state === 'failed' ? (
        <Failed reason={data.load.reason} onRetry={data.retry} />
      ) : (
        <>
          <EntriesTable
            scopeName={scopeName}
            isBase={scope === BASE}
            version={current?.detail.version ?? ''}
            rows={rows}
            loading={data.load.state === 'loading'}
            onPin={(specifier) => setPending({ kind: 'pin', specifier })}
            onUnpin={(specifier) => setPending({ kind: 'unpin', specifier })}
          />
          <HistoryTable
            scopeName={scopeName}
            history={current?.history ?? []}
            current={current?.detail.version ?? ''}
            loading={data.load.state === 'loading'}
            onRollback={(version, at, before) => setPending({ kind: 'rollback', version, at, before })}
          />
        </>
      )}
      {current && (
        <ChangeDialog
          http={http}
          pending={pending}
          scope={scope}
          scopeName={scopeName}
          detail={current.detail}
          onClose={() => setPending(null)}
          onChanged={() => {
            setPending(null);
            reload();
          }}
        />
      )}
    </article>
  );
}
