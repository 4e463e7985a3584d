import type { SessionStore } from '@ops/shared';
import { confirm } from '@ops/ui';
import { useState, useSyncExternalStore } from 'react';
import { logout } from './auth/logout';
import { useShellText } from '../shared/i18n';
import { LockDialog, lockNow } from './lock/lock-dialog';
import type { ShellServices } from './services';
import { SHELL_TEXTS } from './texts';

/** The signed-in user's name with the lock and logout actions (the full user menu comes with the chrome). */
export function UserArea({ services, session }: { services: ShellServices; session: SessionStore }) {
  const t = useShellText(SHELL_TEXTS).t;
  const [lockOpen, setLockOpen] = useState(false);
  const name = useSyncExternalStore(
    (onChange) => {
      const sub = session.state$.subscribe(onChange);
      return () => sub.unsubscribe();
    },
    () => {
      const info = session.get().userInfo;
      return info?.real_name || info?.nick_name || info?.user_name || info?.account || '';
    },
  );
  const lock = async () => {
    if (!(await lockNow(services))) setLockOpen(true);
  };
  const signOut = () => logout(services, { confirm: () => confirm({ message: t('logoutConfirm') }) });
  return (
    <div className="ops-user-area">
      <span className="ops-user-area__name">{name}</span>
      <button type="button" className="ops-text-button" onClick={() => void lock()}>
        {t('lock')}
      </button>
      <button type="button" className="ops-text-button" onClick={() => void signOut()}>
        {t('logout')}
      </button>
      <LockDialog services={services} open={lockOpen} onClose={() => setLockOpen(false)} />
    </div>
  );
}
