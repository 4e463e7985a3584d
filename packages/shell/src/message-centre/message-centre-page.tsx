import { bus, envelopeData, type Http, holdStylesheet } from '@ops/shared';
import {
  type AlarmFilters,
  type AlarmMessage,
  alarmQuery,
  type DictEntry,
  EMPTY_ALARM_FILTERS,
  EMPTY_NOTICE_FILTERS,
  labelOf,
  NOTICE_API,
  type Notice,
  type NoticeFilters,
  noticeQuery,
  type Page,
  readAlarmPage,
  readDictionary,
  readNoticePage,
  SUBJECT_MAX,
  safeLink,
  TITLE_MAX,
  tooLong,
} from '@ops/shared/rules';
import {
  Button,
  type Column,
  DataTable,
  Form,
  LoadFailed,
  SelectField,
  TextField,
  useLocation,
} from '@ops/ui';
import { type Load, shown, useLoad, useUnmountSignal } from '@ops/ui/load';
import { type ReactNode, useLayoutEffect, useState } from 'react';
import { type ShellT, useShellText } from '../shared/i18n';
import type { ShellServices } from '../shared/services';
import href from './message-centre.css';
import { type CentreView, centreView, unreadIds } from './rules';
import { CENTRE_TEXTS } from './texts';

type Services = Pick<ShellServices, 'http' | 'notify' | 'navigate'>;

async function dictionary(http: Http, code: string, signal: AbortSignal): Promise<DictEntry[]> {
  return readDictionary(envelopeData(await http.get(NOTICE_API.dictionary, { params: { code }, signal })));
}

/**
 * `/noticeinfo/info?type=&name=` (spec §2): the message centre. With no type (or `notice`) the caller's
 * notices; with a business classification its alarm messages. Filters, 10 a page, mark read (a row, the
 * page, or the whole classification). Every server text is rendered as text. Marking read tells the
 * notices parcel on the bus (`notices:read`), whose bell counts then follow.
 */
export function MessageCentrePage({ services }: { services: Services }) {
  useLayoutEffect(() => holdStylesheet(href), []);
  const { t } = useShellText(CENTRE_TEXTS);
  const { search } = useLocation();
  const view = centreView(search);
  const title = view.name || (view.kind === 'notices' ? t('notices') : view.type);
  return (
    <section className="ops-shell-page ops-message-centre" aria-labelledby="ops-message-centre-title">
      <h1 id="ops-message-centre-title">
        {t('title')}
        <span className="ops-message-centre__sub">{title}</span>
      </h1>
      {view.kind === 'notices' ? (
        <NoticesView services={services} t={t} />
      ) : (
        <MessagesView key={view.type} services={services} t={t} view={view} title={title} />
      )}
    </section>
  );
}

function Failed({ load, retry, t }: { load: Load<unknown>; retry: () => void; t: ShellT }) {
  if (load.state !== 'failed') return null;
  return (
    <LoadFailed
      message={load.reason ? t('loadFailed', { reason: load.reason }) : t('loadFailedPlain')}
      retryLabel={t('retry')}
      onRetry={retry}
    />
  );
}

const statusOptions = (t: ShellT) => [
  { value: '', label: t('all') },
  { value: '0', label: t('unread') },
  { value: '1', label: t('read') },
];

