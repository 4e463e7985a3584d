import { holdStylesheet } from '@ops/shared';
import { lazyComponent } from '@ops/ui';
import { useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useShellText } from '../shared/i18n';
import href from './error-log.css';
import { buttonName, errorLogButton } from './rules';
import { ERROR_LOG_TEXTS } from './texts';
import { type ErrorLogServices, useEntries } from './use-entries';
import { useWarningPlan } from './use-warning-plan';

/** The full-screen viewer: its own chunk, loaded when first opened. */
const ErrorLogDialog = lazyComponent(() => import('./error-log-dialog').then((m) => m.ErrorLogDialog));
/** The post-login warning popup: its own chunk, loaded only when there is something to warn about. */
const WarningPopup = lazyComponent(() => import('./warning-popup').then((m) => m.WarningPopup));

function usePermission(session: ErrorLogServices['session']) {
  return useSyncExternalStore(
    (onChange) => {
      const sub = session.state$.subscribe(onChange);
      return () => sub.unsubscribe();
    },
    () => session.get().permission,
  );
}

/**
 * The top bar's warning-message icon (spec §2 Shell parts, §6 `warring_log`): the error log's count as a
 * badge, and the full-screen error-log viewer it opens; and, once after signing in, the warning popup
 * (unsent entries, recent alarms). Nothing for users without the permission.
 */
export function ErrorLogButton({ services }: { services: ErrorLogServices }) {
  const { t } = useShellText(ERROR_LOG_TEXTS);
  useLayoutEffect(() => holdStylesheet(href), []);
  const entries = useEntries(services.errorLog);
  const view = errorLogButton(usePermission(services.session), entries);
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const warnings = useWarningPlan(services);
  if (!view.visible) return null;
  const name = buttonName(t('button'), view.count);
  return (
    <>
      <button
        type="button"
        className="ops-chrome-top__icon-button ops-error-log__button"
        aria-label={name}
        aria-haspopup="dialog"
        title={name}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <svg className="ops-error-log__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M12 3 2 21h20L12 3Z"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
          <path d="M12 10v5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          <circle cx="12" cy="18" r="1.2" fill="currentColor" />
        </svg>
        {view.badge && (
          <span className="ops-error-log__badge" aria-hidden="true">
            {view.badge}
          </span>
        )}
      </button>
      {/* On the body: inside the top bar's stacking context the sidebar and floating parts would cover it. */}
      {warnings.plan &&
        createPortal(
          <WarningPopup
            plan={warnings.plan}
            onDismiss={warnings.dismiss}
            onOpenLog={() => {
              warnings.dismiss();
              setOpened(true);
              setOpen(true);
            }}
          />,
          document.body,
        )}
      {opened &&
        createPortal(
          <ErrorLogDialog services={services} open={open} onClose={() => setOpen(false)} />,
          document.body,
        )}
    </>
  );
}
