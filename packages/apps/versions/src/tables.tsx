import { Button, DataTable, useTexts } from '@ops/ui';
import { useId } from 'react';
import {
  BASE,
  type Diff,
  differingCount,
  diffsOf,
  type EntryRow,
  formatAt,
  type HistoryEntry,
  rollbackTargets,
  type ScopeSummary,
  shortVersion,
  startingVersion,
} from './rules';
import { NS } from './texts';

/** A section of the page with its heading (its accessible name). */
function Section({
  heading,
  tools,
  children,
}: {
  heading: string;
  tools?: React.ReactNode;
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    <section className="ops-app-versions__section" aria-labelledby={id}>
      <div className="ops-app-versions__head">
        <h2 id={id}>{heading}</h2>
        {tools}
      </div>
      {children}
    </section>
  );
}

const Version = ({ version }: { version: string }) => (
  <code className="ops-app-versions__version" title={version}>
    {shortVersion(version)}
  </code>
);

/** Base and every tenant, with their current version and how many entries each pins. */
export function ScopesTable({
  scopes,
  selected,
  loading,
  onOpen,
}: {
  scopes: readonly ScopeSummary[];
  selected: string;
  loading: boolean;
  onOpen: (scope: string) => void;
}) {
  const { t } = useTexts(NS);
  return (
    <Section heading={t('scopes.heading')}>
      <DataTable<ScopeSummary>
        caption={t('scopes.caption')}
        rows={scopes}
        rowKey={(row) => row.scope}
        rowLabel={(row) => row.scope}
        loading={loading}
        pagination={false}
        columns={[
          { key: 'scope', title: t('scopes.scope'), width: 110 },
          {
            key: 'tenantName',
            title: t('scopes.name'),
            render: (row) => (row.scope === BASE ? t('base') : row.tenantName),
          },
          {
            key: 'version',
            title: t('scopes.version'),
            width: 140,
            render: (row) => <Version version={row.version} />,
          },
          { key: 'pins', title: t('scopes.pins'), width: 110, align: 'right' },
        ]}
        actions={[
          {
            key: 'open',
            label: t('scopes.open'),
            onClick: (row) => onOpen(row.scope),
            disabled: (row) => row.scope === selected,
          },
        ]}
        actionsWidth={90}
      />
    </Section>
  );
}

/** One scope's entries: URL, whether it is pinned here, where a tenant differs from base (and base's URL). */
export function EntriesTable({
  scopeName,
  isBase,
  version,
  rows,
  loading,
  onPin,
  onUnpin,
}: {
  scopeName: string;
  isBase: boolean;
  version: string;
  rows: readonly EntryRow[];
  loading: boolean;
  onPin: (specifier: string) => void;
  onUnpin: (specifier: string) => void;
}) {
  const { t } = useTexts(NS);
  const differing = differingCount(rows);
  return (
    <Section
      heading={t('entries.heading', { scope: scopeName })}
      tools={
        <Button variant="primary" size="small" disabled={loading || !version} onClick={() => onPin('')}>
          {t('entries.pin')}
        </Button>
      }
    >
      <p className="ops-app-versions__note">
        {version && <span>{t('entries.version', { version: shortVersion(version) })}</span>}
        {!isBase && !loading && (
          <span>{differing > 0 ? t('entries.differing', { count: differing }) : t('entries.same')}</span>
        )}
      </p>
      <DataTable<EntryRow>
        caption={t('entries.caption', { scope: scopeName })}
        rows={rows}
        rowKey={(row) => row.specifier}
        rowLabel={(row) => row.specifier}
        loading={loading}
        emptyText={t('entries.empty')}
        columns={[
          {
            key: 'specifier',
            title: t('entries.specifier'),
            width: '24%',
            render: (row) => <code>{row.specifier}</code>,
          },
          {
            key: 'url',
            title: t('entries.url'),
            render: (row) => (
              <>
                <span className="ops-app-versions__url">{row.url}</span>
                {row.differs && (
                  <span className="ops-app-versions__base">
                    {row.base === null ? t('entries.baseMissing') : t('entries.baseUrl', { url: row.base })}
                  </span>
                )}
              </>
            ),
          },
          {
            key: 'state',
            title: t('entries.state'),
            width: 150,
            render: (row) => (
              <span className="ops-app-versions__marks">
                {row.differs && (
                  <span className="ops-app-versions__mark ops-app-versions__mark--differs">
                    {t('entries.differs')}
                  </span>
                )}
                {row.pinned && <span className="ops-app-versions__mark">{t('entries.pinned')}</span>}
              </span>
            ),
          },
        ]}
        actions={[
          { key: 'pin', label: t('entries.pin'), onClick: (row) => onPin(row.specifier) },
          {
            key: 'unpin',
            label: t('entries.unpin'),
            danger: true,
            hidden: (row) => !row.pinned,
            onClick: (row) => onUnpin(row.specifier),
          },
        ]}
        actionsWidth={170}
      />
    </Section>
  );
}