function NoticesView({ services, t }: { services: Services; t: ShellT }) {
  const { http, notify } = services;
  const { lang } = useShellText(CENTRE_TEXTS);
  const signal = useUnmountSignal();
  const [draft, setDraft] = useState<NoticeFilters>(EMPTY_NOTICE_FILTERS);
  const [filters, setFilters] = useState<NoticeFilters>(EMPTY_NOTICE_FILTERS);
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState(false);
  const types = useLoad((s) => dictionary(http, 'notice', s), 'notice', signal);
  const query = noticeQuery(filters, page);
  const list = useLoad(
    async (s): Promise<Page<Notice>> =>
      readNoticePage(envelopeData(await http.get(NOTICE_API.notices, { params: query, signal: s }))),
    JSON.stringify(query),
    signal,
  );
  const typeList = shown(types.load) ?? [];
  const rows = shown(list.load)?.records ?? [];

  const submit = () => {
    if (tooLong(draft.title, TITLE_MAX)) {
      notify.warning(t('tooLong', { field: t('titleField'), max: TITLE_MAX }));
      return;
    }
    setPage(1);
    setFilters(draft);
    list.retry();
  };
  const mark = async (ids: string[]) => {
    if (ids.length === 0) return;
    setBusy(true);
    try {
      await http.post(NOTICE_API.readNotices, { ids: ids.join(',') }, { signal });
      notify.success(t('marked'));
      bus.publish('notices:read', { kind: 'notice' });
      list.retry();
    } catch {
      // The console's HTTP client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  const columns: Column<Notice>[] = [
    { key: 'title', title: t('titleField'), width: '22%' },
    { key: 'content', title: t('content') },
    { key: 'type', title: t('type'), width: 110, render: (n) => labelOf(typeList, n.type, lang) },
    { key: 'releaseTime', title: t('releaseTime'), width: 170 },
    { key: 'isReal', title: t('isReal'), width: 80, render: (n) => <ReadMark read={n.isReal === 1} t={t} /> },
  ];
  const pageUnread = unreadIds(rows, (n) => n.isReal === 0);
  return (
    <>
      <Form label={t('filters')} onSubmit={submit} className="ops-message-centre__filters">
        <TextField
          label={t('titleField')}
          name="ops-message-centre-title"
          value={draft.title}
          onChange={(value) => setDraft((d) => ({ ...d, title: value }))}
        />
        <SelectField
          label={t('type')}
          name="ops-message-centre-type"
          value={draft.type}
          options={[
            { value: '', label: t('all') },
            ...typeList.map((e) => ({ value: e.key, label: labelOf(typeList, e.key, lang) })),
          ]}
          onChange={(value) => setDraft((d) => ({ ...d, type: value }))}
        />
        <SelectField
          label={t('isReal')}
          name="ops-message-centre-read"
          value={draft.isReal}
          options={statusOptions(t)}
          onChange={(value) => setDraft((d) => ({ ...d, isReal: value as NoticeFilters['isReal'] }))}
        />
        <FilterButtons
          t={t}
          onReset={() => {
            setDraft(EMPTY_NOTICE_FILTERS);
            setFilters(EMPTY_NOTICE_FILTERS);
            setPage(1);
          }}
        >
          <Button disabled={pageUnread.length === 0} loading={busy} onClick={() => void mark(pageUnread)}>
            {t('markPageRead')}
          </Button>
        </FilterButtons>
      </Form>
      <Failed load={list.load} retry={list.retry} t={t} />
      {list.load.state !== 'failed' && (
        <DataTable<Notice>
          caption={t('noticesCaption')}
          columns={columns}
          rows={rows}
          rowKey={(n) => n.id}
          rowLabel={(n) => n.title}
          loading={list.load.state === 'loading'}
          emptyText={t('empty')}
          total={shown(list.load)?.total ?? 0}
          page={page}
          onPageChange={setPage}
          actionsTitle={t('actions')}
          actionsWidth={120}
          actions={[
            {
              key: 'read',
              label: t('markRead'),
              onClick: (n) => void mark([n.id]),
              hidden: (n) => n.isReal === 1,
              disabled: () => busy,
            },
          ]}
        />
      )}
    </>
  );
}

function MessagesView({
  services,
  t,
  view,
  title,
}: {
  services: Services;
  t: ShellT;
  view: CentreView;
  title: string;
}) {
  const { http, notify, navigate } = services;
  const signal = useUnmountSignal();
  const initial: AlarmFilters = { ...EMPTY_ALARM_FILTERS, businessClassify: view.type, status: '' };
  const [draft, setDraft] = useState<AlarmFilters>(initial);
  const [filters, setFilters] = useState<AlarmFilters>(initial);
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState(false);
  const query = alarmQuery(filters, page);
  const list = useLoad(
    async (s): Promise<Page<AlarmMessage>> =>
      readAlarmPage(envelopeData(await http.get(NOTICE_API.alarms, { params: query, signal: s }))),
    JSON.stringify(query),
    signal,
  );
  const rows = shown(list.load)?.records ?? [];

  const submit = () => {
    if (tooLong(draft.subject, SUBJECT_MAX)) {
      notify.warning(t('tooLong', { field: t('subject'), max: SUBJECT_MAX }));
      return;
    }
    setPage(1);
    setFilters({ ...draft, businessClassify: view.type });
    list.retry();
  };
  const mark = async (body: { ids?: string; businessClassify?: string }) => {
    setBusy(true);
    try {
      await http.post(NOTICE_API.readAlarms, body, { signal });
      notify.success(t('marked'));
      bus.publish('notices:read', { kind: 'message' });
      list.retry();
    } catch {
      // The console's HTTP client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  const columns: Column<AlarmMessage>[] = [
    { key: 'subject', title: t('subject'), width: '20%' },
    { key: 'content', title: t('content') },
    { key: 'pushTime', title: t('pushTime'), width: 170 },
    { key: 'status', title: t('status'), width: 80, render: (m) => <ReadMark read={m.status === 1} t={t} /> },
  ];
  return (
    <>
      <Form label={t('filters')} onSubmit={submit} className="ops-message-centre__filters">
        <TextField
          label={t('subject')}
          name="ops-message-centre-subject"
          value={draft.subject}
          onChange={(value) => setDraft((d) => ({ ...d, subject: value }))}
        />
        <SelectField
          label={t('status')}
          name="ops-message-centre-status"
          value={draft.status}
          options={statusOptions(t)}
          onChange={(value) => setDraft((d) => ({ ...d, status: value as AlarmFilters['status'] }))}
        />
        <FilterButtons
          t={t}
          onReset={() => {
            setDraft(initial);
            setFilters(initial);
            setPage(1);
          }}
        >
          <Button
            loading={busy}
            disabled={unreadIds(rows, (m) => m.status === 0).length === 0}
            onClick={() => void mark({ businessClassify: view.type })}
          >
            {t('markAllRead')}
          </Button>
        </FilterButtons>
      </Form>
      <Failed load={list.load} retry={list.retry} t={t} />
      {list.load.state !== 'failed' && (
        <DataTable<AlarmMessage>
          caption={t('messagesCaption', { name: title })}
          columns={columns}
          rows={rows}
          rowKey={(m) => m.id}
          rowLabel={(m) => m.subject}
          loading={list.load.state === 'loading'}
          emptyText={t('empty')}
          total={shown(list.load)?.total ?? 0}
          page={page}
          onPageChange={setPage}
          actionsTitle={t('actions')}
          actionsWidth={160}
          actions={[
            {
              key: 'read',
              label: t('markRead'),
              onClick: (m) => void mark({ ids: m.id }),
              hidden: (m) => m.status === 1,
              disabled: () => busy,
            },
            {
              key: 'open',
              label: t('open'),
              onClick: (m) => navigate(m.link),
              hidden: (m) => safeLink(m.link) === '',
            },
          ]}
        />
      )}
    </>
  );
}

function ReadMark({ read, t }: { read: boolean; t: ShellT }) {
  return (
    <span className={read ? 'ops-message-centre__read' : 'ops-message-centre__unread'}>
      {read ? t('read') : t('unread')}
    </span>
  );
}

/** The filter row's buttons of both lists: search (the form's submit), reset, then the list's own. */
function FilterButtons({ t, onReset, children }: { t: ShellT; onReset(): void; children: ReactNode }) {
  return (
    <div className="ops-message-centre__buttons">
      <Button type="submit" variant="primary">
        {t('search')}
      </Button>
      <Button onClick={onReset}>{t('reset')}</Button>
      {children}
    </div>
  );
}
