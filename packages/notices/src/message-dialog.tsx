import type { Http } from '@ops/shared';
import { type DictEntry, EMPTY_NOTICE_FILTERS, fetchNotices, noticeQuery } from '@ops/shared/rules';
import { DIALOG_WIDTH, Dialog, useTexts } from '@ops/ui';
import { useUnmountSignal } from '@ops/ui/load';
import { NoticeTable, useMarkRead, useNoticeList } from '@ops/ui/notices';

/**
 * The message dialog (spec §2: 70%; title, content, type, releaseTime, isReal; mark read): the caller's
 * notices, 10 a page, loaded again with each opening. Every server text is rendered as text.
 */
export function MessageDialog({
  open,
  openings,
  http,
  types,
  onClose,
  onChanged,
  returnFocus,
}: {
  open: boolean;
  /** How many times it has opened: its list loads again with each opening. */
  openings: number;
  http: Http;
  /** The `notice` dictionary (type names). */
  types: readonly DictEntry[];
  onClose: () => void;
  /** A notice was marked read: the unread counts are stale. */
  onChanged: () => void;
  /** Where the focus goes after closing (the bell): the popover entry that opened it has gone. */
  returnFocus: () => HTMLElement | null;
}) {
  const { t, lang } = useTexts('notices');
  const texts = { t, lang, failed: () => t('loadFailed') };
  const signal = useUnmountSignal();
  const list = useNoticeList(
    EMPTY_NOTICE_FILTERS,
    noticeQuery,
    (query, s) => fetchNotices(http, query, s),
    signal,
    openings,
  );
  const mark = useMarkRead(
    http,
    () => {
      onChanged();
      list.retry();
    },
    signal,
  );
  return (
    <Dialog
      open={open}
      label={t('messageDialog')}
      width={DIALOG_WIDTH.message}
      onClose={onClose}
      returnFocus={returnFocus}
    >
      <NoticeTable
        texts={texts}
        caption={t('messageCaption')}
        list={list}
        types={types}
        titleWidth="20%"
        mark={mark}
      />
    </Dialog>
  );
}
