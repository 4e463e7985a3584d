import type { Http } from '@ops/shared';
import { Button, type Column, DataTable, DEFAULT_PAGE_SIZE, Dialog, useTexts } from '@ops/ui';
import { shown, useLoad } from '@ops/ui/load';
import { useState } from 'react';
import { getData, parsePage } from '../api';
import type { PageProps } from '../page-props';
import { ErrorState, Loading, PageFrame } from '../parts';
import { NS } from '../texts';
import { detailFields, LOG_URLS, LONG_FIELDS, type LogKind, type LogRow, readLogRow } from './log-fields';
import './texts';

/** The list columns of each log (the detail shows every field). */
const COLUMNS: Record<LogKind, { key: string; width?: number }[]> = {
  usual: [
    { key: 'title' },
    { key: 'logLevel', width: 80 },
    { key: 'requestUri' },
    { key: 'remoteIp', width: 130 },
    { key: 'createBy', width: 100 },
    { key: 'time', width: 170 },
  ],
  api: [
    { key: 'title' },
    { key: 'method', width: 90 },
    { key: 'requestUri' },
    { key: 'remoteIp', width: 130 },
    { key: 'createBy', width: 100 },
    { key: 'time', width: 170 },
  ],
  error: [
    { key: 'type', width: 140 },
    { key: 'message' },
    { key: 'url' },
    { key: 'createBy', width: 100 },
    { key: 'time', width: 170 },
  ],
};

/** One of the tenant's logs: 10 records a page, each record's every field in its detail. */
function LogsPage({ kind, http, signal }: Pick<PageProps, 'http' | 'signal'> & { kind: LogKind }) {
  const { t } = useTexts(NS);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<LogRow | null>(null);
  const query = { current: page, size: DEFAULT_PAGE_SIZE };
  const { load, retry } = useLoad(
    async (s) => parsePage(await getData(http, LOG_URLS.list(kind), query, s), readLogRow),
    JSON.stringify(query),
    signal,
  );
  const list = shown(load);
  const columns: Column<LogRow>[] = COLUMNS[kind].map(({ key, width }) => ({
    key,
    width,
    title: t(`logs.fields.${key}`),
    render: (row) => (
      <span className={key === 'time' ? 'ops-sys-nowrap' : 'ops-sys-logs__cell'}>{row[key]}</span>
    ),
  }));
  const label = (row: LogRow) => row[kind === 'error' ? 'message' : 'title'] || row.id;
  return (
    <PageFrame id={`ops-sys-logs-${kind}`} heading={t(`logs.${kind}.heading`)}>
      {load.state === 'failed' ? (
        <ErrorState reason={load.reason} onRetry={retry} />
      ) : (
        <DataTable<LogRow>
          caption={t(`logs.${kind}.caption`)}
          columns={columns}
          rows={list?.records ?? []}
          rowKey={(row) => row.id}
          rowLabel={label}
          actions={[{ key: 'details', label: t('logs.details'), onClick: setOpen }]}
          actionsWidth={80}
          loading={load.state === 'loading'}
          emptyText={t('logs.empty')}
          total={list?.total ?? 0}
          page={page}
          onPageChange={setPage}
        />
      )}
      {open && (
        <LogDetail kind={kind} id={open.id} http={http} signal={signal} onClose={() => setOpen(null)} />
      )}
    </PageFrame>
  );
}

/** A record's every field (`.../detail?id`); long texts (the stack) preformatted and scrolling. */
function LogDetail({
  kind,
  id,
  http,
  signal,
  onClose,
}: {
  kind: LogKind;
  id: string;
  http: Http;
  signal: AbortSignal;
  onClose: () => void;
}) {
  const { t } = useTexts(NS);
  const { load, retry } = useLoad(
    async (s) => detailFields(kind, await getData(http, LOG_URLS.detail(kind), { id }, s)),
    `${kind}:${id}`,
    signal,
  );
  const name = (field: string) => t(`logs.fields.${field}`, { defaultValue: field });
  return (
    <Dialog
      open
      label={t('logs.detailTitle')}
      width="760px"
      onClose={onClose}
      footer={<Button onClick={onClose}>{t('close')}</Button>}
    >
      {load.state === 'failed' ? (
        <ErrorState reason={load.reason} onRetry={retry} />
      ) : load.state === 'loading' ? (
        <Loading />
      ) : (
        <dl className="ops-sys-logs__detail">
          {load.data.map(([field, value]) => (
            <div key={field} className="ops-sys-logs__field">
              <dt>{name(field)}</dt>
              <dd>
                {LONG_FIELDS.has(field) && value ? (
                  // React escapes the text. A named region: scrolling, so reachable by keyboard.
                  <section className="ops-sys-logs__scroll" aria-label={name(field)}>
                    {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling area must take the keyboard's focus to scroll (WCAG 2.1.1). */}
                    <pre className="ops-sys-logs__pre" tabIndex={0}>
                      {value}
                    </pre>
                  </section>
                ) : (
                  value
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </Dialog>
  );
}

export const UsualLogsPage = (props: PageProps) => <LogsPage kind="usual" {...props} />;
export const ApiLogsPage = (props: PageProps) => <LogsPage kind="api" {...props} />;
export const ErrorLogsPage = (props: PageProps) => <LogsPage kind="error" {...props} />;
