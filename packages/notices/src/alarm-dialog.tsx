import type { Http } from '@ops/shared';
import {
  type AlarmFilters,
  type AlarmMessage,
  alarmQuery,
  type DictEntry,
  EMPTY_ALARM_FILTERS,
  labelOf,
  SUBJECT_MAX,
  tooLong,
} from '@ops/shared/rules';
import {
  ALARM_TABLE_HEIGHT,
  Button,
  type Column,
  confirm,
  DataTable,
  DIALOG_WIDTH,
  Dialog,
  Form,
  LoadFailed,
  message,
  SelectField,
  TextField,
  useTexts,
} from '@ops/ui';
import { useEffect, useState } from 'react';
import { fetchAlarms, markAllAlarmsRead } from './api';
import { confirmAlarmClose } from './rules';

/**
 * The alarm message dialog (spec §2: 60%; filters businessClassify, subject, status, pushTime; column
 * content; mark all read; table height 525). Closing it with unread records left unmarked asks first
 * (spec §4 Notice). Every server text is rendered as text.
 */
export function AlarmDialog({
  open,
  http,
  classes,
  unread,
  onClose,
  onChanged,
}: {
  open: boolean;
  http: Http;
  /** The businessClassify dictionary. */
  classes: readonly DictEntry[];
  /** Unread alarm messages of the caller (the bus's count). */
  unread: number;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t, lang } = useTexts('notices');
  const [draft, setDraft] = useState<AlarmFilters>(EMPTY_ALARM_FILTERS);
  const [filters, setFilters] = useState<AlarmFilters>(EMPTY_ALARM_FILTERS);
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const [data, setData] = useState<{ records: AlarmMessage[]; total: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const [marking, setMarking] = useState(false);
  const [markedAll, setMarkedAll] = useState(false);

  useEffect(() => {
    if (open) setMarkedAll(false);
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    setFailed(false);
    fetchAlarms(http, alarmQuery(filters, page), controller.signal).then(
      (result) => !controller.signal.aborted && setData(result),
      () => !controller.signal.aborted && setFailed(true),
    );
    return () => controller.abort();
  }, [open, filters, page, attempt, http]);

  const search = () => {
    if (tooLong(draft.subject, SUBJECT_MAX)) {
      message.warning(t('tooLong', { field: t('subject'), max: SUBJECT_MAX }));
      return;
    }
    setPage(1);
    setFilters(draft);
    setAttempt((n) => n + 1);
  };
  const reset = () => {
    setDraft(EMPTY_ALARM_FILTERS);
    setFilters(EMPTY_ALARM_FILTERS);
    setPage(1);
  };
  const markAll = async () => {
    setMarking(true);
    try {
      await markAllAlarmsRead(http, new AbortController().signal);
      setMarkedAll(true);
      message.success(t('allMarked'));
      onChanged();
      setAttempt((n) => n + 1);
    } catch {
      // The console's HTTP client has shown the server's message.
    } finally {
      setMarking(false);
    }
  };
  const requestClose = async () => {
    if (
      confirmAlarmClose(markedAll, unread) &&
      !(await confirm({
        title: t('closeTitle'),
        message: t('closeUnread'),
        confirmText: t('confirmClose'),
        cancelText: t('keepOpen'),
      }))
    )
      return;
    onClose();
  };

  const classOptions = [
    { value: '', label: t('all') },
    ...classes.map((c) => ({ value: c.key, label: labelOf(classes, c.key, lang) })),
  ];
  const statusOptions = [
    { value: '', label: t('all') },
    { value: '0', label: t('unread') },
    { value: '1', label: t('read') },
  ];
  const columns: Column<AlarmMessage>[] = [
    {
      key: 'businessClassify',
      title: t('businessClassify'),
      width: 110,
      render: (m) => labelOf(classes, m.businessClassify, lang),
    },
    { key: 'subject', title: t('subject'), width: '18%' },
    { key: 'content', title: t('content') },
    { key: 'pushTime', title: t('pushTime'), width: 170 },
    {
      key: 'status',
      title: t('status'),
      width: 70,
      render: (m) => (
        <span className={m.status === 1 ? 'ops-notices__read' : 'ops-notices__unread'}>
          {m.status === 1 ? t('read') : t('unread')}
        </span>
      ),
    },
  ];
  return (
    <Dialog
      open={open}
      label={t('alarmDialog')}
      width={DIALOG_WIDTH.alarm}
      onClose={() => void requestClose()}
      footer={
        <Button variant="primary" loading={marking} disabled={unread === 0} onClick={() => void markAll()}>
          {t('markAllRead')}
        </Button>
      }
    >
      <Form label={t('filters')} onSubmit={search} className="ops-notices__filters">
        <SelectField
          label={t('businessClassify')}
          name="ops-notices-alarm-class"
          value={draft.businessClassify}
          options={classOptions}
          onChange={(value) => setDraft((d) => ({ ...d, businessClassify: value }))}
        />
        <TextField
          label={t('subject')}
          name="ops-notices-alarm-subject"
          value={draft.subject}
          onChange={(value) => setDraft((d) => ({ ...d, subject: value }))}
        />
        <SelectField
          label={t('status')}
          name="ops-notices-alarm-status"
          value={draft.status}
          options={statusOptions}
          onChange={(value) => setDraft((d) => ({ ...d, status: value as AlarmFilters['status'] }))}
        />
        <label className="ops-notices__date">
          <span>{t('pushTime')}</span>
          <input
            type="date"
            value={draft.pushTime}
            onChange={(event) => setDraft((d) => ({ ...d, pushTime: event.target.value }))}
          />
        </label>
        <div className="ops-notices__filter-buttons">
          <Button type="submit" variant="primary">
            {t('search')}
          </Button>
          <Button onClick={reset}>{t('reset')}</Button>
        </div>
      </Form>
      {failed ? (
        <LoadFailed
          message={t('loadFailed')}
          retryLabel={t('retry')}
          onRetry={() => setAttempt((n) => n + 1)}
        />
      ) : (
        <DataTable<AlarmMessage>
          caption={t('alarmCaption')}
          columns={columns}
          rows={data?.records ?? []}
          rowKey={(m) => m.id}
          rowLabel={(m) => m.subject}
          loading={data === null}
          emptyText={t('empty')}
          height={ALARM_TABLE_HEIGHT}
          total={data?.total ?? 0}
          page={page}
          onPageChange={setPage}
        />
      )}
    </Dialog>
  );
}
