import type { HostProps } from '@ops/shared';
import { type Column, DataTable, DEFAULT_PAGE_SIZE, useTexts } from '@ops/ui';
import { useLoad } from '@ops/ui/load';
import { useState } from 'react';
import { type Alarm, fetchPage, readAlarm, URLS } from './api';
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
