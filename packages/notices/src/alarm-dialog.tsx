import type { Http } from '@ops/shared';
import { alarmQuery, type DictEntry, EMPTY_ALARM_FILTERS, fetchAlarms } from '@ops/shared/rules';
import { ALARM_TABLE_HEIGHT, Button, DIALOG_WIDTH, Dialog, message, useTexts } from '@ops/ui';
import { useUnmountSignal } from '@ops/ui/load';
import { AlarmFilterForm, AlarmTable, useMarkRead, useNoticeList } from '@ops/ui/notices';
import { useEffect, useState } from 'react';

/**
 * The alarm message dialog (spec §2: 60%; filters businessClassify, subject, status, pushTime; column
 * content; mark all read; table height 525). A request to close tells whether all were marked read since
 * it opened (closing with unread left asks first: notices.tsx). Every server text is rendered as text.
 */
export function AlarmDialog({
  open,
  openings,
  http,
  classes,
  unread,
  onClose,
  onChanged,
  returnFocus,
}: {
  open: boolean;
  /** How many times it has opened: its list loads again with each opening. */
  openings: number;
  http: Http;
  /** The businessClassify dictionary. */
  classes: readonly DictEntry[];
  /** Unread alarm messages of the caller (the bus's count). */
  unread: number;
  /** Asked to close (close button, Esc): `markedAll`, every record was marked read since it opened. */
  onClose: (markedAll: boolean) => void;
  onChanged: () => void;
  /** Where the focus goes after closing (the bell): the popover entry that opened it has gone. */
  returnFocus: () => HTMLElement | null;
}) {
  const { t, lang } = useTexts('notices');
  const texts = { t, lang, failed: () => t('loadFailed') };
  const signal = useUnmountSignal();
  const list = useNoticeList(
    EMPTY_ALARM_FILTERS,
    alarmQuery,
    (query, s) => fetchAlarms(http, query, s),
    signal,
    openings,
  );
  const [markedAll, setMarkedAll] = useState(false);
  const markAll = useMarkRead(
    http,
    () => {
      setMarkedAll(true);
      message.success(t('allMarked'));
      onChanged();
      list.retry();
    },
    signal,
  );

  useEffect(() => {
    if (open) setMarkedAll(false);
  }, [open]);

  return (
    <Dialog
      open={open}
      label={t('alarmDialog')}
      width={DIALOG_WIDTH.alarm}
      onClose={() => onClose(markedAll)}
      returnFocus={returnFocus}
      footer={
        <Button
          variant="primary"
          loading={markAll.busy}
          disabled={unread === 0}
          onClick={() => void markAll.run({ kind: 'message' })}
        >
          {t('markAllRead')}
        </Button>
      }
    >
      <AlarmFilterForm
        texts={texts}
        list={list}
        name="ops-notices-alarm"
        classes={classes}
        withDate
        warn={(text) => message.warning(text)}
      />
      <AlarmTable
        texts={texts}
        caption={t('alarmCaption')}
        list={list}
        classes={classes}
        height={ALARM_TABLE_HEIGHT}
      />
    </Dialog>
  );
}
