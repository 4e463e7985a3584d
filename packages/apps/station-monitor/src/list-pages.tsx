import type { HostProps } from '@ops/shared';
import { type Column, DataTable, DEFAULT_PAGE_SIZE, useTexts } from '@ops/ui';
import { useLoad } from '@ops/ui/load';
import { useState } from 'react';
import {
  type Alarm,
  type ErrorLog,
  fetchPage,
  readAlarm,
  readErrorLog,
  readUsualLog,
  URLS,
  type UsualLog,
} from './api';
import { ErrorState, PageFrame } from './parts';
import { NS } from './texts';

type Host = Pick<HostProps, 'http' | 'signal'>;

/** A time text kept on one line. */
const Time = ({ text }: { text: string }) => <span className="ops-sm-nowrap">{text}</span>;

interface ListProps<T> extends Host {
  id: string;
  heading: string;
  caption: string;
  url: string;
  params?: Record<string, string>;
  read: (record: Record<string, unknown>) => T;
  columns: Column<T>[];
  rowLabel: (row: T) => string;
  emptyText: string;
}

/** A read-only table of a paged server list (10 a page). */
function ListPage<T extends { id: string }>({
  http,
  signal,
  id,
  heading,
  caption,
  url,
  params,
  read,
  columns,
  rowLabel,
  emptyText,
}: ListProps<T>) {
  const [page, setPage] = useState(1);
  const query = { ...params, current: page, size: DEFAULT_PAGE_SIZE };
  const { load, retry } = useLoad((s) => fetchPage(http, url, query, read, s), JSON.stringify(query), signal);
  const shown = load.state === 'done' ? load.data : load.state === 'loading' ? load.previous : undefined;
  return (
    <PageFrame id={id} heading={heading}>
      {load.state === 'failed' ? (
        <ErrorState reason={load.reason} onRetry={retry} />
      ) : (
        <DataTable<T>
          caption={caption}
          columns={columns}
          rows={shown?.records ?? []}
          rowKey={(row) => row.id}
          rowLabel={rowLabel}
          loading={load.state === 'loading'}
          emptyText={emptyText}
          total={shown?.total ?? 0}
          page={page}
          onPageChange={setPage}
        />
      )}
    </PageFrame>
  );
}

/** The caller's alarm messages (the message centre's `alarm` classification), newest first. */
export function AlarmsPage(host: Host) {
  const { t } = useTexts(NS);
  return (
    <ListPage<Alarm>
      {...host}
      id="ops-sm-alarms"
      heading={t('alarms.heading')}
      caption={t('alarms.caption')}
      url={URLS.alarms}
      params={{ businessClassify: 'alarm' }}
      read={readAlarm}
      rowLabel={(a) => a.subject}
      emptyText={t('alarms.empty')}
      columns={[
        { key: 'subject', title: t('alarms.subject'), width: 160 },
        { key: 'content', title: t('alarms.content') },
        {
          key: 'pushTime',
          title: t('alarms.pushTime'),
          width: 170,
          render: (a) => <Time text={a.pushTime} />,
        },
        {
          key: 'status',
          title: t('alarms.status'),
          width: 80,
          render: (a) => (a.status === 1 ? t('alarms.read') : t('alarms.unread')),
        },
      ]}
    />
  );
}

/** The tenant's usual log (administrators). */
export function UsualLogsPage(host: Host) {
  const { t } = useTexts(NS);
  return (
    <ListPage<UsualLog>
      {...host}
      id="ops-sm-usual-logs"
      heading={t('logs.usualHeading')}
      caption={t('logs.usualCaption')}
      url={URLS.usualLogs}
      read={readUsualLog}
      rowLabel={(l) => l.title}
      emptyText={t('logs.empty')}
      columns={[
        { key: 'title', title: t('logs.logTitle') },
        { key: 'method', title: t('logs.method'), width: 80 },
        { key: 'requestUri', title: t('logs.uri') },
        { key: 'remoteIp', title: t('logs.ip'), width: 130 },
        { key: 'createBy', title: t('logs.createBy'), width: 100 },
        { key: 'time', title: t('logs.time'), width: 170, render: (l) => <Time text={l.time} /> },
      ]}
    />
  );
}

/** The tenant's error log: what consoles uploaded from their local error logs (administrators). */
export function ErrorLogsPage(host: Host) {
  const { t } = useTexts(NS);
  return (
    <ListPage<ErrorLog>
      {...host}
      id="ops-sm-error-logs"
      heading={t('logs.errorHeading')}
      caption={t('logs.errorCaption')}
      url={URLS.errorLogs}
      read={readErrorLog}
      rowLabel={(l) => l.message}
      emptyText={t('logs.empty')}
      columns={[
        { key: 'type', title: t('logs.type'), width: 110 },
        { key: 'message', title: t('logs.message') },
        { key: 'url', title: t('logs.url') },
        { key: 'createBy', title: t('logs.createBy'), width: 100 },
        { key: 'time', title: t('logs.time'), width: 170, render: (l) => <Time text={l.time} /> },
      ]}
    />
  );
}
