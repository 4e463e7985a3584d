import type { HostProps, NotificationConnection, UnreadCounts } from '@ops/shared';
import { type DictEntry, fetchDictionary, fetchUnread, onceDialogFlag } from '@ops/shared/rules';
import { confirm, lazyComponent, useTexts } from '@ops/ui';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Bell } from './bell';
import {
  clearAll,
  closePopup,
  EMPTY_FEED,
  type FeedItem,
  frameBatcher,
  receive,
  reopen,
  toFeedItem,
  toggleMore,
} from './feed';
import { NotificationPopup } from './popup';
import { alarmOpensByItself, confirmAlarmClose, type Viewer } from './rules';
import { browserSocket, createSocketClient, SOCKET_PATH, socketUrl } from './socket-client';
import './texts';
import { useOpenings } from './use-openings';

const NO_UNREAD: UnreadCounts = { notices: 0, alarms: 0, byClassification: {} };

// The dialogs load with their first opening, off the chrome's path (QUALITY P2), and stay mounted after
// it, keeping their page and filters. Their chunk shares no module with this one (the parcel's entry
// stays one file).
const MessageDialog = lazyComponent(() => import('./dialogs').then((m) => m.MessageDialog));
const AlarmDialog = lazyComponent(() => import('./dialogs').then((m) => m.AlarmDialog));

/** The once-per-session flags, in the tab's storage (the host's: the site prefix, session area). */
type Flags = Pick<HostProps['storage'], 'get' | 'set' | 'remove'>;
type Flag = ReturnType<typeof onceDialogFlag>;
const readFlag = (storage: Flags, flag: Flag) => storage.get<boolean>(flag) === true;
// A storage that refuses (private mode) only means the dialog may show again.
function writeFlag(storage: Flags, flag: Flag, on: boolean) {
  if (on) storage.set(flag, true);
  else storage.remove(flag);
}

/**
 * The notices parcel (spec §2, §4): the bell, the notification socket and its popup, the message and
 * alarm dialogs. Unread counts and the socket's state go on the bus (`unread`, `notifications`); each
 * notification is also published as `notification:new`.
 */
