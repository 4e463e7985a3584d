import { returnPathOf, withRedirect } from '@ops/shared';
import { Dialog } from '@ops/ui';
import { useState } from 'react';
import { useShellText } from '../shared/i18n';
import type { ShellServices } from '../shared/services';
import { FLAG, hasFlag, setFlag } from '@ops/shared';
import { AUTH_TEXTS } from './texts';
import { usePublicStyles } from '../shared/use-public-styles';

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
}: {
  services: DialogServices;
  open: boolean;
  onClose: () => void;
  /**
   * The page the user was on, kept for after the next sign-in (when the guard already showed a sign-in
   * entry, that entry's own `redirect`).
   */
  redirect?: string;
}) {
  usePublicStyles();
  const t = useShellText(AUTH_TEXTS).t;
  const go = (path: string) => {
    onClose();
    services.navigate(withRedirect(path, returnPathOf(redirect)), { replace: true });
  };
  return (
    <Dialog
      open={open}
      label={t('forcedLogoutTitle')}
      width="420px"
      onClose={() => go('/login')}
      footer={
        <>
          <sl-button onClick={() => go('/authorization')}>{t('toAuthorization')}</sl-button>
          <sl-button variant="primary" onClick={() => go('/login')}>
            {t('toLogin')}
          </sl-button>
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
  changePasswordPath = '/info/index',
}: {
  services: DialogServices;
  changePasswordPath?: string;
}) {
  const t = useShellText(AUTH_TEXTS).t;
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
          <sl-button onClick={close}>{t('later')}</sl-button>
          <sl-button
            variant="primary"
            onClick={() => {
              close();
              services.navigate(changePasswordPath);
            }}
          >
            {t('changeNow')}
          </sl-button>
        </>
      }
    >
      <p>{t('defaultPasswordBody')}</p>
    </Dialog>
  );
}
