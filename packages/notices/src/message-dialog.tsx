import type { Http } from '@ops/shared';
import { type DictEntry, EMPTY_NOTICE_FILTERS, labelOf, type Notice, noticeQuery } from '@ops/shared/rules';
import { type Column, DataTable, DIALOG_WIDTH, Dialog, LoadFailed, useTexts } from '@ops/ui';
import { useEffect, useState } from 'react';
import { fetchNotices, markNoticesRead } from './api';

/**
 * The message dialog (spec §2: 70%; title, content, type, releaseTime, isReal; mark read): the caller's
 * notices, 10 a page, unread first shown as such. Every server text is rendered as text.
 */
export function MessageDialog({
  open,
  http,
  types,
  onClose,
  onChanged,
}: {
  open: boolean;
  http: Http;
  /** The `notice` dictionary (type names). */
  types: readonly DictEntry[];
  onClose: () => void;
  /** A notice was marked read: the unread counts are stale. */
  onChanged: () => void;
}) {
  const { t, lang } = useTexts('notices');
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const [data, setData] = useState<{ records: Notice[]; total: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    setFailed(false);
    fetchNotices(http, noticeQuery(EMPTY_NOTICE_FILTERS, page), controller.signal).then(
      (result) => !controller.signal.aborted && setData(result),
      () => !controller.signal.aborted && setFailed(true),
    );
    return () => controller.abort();
  }, [open, page, attempt, http]);

  const markRead = async (notice: Notice) => {
    setBusy(notice.id);
    try {
      await markNoticesRead(http, [notice.id], new AbortController().signal);
      onChanged();
      setAttempt((n) => n + 1);
    } catch {
      // The console's HTTP client has shown the server's message.
    } finally {
      setBusy(null);
    }
  };

  const columns: Column<Notice>[] = [
    { key: 'title', title: t('title'), width: '20%' },
    { key: 'content', title: t('content') },
    { key: 'type', title: t('type'), width: 110, render: (n) => labelOf(types, n.type, lang) },
    { key: 'releaseTime', title: t('releaseTime'), width: 170 },
    {
      key: 'isReal',
      title: t('isReal'),
      width: 80,
      render: (n) => (
        <span className={n.isReal === 1 ? 'ops-notices__read' : 'ops-notices__unread'}>
          {n.isReal === 1 ? t('read') : t('unread')}
        </span>
      ),
    },
  ];
  return (
    <Dialog open={open} label={t('messageDialog')} width={DIALOG_WIDTH.message} onClose={onClose}>
      {failed ? (
        <LoadFailed
          message={t('loadFailed')}
          retryLabel={t('retry')}
          onRetry={() => setAttempt((n) => n + 1)}
        />
      ) : (
        <DataTable<Notice>
          caption={t('messageCaption')}
          columns={columns}
          rows={data?.records ?? []}
          rowKey={(n) => n.id}
          rowLabel={(n) => n.title}
          loading={data === null}
          emptyText={t('empty')}
          total={data?.total ?? 0}
          page={page}
          onPageChange={setPage}
          actionsTitle={t('actions')}
          actionsWidth={120}
          actions={[
            {
              key: 'read',
              label: t('markRead'),
              onClick: (n) => void markRead(n),
              hidden: (n) => n.isReal === 1,
              disabled: (n) => busy === n.id,
            },
          ]}
        />
      )}
    </Dialog>
  );
}
