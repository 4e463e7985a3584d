import { confirm } from '@ops/ui';
import { useState, useSyncExternalStore } from 'react';
import { useShellText } from '../shared/i18n';
import { LockDialog, lockNow } from '../shared/lock';
import type { ShellServices } from '../shared/services';
import { signOutAndLeave } from '../shared/sign-out';
import { SHELL_TEXTS } from './texts';

/** The signed-in user's name with the lock and logout actions (the full user menu comes with the chrome). */
export function UserArea({ services }: { services: ShellServices }) {
  const { t } = useShellText(SHELL_TEXTS);
  const [lockOpen, setLockOpen] = useState(false);
  const { session } = services;
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
  const signOut = () => signOutAndLeave(services, () => confirm({ message: t('logoutConfirm') }));
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
