import { holdStylesheet } from '@ops/shared';
import { Button } from '@ops/ui';
import { useId, useLayoutEffect } from 'react';
import { useShellText } from '../shared/i18n';
import { RECENT_HOURS, type WarningPlan } from './warning-rules';
import { WARNING_TEXTS } from './warning-texts';
import href from './warnings.css';

interface WarningPopupProps {
  plan: WarningPlan;
  onOpenLog(): void;
  onDismiss(): void;
}

/**
 * The post-login warning popup (spec §6 `warring_log`): a panel under the top bar, not modal, so the
 * alarm dialog that may open at the same time stays in charge and the panel is there when it closes. Its
 * head and foot are plain boxes: a `header` or `footer` here would add a second banner or contentinfo
 * landmark to the page.
 */
export function WarningPopup({ plan, onOpenLog, onDismiss }: WarningPopupProps) {
  const { t } = useShellText(WARNING_TEXTS);
  useLayoutEffect(() => holdStylesheet(href), []);
  const titleId = useId();
  const { unsent, alarms } = plan;
  return (
    <section
      className="ops-warnings"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDismiss();
      }}
    >
      <div className="ops-warnings__header">
        <h2 id={titleId} className="ops-warnings__title">
          {t('title')}
        </h2>
        <button type="button" className="ops-warnings__close" aria-label={t('close')} onClick={onDismiss}>
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <h3 className="ops-warnings__heading">
        {unsent.total > 0 ? t('unsent', { count: unsent.total }) : t('noUnsent')}
      </h3>
      {unsent.rows.length > 0 && (
        <ul className="ops-warnings__list" aria-label={t('unsent', { count: unsent.total })}>
          {unsent.rows.map((row) => (
            <li key={row.id} className="ops-warnings__row">
              <span className="ops-warnings__time">{row.time}</span>
              <span className="ops-warnings__text" title={row.message}>
                <span className="ops-warnings__tag">{row.type}</span> {row.message}
              </span>
            </li>
          ))}
        </ul>
      )}
      <h3 className="ops-warnings__heading">
        {alarms.total > 0
          ? t('alarms', { count: alarms.total, hours: RECENT_HOURS })
          : t('noAlarms', { hours: RECENT_HOURS })}
      </h3>
      {alarms.rows.length > 0 && (
        <ul
          className="ops-warnings__list"
          aria-label={t('alarms', { count: alarms.total, hours: RECENT_HOURS })}
        >
          {alarms.rows.map((row) => (
            <li key={row.id} className="ops-warnings__row">
              <span className="ops-warnings__time">{row.time}</span>
              <span className="ops-warnings__text" title={row.subject}>
                {row.unread && (
                  <span className="ops-warnings__tag ops-warnings__tag--unread">{t('unread')}</span>
                )}{' '}
                {row.subject}
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="ops-warnings__actions">
        {unsent.total > 0 && (
          <Button size="small" onClick={onOpenLog}>
            {t('openLog')}
          </Button>
        )}
        <Button size="small" variant="primary" onClick={onDismiss}>
          {t('dismiss')}
        </Button>
      </div>
    </section>
  );
}