/** `from → to` of each entry a change touched. */
export function Diffs({ diffs }: { diffs: readonly Diff[] }) {
  const { t } = useTexts(NS);
  if (diffs.length === 0) return <span className="ops-app-versions__muted">{t('history.noChange')}</span>;
  return (
    <ul className="ops-app-versions__diffs">
      {diffs.map((d) => (
        <li key={d.specifier}>
          <code>{d.specifier}</code>{' '}
          {d.from === null ? (
            <span className="ops-app-versions__muted">{t('history.none')}</span>
          ) : (
            <del className="ops-app-versions__from">{d.from}</del>
          )}
          {' → '}
          {d.to === null ? (
            <span className="ops-app-versions__muted">{t('history.none')}</span>
          ) : (
            <ins className="ops-app-versions__to">{d.to}</ins>
          )}
        </li>
      ))}
    </ul>
  );
}

/** One scope's history, newest first: when, who, what changed (from → to), why; rollback to an older version. */
export function HistoryTable({
  scopeName,
  history,
  current,
  loading,
  onRollback,
}: {
  scopeName: string;
  history: readonly HistoryEntry[];
  current: string;
  loading: boolean;
  /** Roll back to `version`: the scope's state at `at`, or just before the change made then. */
  onRollback: (version: string, at: string, before: boolean) => void;
}) {
  const { t } = useTexts(NS);
  const targets = rollbackTargets(history, current);
  const start = startingVersion(history, current);
  return (
    <Section heading={t('history.heading', { scope: scopeName })}>
      <DataTable<HistoryEntry>
        caption={t('history.caption', { scope: scopeName })}
        rows={history}
        rowKey={(row) => row.id}
        rowLabel={(row) => shortVersion(row.version)}
        loading={loading}
        emptyText={t('history.empty')}
        columns={[
          {
            key: 'at',
            title: t('history.at'),
            width: 160,
            render: (row) => <span className="ops-app-versions__nowrap">{formatAt(row.at)}</span>,
          },
          { key: 'actor', title: t('history.actor'), width: 120 },
          {
            key: 'change',
            title: t('history.change'),
            render: (row) => (
              <>
                <span className="ops-app-versions__kind">
                  {row.change.kind === 'rollback'
                    ? t('history.rolledTo', { version: shortVersion(row.change.toVersion) })
                    : t(`history.kind.${row.change.kind}`)}
                </span>
                <Diffs diffs={diffsOf(row.change)} />
              </>
            ),
          },
          { key: 'reason', title: t('history.reason'), width: '20%' },
          {
            key: 'version',
            title: t('history.version'),
            width: 110,
            render: (row) => (
              <>
                <Version version={row.version} />
                {row.version === current && (
                  <span className="ops-app-versions__mark">{t('history.current')}</span>
                )}
              </>
            ),
          },
        ]}
        actions={[
          {
            key: 'rollback',
            label: t('history.rollback'),
            hidden: (row) => !targets.has(row.version),
            onClick: (row) => onRollback(row.version, row.at, false),
          },
          {
            key: 'rollback-before',
            label: t('history.rollbackBefore'),
            hidden: (row) => start === null || row.previous !== start,
            onClick: (row) => onRollback(start!, row.at, true),
          },
        ]}
        actionsWidth={130}
      />
    </Section>
  );
}
