import { lockPageOf, t as translate, validateLockPassword } from '@ops/shared';
import { confirm, Form, PasswordField, useSubmit } from '@ops/ui';
import { useState } from 'react';
import { FormAlert } from '../shared/forms/fields';
import { useShellText } from '../shared/i18n';
import { CardButton, PublicFrame } from '../shared/public-frame';
import type { ShellServices } from '../shared/services';
import { signOutAndLeave } from '../shared/sign-out';
import { usePublicStyles } from '../shared/use-public-styles';
import { LOCK_TEXTS } from './texts';

/**
 * `/lock` (spec §4 Lock): unlock with the lock password, checked against the stored hash by the shared
 * lock state (the lock survives a reload: it lives in session storage); or sign out from here.
 */
export function LockPage({
  services,
  home = '/',
  currentPath = () => location.pathname,
}: {
  services: ShellServices;
  home?: string;
  /** Where the page is now: an unlock that the route guard already followed needs no second navigation. */
  currentPath?: () => string;
}) {
  usePublicStyles();
  const { t, lang } = useShellText(LOCK_TEXTS);
  const [password, setPassword] = useState('');
  const user = services.session.get().userInfo;
  const name = String(user?.real_name || user?.nick_name || user?.account || '');
  const unlocking = useSubmit(async () => {
    if (!(await services.lock.unlock(password))) {
      unlocking.setError(t('wrongPassword'));
      return;
    }
    setPassword('');
    // Every tab follows an unlock through the route guard; navigating again would race its redirect.
    if (currentPath() === lockPageOf(services.config)) services.navigate(home, { replace: true });
  });
  const signOut = () =>
    signOutAndLeave(services, () => confirm({ message: t('logoutConfirm'), title: t('logout') }));
  return (
    <PublicFrame language={services.language} lang={lang} languageLabel={t('language')} className="ops-lock">
      <section className="ops-public-card" aria-labelledby="ops-lock-title">
        <div className="ops-lock__avatar" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
            <path
              fill="currentColor"
              d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 0 1 6 0v3H9Z"
            />
          </svg>
        </div>
        <h1 id="ops-lock-title">{t('lockedTitle')}</h1>
        {name && <p className="ops-lock__user">{name}</p>}
        <p className="ops-public-card__body">{t('unlockHint')}</p>
        <Form onSubmit={() => void unlocking.run()} label={t('lockedTitle')} busy={unlocking.busy}>
          <PasswordField
            label={t('lockPassword')}
            value={password}
            onChange={(value) => {
              setPassword(value);
              unlocking.setError('');
            }}
            validate={validateLockPassword}
            errorText={(key) => translate(key)}
            required
          />
          <FormAlert text={unlocking.error} className="ops-auth-error" />
          <CardButton type="submit" loading={unlocking.busy}>
            {t('unlock')}
          </CardButton>
        </Form>
        <button type="button" className="ops-public-card__link" onClick={signOut}>
          {t('logout')}
        </button>
      </section>
    </PublicFrame>
  );
}
