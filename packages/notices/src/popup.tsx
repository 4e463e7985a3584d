import { useTexts } from '@ops/ui';
import { type FeedItem, type FeedState, visibleItems } from './feed';

/**
 * The notification popup at the bottom right (spec §2, §4 Notifications; 280 px): the newest
 * notification, 'more' for the list, clear all, close; hidden with items left, a tab shows it again.
 * Kind 1 and kind 2 show their own fields; a link opens its page. Texts are rendered as text.
 */
export function NotificationPopup({
  feed,
  onClose,
  onMore,
  onClearAll,
  onReopen,
  onOpenLink,
}: {
  feed: FeedState;
  onClose: () => void;
  onMore: () => void;
  onClearAll: () => void;
  onReopen: () => void;
  onOpenLink: (item: FeedItem) => void;
}) {
  const { t } = useTexts('notices');
  if (feed.items.length === 0) return null;
  if (!feed.open)
    return (
      <button type="button" className="ops-notices-popup__tab" onClick={onReopen}>
        {t('show', { count: feed.items.length })}
      </button>
    );
  const items = visibleItems(feed);
  return (
    <section className="ops-notices-popup" aria-label={t('popup')}>
      <header className="ops-notices-popup__head">
        <h2 className="ops-notices-popup__title">
          {t('popup')} <span className="ops-notices-popup__count">{feed.items.length}</span>
        </h2>
        <button type="button" className="ops-notices-popup__close" aria-label={t('close')} onClick={onClose}>
          ×
        </button>
      </header>
      <ul className={`ops-notices-popup__list${feed.expanded ? ' is-expanded' : ''}`}>
        {items.map((item) => (
          <li key={item.id} className={`ops-notices-popup__item ops-notices-popup__item--kind${item.kind}`}>
            <div className="ops-notices-popup__meta">
              <span className="ops-notices-popup__kind">{item.kind === 1 ? t('soe') : t('message')}</span>
              <time className="ops-notices-popup__time">{item.time}</time>
            </div>
            <p className="ops-notices-popup__item-title">{item.title}</p>
            <p className="ops-notices-popup__body">{item.body}</p>
            {item.link && (
              <button type="button" className="ops-notices__link-button" onClick={() => onOpenLink(item)}>
                {t('open')}
                <span className="ops-notices__hidden"> {item.title}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      <footer className="ops-notices-popup__foot">
        {feed.items.length > 1 && (
          <button
            type="button"
            className="ops-notices__link-button"
            aria-expanded={feed.expanded}
            onClick={onMore}
          >
            {feed.expanded ? t('less') : t('more')}
          </button>
        )}
        <button type="button" className="ops-notices__link-button" onClick={onClearAll}>
          {t('clearAll')}
        </button>
      </footer>
    </section>
  );
}
