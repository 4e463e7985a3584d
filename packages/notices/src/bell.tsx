import type { NotificationConnection, UnreadCounts } from '@ops/shared';
import { centreLink, type DictEntry, NOTICE_TYPE } from '@ops/shared/rules';
import { useTexts } from '@ops/ui';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { badgeCount, badgeText, bellEntries } from './rules';

/**
 * The notice bell of the top bar (spec §2): its badge counts everything unread; its popover lists the
 * business classifications with unread messages, each a link to the message centre with its type and
 * name, and opens the message and alarm dialogs.
 */
export function Bell({
  counts,
  connection,
  classes,
  onNavigate,
  onOpenMessages,
  onOpenAlarms,
  buttonRef,
}: {
  counts: UnreadCounts;
  connection: NotificationConnection;
  classes: readonly DictEntry[];
  onNavigate: (href: string) => void;
  onOpenMessages: () => void;
  onOpenAlarms: () => void;
  /** The bell's button, for the dialogs it opens to give the focus back to. */
  buttonRef?: RefObject<HTMLButtonElement | null>;
}) {
  const { t, lang } = useTexts('notices');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState({ top: 0, right: 0 });
  const total = badgeCount(counts);
  const entries = bellEntries(counts, classes, lang);

  const ownButton = useRef<HTMLButtonElement>(null);
  const button = buttonRef ?? ownButton;
  useEffect(() => {
    if (!open) return;
    // The panel sits at the end of the body: focus moves into it, and back to the bell on Escape.
    panel.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!root.current?.contains(target) && !panel.current?.contains(target)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const go = (href: string) => {
    setOpen(false);
    onNavigate(href);
  };
  const stateName = {
    idle: t('stateIdle'),
    connecting: t('stateConnecting'),
    open: t('stateOpen'),
    reconnecting: t('stateReconnecting'),
    stopped: t('stateStopped'),
  }[connection.state];
  return (
    <div className="ops-notices" ref={root}>
      <button
        ref={button}
        type="button"
        className="ops-notices__bell"
        aria-label={total > 0 ? t('bell', { count: total }) : t('bellNone')}
        aria-expanded={open}
        aria-controls={panelId}
        title={t('connection', { state: stateName })}
        onClick={(event) => {
          // The panel is on the body (the top bar's stacking context would put the page above it).
          const box = event.currentTarget.getBoundingClientRect();
          setPlace({ top: box.bottom + 4, right: Math.max(8, window.innerWidth - box.right) });
          setOpen((v) => !v);
        }}
      >
        <svg className="ops-notices__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M6 17V11a6 6 0 0 1 12 0v6l1.5 2h-15L6 17Z"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
          <path d="M10 21h4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="ops-notices__hidden">{t('label')}</span>
        {total > 0 && (
          <span className="ops-notices__badge" aria-hidden="true">
            {badgeText(total)}
          </span>
        )}
        <span className={`ops-notices__dot ops-notices__dot--${connection.state}`} aria-hidden="true" />
      </button>
      {open &&
        createPortal(
          <div
            id={panelId}
            ref={panel}
            className="ops-notices__panel"
            role="dialog"
            aria-label={t('popover')}
            style={{ top: place.top, right: place.right }}
          >
            {entries.length === 0 ? (
              <p className="ops-notices__none">{t('noUnread')}</p>
            ) : (
              <ul className="ops-notices__entries">
                {entries.map((entry) => (
                  <li key={entry.type}>
                    <a
                      className="ops-notices__entry"
                      href={entry.href}
                      onClick={(event) => {
                        event.preventDefault();
                        go(entry.href);
                      }}
                    >
                      <span>{entry.name}</span>
                      <span className="ops-notices__count">{entry.count}</span>
                    </a>
                  </li>
                ))}
              </ul>
            )}
            <div className="ops-notices__actions">
              <button
                type="button"
                className="ops-notices__link-button"
                onClick={() => {
                  setOpen(false);
                  onOpenMessages();
                }}
              >
                {t('noticesEntry')} ({counts.notices})
              </button>
              <button
                type="button"
                className="ops-notices__link-button"
                onClick={() => {
                  setOpen(false);
                  onOpenAlarms();
                }}
              >
                {t('alarmsEntry')} ({counts.alarms})
              </button>
              <a
                className="ops-notices__link-button"
                href={centreLink(NOTICE_TYPE, t('noticesEntry'))}
                onClick={(event) => {
                  event.preventDefault();
                  go(centreLink(NOTICE_TYPE, t('noticesEntry')));
                }}
              >
                {t('openCentre')}
              </a>
            </div>
          </div>,
          document.body,
        )}
    </div>
  );
}
