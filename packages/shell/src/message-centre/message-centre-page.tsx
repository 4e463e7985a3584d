import { bus, holdStylesheet } from '@ops/shared';
import {
  type AlarmFilters,
  alarmQuery,
  EMPTY_ALARM_FILTERS,
  EMPTY_NOTICE_FILTERS,
  fetchAlarms,
  fetchDictionary,
  fetchNotices,
  noticeQuery,
  type ReadTarget,
} from '@ops/shared/rules';
import { Button, useLocation } from '@ops/ui';
import { shown, useLoad, useUnmountSignal } from '@ops/ui/load';
import {
  AlarmFilterForm,
  AlarmTable,
  NoticeFilterForm,
  NoticeTable,
  useMarkRead,
  useNoticeList,
} from '@ops/ui/notices';
import { useLayoutEffect } from 'react';
import { useShellText } from '../shared/i18n';
import type { ShellServices } from '../shared/services';
import href from './message-centre.css';
import { type CentreView, centreView, unreadIds } from './rules';
import { CENTRE_TEXTS } from './texts';

type Services = Pick<ShellServices, 'http' | 'notify' | 'navigate'>;

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
        <NoticesView services={services} />
      ) : (
        <MessagesView key={view.type} services={services} view={view} title={title} />
      )}
    </section>
  );
}

/** What both lists share: the texts, the failed state's message, and marking read then saying so. */
function useCentreList(services: Services, retry: () => void, signal: AbortSignal) {
  const { t, lang } = useShellText(CENTRE_TEXTS);
  const mark = useMarkRead(
    services.http,
    (target: ReadTarget) => {
      services.notify.success(t('marked'));
      bus.publish('notices:read', { kind: target.kind });
      retry();
    },
    signal,
  );
  const failed = (reason: string) => (reason ? t('loadFailed', { reason }) : t('loadFailedPlain'));
  return { t, texts: { t, lang, failed }, mark, warn: (text: string) => services.notify.warning(text) };
}

function NoticesView({ services }: { services: Services }) {
  const { http } = services;
  const signal = useUnmountSignal();
  const types = useLoad((s) => fetchDictionary(http, 'notice', s), 'notice', signal);
  const list = useNoticeList(EMPTY_NOTICE_FILTERS, noticeQuery, (q, s) => fetchNotices(http, q, s), signal);
  const { t, texts, mark, warn } = useCentreList(services, list.retry, signal);
  const typeList = shown(types.load) ?? [];
  const pageUnread = unreadIds(shown(list.load)?.records ?? [], (n) => n.isReal === 0);
  return (
    <>
      <NoticeFilterForm texts={texts} list={list} name="ops-message-centre" types={typeList} warn={warn}>
        <Button
          disabled={pageUnread.length === 0}
          loading={mark.busy}
          onClick={() => void mark.run({ kind: 'notice', ids: pageUnread })}
        >
          {t('markPageRead')}
        </Button>
      </NoticeFilterForm>
      <NoticeTable
        texts={texts}
        caption={t('noticesCaption')}
        list={list}
        types={typeList}
        titleWidth="22%"
        mark={mark}
      />
    </>
  );
}

function MessagesView({ services, view, title }: { services: Services; view: CentreView; title: string }) {
  const { http, navigate } = services;
  const signal = useUnmountSignal();
  const initial: AlarmFilters = { ...EMPTY_ALARM_FILTERS, businessClassify: view.type, status: '' };
  const list = useNoticeList(initial, alarmQuery, (q, s) => fetchAlarms(http, q, s), signal);
  const { t, texts, mark, warn } = useCentreList(services, list.retry, signal);
  const rows = shown(list.load)?.records ?? [];
  return (
    <>
      <AlarmFilterForm texts={texts} list={list} name="ops-message-centre" warn={warn}>
        <Button
          loading={mark.busy}
          disabled={unreadIds(rows, (m) => m.status === 0).length === 0}
          onClick={() => void mark.run({ kind: 'message', businessClassify: view.type })}
        >
          {t('markAllRead')}
        </Button>
      </AlarmFilterForm>
      <AlarmTable
        texts={texts}
        caption={t('messagesCaption', { name: title })}
        list={list}
        mark={mark}
        onOpen={(link) => navigate(link)}
      />
    </>
  );
}
