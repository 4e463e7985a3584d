import { FLAG, hasFlag, PATHS, returnPathOf, setFlag, withRedirect } from '@ops/shared';
import { Button, Dialog } from '@ops/ui';
import { useState } from 'react';
import { useShellText } from '../shared/i18n';
import type { ShellServices } from '../shared/services';
import { usePublicStyles } from '../shared/use-public-styles';
import { SESSION_TEXTS } from './texts';

type DialogServices = Pick<ShellServices, 'language' | 'navigate' | 'config'>;

/**
 * Spec §4: after a forced logout (the shared client's `onLogout`), ask whether to go to login or to the
 * authorization entry. The caller has already cleared the session.
 */
export function ForcedLogoutDialog({
  services,
  open,
  onClose,
  redirect,
  login = PATHS.login,
}: {
  services: DialogServices;
  open: boolean;
  onClose: () => void;
  /**
   * The page the user was on, kept for after the next sign-in (when the guard already showed a sign-in
   * entry, that entry's own `redirect`).
   */
  redirect?: string;
  /** The login page to offer (with the source tenant when the session came from one). */
  login?: string;
}) {
  usePublicStyles();
  const t = useShellText(SESSION_TEXTS).t;
  const go = (path: string) => {
    onClose();
    const [page, query] = path.split('?');
    const extra = Object.fromEntries(new URLSearchParams(query ?? ''));
    services.navigate(withRedirect(page ?? path, returnPathOf(redirect), extra), { replace: true });
  };
  return (
    <Dialog
      open={open}
      label={t('forcedLogoutTitle')}
      width="420px"
      onClose={() => go(login)}
      footer={
        <>
          <Button onClick={() => go(PATHS.authorization)}>{t('toAuthorization')}</Button>
          <Button variant="primary" onClick={() => go(login)}>
            {t('toLogin')}
          </Button>
        </>
      }
    >
      <p>{t('forcedLogoutBody')}</p>
    </Dialog>
  );
}

/**
 * Spec §2 Default-password reminder: shown once after a sign-in with the platform default password (the
 * flag the sign-in set). "Change now" opens the path the caller gives (the profile's password tab).
 */
export function DefaultPasswordReminder({
  services,
  changePasswordPath = PATHS.personalInfo,
}: {
  services: DialogServices;
  changePasswordPath?: string;
}) {
  const t = useShellText(SESSION_TEXTS).t;
  const [open, setOpen] = useState(() => hasFlag(services.config, FLAG.defaultPasswordReminder));
  const close = () => {
    setFlag(services.config, FLAG.defaultPasswordReminder, false);
    setOpen(false);
  };
  if (!open) return null;
  return (
    <Dialog
      open
      label={t('defaultPasswordTitle')}
      width="420px"
      onClose={close}
      footer={
        <>
          <Button onClick={close}>{t('later')}</Button>
          <Button
            variant="primary"
            onClick={() => {
              close();
              services.navigate(changePasswordPath);
            }}
          >
            {t('changeNow')}
          </Button>
        </>
      }
    >
      <p>{t('defaultPasswordBody')}</p>
    </Dialog>
  );
}
