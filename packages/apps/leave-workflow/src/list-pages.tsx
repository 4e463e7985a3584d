import type { HostProps } from '@ops/shared';
import { type Column, DataTable, type RowAction, useTexts } from '@ops/ui';
import { useLoad } from '@ops/ui/load';
import { useState } from 'react';
import { fetchDone, fetchSent, fetchTodo, type LeaveRequest, PAGE_SIZE, type Page, type Task } from './api';
import { Failed, PageFrame } from './common';
import { detailPath, handlePath } from './pages';
import { NS } from './texts';

type Props = Pick<HostProps, 'http' | 'signal' | 'navigate'>;

/** One server-paged list: a table with its loading, empty and failed states. */
function PagedTable<T>({
  caption,
  emptyText,
  failedText,
  columns,
  actions,
  rowKey,
  rowLabel,
  fetchPage,
  signal,
}: {
  caption: string;
  emptyText: string;
  failedText: string;
  columns: Column<T>[];
  actions: RowAction<T>[];
  rowKey: (row: T) => string;
  rowLabel: (row: T) => string;
  fetchPage: (current: number, signal: AbortSignal) => Promise<Page<T>>;
  signal: AbortSignal;
}) {
  const [current, setCurrent] = useState(1);
  const { load, retry: reload } = useLoad((s) => fetchPage(current, s), String(current), signal);
  if (load.state === 'failed') return <Failed text={failedText} onRetry={reload} />;
  const page = load.state === 'done' ? load.data : null;
  return (
    <DataTable<T>
      caption={caption}
      columns={columns}
      rows={page?.records ?? []}
      rowKey={rowKey}
      rowLabel={rowLabel}
      actions={actions}
      loading={load.state === 'loading'}
      emptyText={emptyText}
      pageSize={PAGE_SIZE}
      total={page?.total ?? 0}
      page={current}
      onPageChange={setCurrent}
    />
  );
}

/** The leave a row is about: its type and its period. */
type Leave = Pick<Task, 'leaveType' | 'startTime' | 'endTime'>;

/** The lists' shared labels and columns. */
function useLabels() {
  const { t } = useTexts(NS);
  const leaveType = (type: string) => t(`leaveType.${type}`, { defaultValue: type });
  const status = (status: string) => t(`status.${status}`, { defaultValue: status });
  const period = (row: Leave) => `${row.startTime} ~ ${row.endTime}`;
  /** What every list tells of a request first: its type and its period. */
  const leaveColumns = <R extends Leave>(): Column<R>[] => [
    { key: 'leaveType', title: t('column.leaveType'), render: (row) => leaveType(row.leaveType) },
    { key: 'period', title: t('column.period'), render: period },
  ];
  return {
    t,
    status,
    leaveColumns,
    /** A task's first columns: who asks, then the request. */
    taskColumns: [{ key: 'applicantName', title: t('column.applicant') }, ...leaveColumns<Task>()],
    /** A task's row, named for its buttons: who, what and from when. */
    taskLabel: (row: Task) => `${row.applicantName} ${leaveType(row.leaveType)} ${row.startTime}`,
    sentLabel: (row: LeaveRequest) => `${leaveType(row.leaveType)} ${row.startTime}`,
  };
}

/** My to-dos: the tasks assigned to me; Handle opens the handle route of the task. */
export function TodoPage({ http, signal, navigate }: Props) {
  const { t, taskColumns, taskLabel } = useLabels();
  const columns: Column<Task>[] = [
    ...taskColumns,
    { key: 'reason', title: t('column.reason') },
    { key: 'createTime', title: t('column.arrived') },
  ];
  return (
    <PageFrame id="ops-leave-todo-title" title={t('todo.title')}>
      <PagedTable<Task>
        caption={t('todo.caption')}
        emptyText={t('todo.empty')}
        failedText={t('todo.failed')}
        columns={columns}
        actions={[{ key: 'handle', label: t('todo.handle'), onClick: (row) => navigate(handlePath(row)) }]}
        rowKey={(row) => row.taskId}
        rowLabel={taskLabel}
        fetchPage={(current, s) => fetchTodo(http, current, s)}
        signal={signal}
      />
    </PageFrame>
  );
}

/** Done: my own requests and the tasks I handled, each opening the request's detail. */
export function DonePage({ http, signal, navigate }: Props) {
  const { t, status, leaveColumns, taskColumns, taskLabel, sentLabel } = useLabels();
  const sentColumns: Column<LeaveRequest>[] = [
    ...leaveColumns<LeaveRequest>(),
    { key: 'reason', title: t('column.reason') },
    { key: 'approverName', title: t('column.approver') },
    { key: 'applyTime', title: t('column.applyTime') },
    { key: 'status', title: t('column.status'), render: (row) => status(row.status) },
  ];
  const handledColumns: Column<Task>[] = [
    ...taskColumns,
    { key: 'flag', title: t('column.decision'), render: (row) => (row.flag ? t(`action.${row.flag}`) : '') },
    { key: 'comment', title: t('column.comment') },
    { key: 'handleTime', title: t('column.handleTime') },
  ];
  return (
    <PageFrame id="ops-leave-done-title" title={t('done.title')}>
      <h2 id="ops-leave-sent-title">{t('done.sent')}</h2>
      <PagedTable<LeaveRequest>
        caption={t('done.sent')}
        emptyText={t('done.sentEmpty')}
        failedText={t('done.failed')}
        columns={sentColumns}
        actions={[{ key: 'view', label: t('done.view'), onClick: (row) => navigate(detailPath(row)) }]}
        rowKey={(row) => row.businessId}
        rowLabel={sentLabel}
        fetchPage={(current, s) => fetchSent(http, current, s)}
        signal={signal}
      />
      <h2 id="ops-leave-handled-title">{t('done.handled')}</h2>
      <PagedTable<Task>
        caption={t('done.handled')}
        emptyText={t('done.handledEmpty')}
        failedText={t('done.failed')}
        columns={handledColumns}
        actions={[{ key: 'view', label: t('done.view'), onClick: (row) => navigate(detailPath(row)) }]}
        rowKey={(row) => row.taskId}
        rowLabel={taskLabel}
        fetchPage={(current, s) => fetchDone(http, current, s)}
        signal={signal}
      />
    </PageFrame>
  );
}