export function Notices({ http, bus, session, signal, navigate, storage }: HostProps) {
  const [feed, setFeed] = useState(EMPTY_FEED);
  const [counts, setCounts] = useState<UnreadCounts>(NO_UNREAD);
  const [connection, setConnection] = useState<NotificationConnection>({ state: 'idle', lastId: 0 });
  const [classes, setClasses] = useState<DictEntry[]>([]);
  const [types, setTypes] = useState<DictEntry[]>([]);
  const [dialog, setDialog] = useState<'alarm' | 'messages' | null>(null);
  const messagesOpenings = useOpenings(dialog === 'messages');
  const alarmOpenings = useOpenings(dialog === 'alarm');
  const { t } = useTexts('notices');
  const refreshRef = useRef<() => void>(() => undefined);
  const bellButton = useRef<HTMLButtonElement>(null);
  const toBell = () => bellButton.current;
  const state = session.get();
  const userId = state.userInfo?.user_id ?? '';
  const tenantId = state.tenantId || state.userInfo?.tenant_id || '';
  const account = state.userInfo?.account ?? '';
  const viewer: Viewer = {
    account,
    deptId: String(state.userInfo?.deptId ?? ''),
    permission: state.permission,
  };
  const viewerRef = useRef(viewer);
  viewerRef.current = viewer;

  useEffect(() => {
    if (signal.aborted) return;
    const controller = new AbortController();
    const stop = () => controller.abort();
    signal.addEventListener('abort', stop);
    const alarmKey = onceDialogFlag('alarm-finished', tenantId, account);
    const warningKey = onceDialogFlag('warning-shown', tenantId, account);

    // Unread counts: a newer fetch cancels the one in flight (spec §7 cancellable), so the bell shows the
    // newest answer; the canceled one fails quietly (the client logs 'Request canceled').
    let first = true;
    let latest = 0;
    const refresh = () => {
      if (controller.signal.aborted) return;
      // An older answer that got through anyway (its unread call had ended) never overwrites a newer one.
      const mine = ++latest;
      fetchUnread(http, controller.signal)
        .then((next) => {
          if (controller.signal.aborted || mine !== latest) return;
          setCounts(next);
          bus.publish('unread', next);
          if (first) {
            first = false;
            const opens = alarmOpensByItself(viewerRef.current, {
              unreadAlarms: next.alarms,
              alarmFinished: readFlag(storage, alarmKey),
            });
            if (opens) {
              writeFlag(storage, alarmKey, true);
              setDialog('alarm');
            }
          }
        })
        .catch(() => undefined);
    };
    refreshRef.current = refresh;
    refresh();
    // The message centre marked some read.
    const marked = bus.subscribe('notices:read', () => refresh());
    fetchDictionary(http, 'businessClassify', controller.signal).then(setClasses, () => undefined);
    fetchDictionary(http, 'notice', controller.signal).then(setTypes, () => undefined);

    // The feed renders at most once per animation frame however fast notifications arrive (P7).
    const batcher = frameBatcher<FeedItem>(
      (flush) => requestAnimationFrame(flush),
      (handle) => cancelAnimationFrame(handle as number),
      (batch) => {
        setFeed((f) => receive(f, batch));
        if (batch.some((item) => item.kind === 2)) refresh();
      },
    );
    const client = createSocketClient({
      url: (id) => socketUrl(window.location, `${SOCKET_PATH}${encodeURIComponent(id)}`),
      createSocket: browserSocket,
      timers: {
        setTimeout: (fn, ms) => window.setTimeout(fn, ms),
        clearTimeout: (h) => window.clearTimeout(h as number),
        setInterval: (fn, ms) => window.setInterval(fn, ms),
        clearInterval: (h) => window.clearInterval(h as number),
      },
      random: Math.random,
      credentials: () => {
        const now = session.get();
        return { userId: now.userInfo?.user_id, token: now.token, hzToken: now.hzToken };
      },
      console,
      onNotification: (frame) => {
        const item = toFeedItem(frame);
        if (!item) return;
        bus.publish('notification:new', {
          kind: item.kind,
          id: String(item.id),
          title: item.title,
          body: item.body,
          time: item.time,
          ...(item.link ? { link: item.link } : {}),
        });
        batcher.push(item);
      },
      // The shell compares it with the page's own version and offers a reload.
      onImportMap: (version) => bus.publish('deploy:importmap', { version }),
      onState: (next) => {
        if (controller.signal.aborted && next.state !== 'stopped') return;
        setConnection(next);
        bus.publish('notifications', next);
      },
    });
    client.start();
    controller.signal.addEventListener('abort', () => client.stop());

    return () => {
      marked.unsubscribe();
      controller.abort();
      signal.removeEventListener('abort', stop);
      batcher.dispose();
      // Signed out: the once-per-session dialogs may show again at the next sign-in.
      if (!session.get().token) {
        writeFlag(storage, alarmKey, false);
        writeFlag(storage, warningKey, false);
      }
    };
  }, [http, bus, session, signal, userId, tenantId, account]);

  // Closing the alarm dialog with unread records left unmarked asks first (spec §4 Notice).
  const closeAlarm = async (markedAll: boolean) => {
    if (
      confirmAlarmClose(markedAll, counts.alarms) &&
      !(await confirm({
        title: t('closeTitle'),
        message: t('closeUnread'),
        confirmText: t('confirmClose'),
        cancelText: t('keepOpen'),
      }))
    )
      return;
    setDialog(null);
  };
  const openLink = (item: FeedItem) => {
    if (item.link) navigate(item.link);
  };
  return (
    <>
      <Bell
        counts={counts}
        connection={connection}
        classes={classes}
        onNavigate={(href) => navigate(href)}
        onOpenMessages={() => setDialog('messages')}
        onOpenAlarms={() => setDialog('alarm')}
        buttonRef={bellButton}
      />
      {/* On the body: inside the top bar's stacking context the sidebar and floating parts would cover them. */}
      {createPortal(
        <div className="ops-notices-layer">
          <NotificationPopup
            feed={feed}
            onClose={() => setFeed(closePopup)}
            onMore={() => setFeed(toggleMore)}
            onClearAll={() => setFeed(clearAll)}
            onReopen={() => setFeed(reopen)}
            onOpenLink={openLink}
          />
          {messagesOpenings > 0 && (
            <MessageDialog
              open={dialog === 'messages'}
              openings={messagesOpenings}
              http={http}
              types={types}
              onClose={() => setDialog(null)}
              onChanged={() => refreshRef.current()}
              returnFocus={toBell}
            />
          )}
          {alarmOpenings > 0 && (
            <AlarmDialog
              open={dialog === 'alarm'}
              openings={alarmOpenings}
              http={http}
              classes={classes}
              unread={counts.alarms}
              onClose={(markedAll) => void closeAlarm(markedAll)}
              onChanged={() => refreshRef.current()}
              returnFocus={toBell}
            />
          )}
        </div>,
        document.body,
      )}
    </>
  );
}
