import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useUiText } from '../i18n/use-ui-text';
import { useStylesheets } from '../theme/use-stylesheet';
import href from './message.css';
import { activeHost, type MessageItem, registerHost, remove, snapshot, subscribe } from './store';

const ICONS: Record<MessageItem['type'], string> = { success: '✓', warning: '!', error: '✕', info: 'i' };

function Toast({ item }: { item: MessageItem }) {
  const t = useUiText();
  const [paused, setPaused] = useState(false);
  const left = useRef(item.duration);
  const box = useRef<HTMLDivElement>(null);
  // Reading a long message, or reaching its close button, should not race the timer.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const pause = () => setPaused(true);
    const resume = () => setPaused(false);
    el.addEventListener('pointerenter', pause);
    el.addEventListener('pointerleave', resume);
    el.addEventListener('focusin', pause);
    el.addEventListener('focusout', resume);
    return () => {
      el.removeEventListener('pointerenter', pause);
      el.removeEventListener('pointerleave', resume);
      el.removeEventListener('focusin', pause);
      el.removeEventListener('focusout', resume);
    };
  }, []);
  useEffect(() => {
    if (item.duration <= 0 || paused) return;
    const started = Date.now();
    const timer = setTimeout(() => remove(item.id), left.current);
    return () => {
      clearTimeout(timer);
      left.current -= Date.now() - started;
    };
  }, [item.id, item.duration, paused]);
  const urgent = item.type === 'error' || item.type === 'warning';
  return (
    <div className={`ops-message ops-message--${item.type}`} role={urgent ? 'alert' : 'status'} ref={box}>
      <span className="ops-message__icon" aria-hidden="true">
        {ICONS[item.type]}
      </span>
      <span className="ops-message__text">{item.text}</span>
      {item.showClose && (
        <button
          type="button"
          className="ops-message__close"
          aria-label={t('close')}
          onClick={() => remove(item.id)}
        >
          ×
        </button>
      )}
    </div>
  );
}

const subscribeItems = (onChange: () => void) => subscribe(onChange);

/** Renders the toast stack (top centre). Mount one in a React tree, or let `message.*` create its own. */
export function MessageHost() {
  useStylesheets(href);
  const token = useRef(Symbol('message-host')).current;
  const [active, setActive] = useState(false);
  useEffect(() => registerHost(token, () => setActive(activeHost() === token)), [token]);
  const items = useSyncExternalStore(subscribeItems, snapshot, snapshot);
  if (!active) return null;
  return (
    <div className="ops-ui ops-message-stack">
      {items.map((item) => (
        <Toast key={item.id} item={item} />
      ))}
    </div>
  );
}
