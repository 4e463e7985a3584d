import { holdStylesheet } from '@ops/shared';
import {
  type AlarmMessage,
  type DictEntry,
  labelOf,
  type Notice,
  type ReadTarget,
  safeLink,
} from '@ops/shared/rules';
import { type Column, DataTable, LoadFailed, type RowAction } from '@ops/ui';
import { shown } from '@ops/ui/load';
import { useLayoutEffect } from 'react';
import href from './notices.css';
import type { MarkRead } from './use-mark-read';
import type { ListPage } from './use-notice-list';

/**
 * The texts the lists and their filters read from the caller's own namespace: the message centre and the
 * notices parcel each keep their wording (a filter row's name, "push time" or "push date").
 */
export type NoticeTextKey =
  | 'titleField'
  | 'content'
  | 'type'
  | 'releaseTime'
  | 'isReal'
  | 'businessClassify'
  | 'subject'
  | 'pushTime'
  | 'status'
  | 'read'
  | 'unread'
  | 'markRead'
  | 'open'
  | 'actions'
  | 'empty'
  | 'retry'
  | 'filters'
  | 'all'
  | 'search'
  | 'reset'
  | 'tooLong';
export type NoticeT = (key: NoticeTextKey, params?: Record<string, unknown>) => string;

/** The caller's texts: its translator (the keys above), its language, and its failed state's wording. */
export interface NoticeTexts {
  t: NoticeT;
  lang: string;
  /** The failed state's message for the server's reason ('' when it gave none). */
  failed: (reason: string) => string;
}

/** Holds the lists' stylesheet while a list or its filters show. */
export function useNoticeStyles() {
  useLayoutEffect(() => holdStylesheet(href), []);
}

/** A row's read state, as text (unread in the danger colour). */
export function ReadMark({ read, t }: { read: boolean; t: NoticeT }) {
  return (
    <span className={read ? 'ops-notice-list__read' : 'ops-notice-list__unread'}>
      {read ? t('read') : t('unread')}
    </span>
  );
}

export interface ListProps<T> {
  texts: NoticeTexts;
  /** The table's accessible name. */
  caption: string;
  /** The list (useNoticeList): its page's load, and the page. */
  list: ListPage<T>;
}

/** A page of a list, 10 a page, or its failed state with Retry. Every server text is rendered as text. */
function ListTable<T extends { id: string }>({
  texts: { t, failed },
  caption,
  list,
  columns,
  rowLabel,
  actions = [],
  height,
}: ListProps<T> & {
  columns: Column<T>[];
  rowLabel: (row: T) => string;
  actions?: RowAction<T>[];
  height?: number;
}) {
  useNoticeStyles();
  const { load, retry, page, setPage } = list;
  if (load.state === 'failed')
    return <LoadFailed message={failed(load.reason)} retryLabel={t('retry')} onRetry={retry} />;
  return (
    <DataTable<T>
      caption={caption}
      columns={columns}
      rows={shown(load)?.records ?? []}
      rowKey={(row) => row.id}
      rowLabel={rowLabel}
      loading={load.state === 'loading'}
      emptyText={t('empty')}
      height={height}
      total={shown(load)?.total ?? 0}
      page={page}
      onPageChange={setPage}
      actionsTitle={t('actions')}
      actionsWidth={actions.length > 1 ? 160 : 120}
      actions={actions}
    />
  );
}

/** A row's "mark read" button: hidden once read, every row's waits while one call is out. */
function readAction<T>(
  t: NoticeT,
  mark: MarkRead,
  target: (row: T) => ReadTarget,
  read: (row: T) => boolean,
): RowAction<T> {
  return {
    key: 'read',
    label: t('markRead'),
    onClick: (row) => void mark.run(target(row)),
    hidden: read,
    disabled: () => mark.busy,
  };
}

/** Notices: title, content, type, release time, read state; a row's mark read. */
export function NoticeTable({
  types,
  titleWidth,
  mark,
  ...props
}: ListProps<Notice> & {
  /** The `notice` dictionary (type names). */
  types: readonly DictEntry[];
  titleWidth: string;
  mark: MarkRead;
}) {
  const { t, lang } = props.texts;
  const columns: Column<Notice>[] = [
    { key: 'title', title: t('titleField'), width: titleWidth },
    { key: 'content', title: t('content') },
    { key: 'type', title: t('type'), width: 110, render: (n) => labelOf(types, n.type, lang) },
    { key: 'releaseTime', title: t('releaseTime'), width: 170 },
    { key: 'isReal', title: t('isReal'), width: 80, render: (n) => <ReadMark read={n.isReal === 1} t={t} /> },
  ];
  return (
    <ListTable<Notice>
      {...props}
      columns={columns}
      rowLabel={(n) => n.title}
      actions={[
        readAction(
          t,
          mark,
          (n) => ({ kind: 'notice', ids: [n.id] }),
          (n) => n.isReal === 1,
        ),
      ]}
    />
  );
}

/**
 * Alarm messages: subject, content, push time, read state. Over every classification (`classes` given)
 * the classification leads, its room taken from the subject's and the status's. Row actions when given:
 * mark read, and open the message's page.
 */
export function AlarmTable({
  classes,
  mark,
  onOpen,
  height,
  ...props
}: ListProps<AlarmMessage> & {
  /** The businessClassify dictionary, for a list over every classification. */
  classes?: readonly DictEntry[];
  mark?: MarkRead;
  onOpen?: (link: string) => void;
  height?: number;
}) {
  const { t, lang } = props.texts;
  const classColumn: Column<AlarmMessage>[] = classes
    ? [
        {
          key: 'businessClassify',
          title: t('businessClassify'),
          width: 110,
          render: (m) => labelOf(classes, m.businessClassify, lang),
        },
      ]
    : [];
  const columns: Column<AlarmMessage>[] = [
    ...classColumn,
    { key: 'subject', title: t('subject'), width: classes ? '18%' : '20%' },
    { key: 'content', title: t('content') },
    { key: 'pushTime', title: t('pushTime'), width: 170 },
    {
      key: 'status',
      title: t('status'),
      width: classes ? 70 : 80,
      render: (m) => <ReadMark read={m.status === 1} t={t} />,
    },
  ];
  const actions: RowAction<AlarmMessage>[] = [];
  if (mark)
    actions.push(
      readAction(
        t,
        mark,
        (m) => ({ kind: 'message', ids: [m.id] }),
        (m) => m.status === 1,
      ),
    );
  if (onOpen)
    actions.push({
      key: 'open',
      label: t('open'),
      onClick: (m) => onOpen(m.link),
      hidden: (m) => safeLink(m.link) === '',
    });
  return (
    <ListTable<AlarmMessage>
      {...props}
      columns={columns}
      rowLabel={(m) => m.subject}
      actions={actions}
      height={height}
    />
  );
}
