import { useEffect, useLayoutEffect, useState } from 'react';
import { CaptchaField, useCaptcha } from '../shared/forms/captcha';
import { AccountField, PasswordInput, TenantField } from '../shared/forms/fields';
import { markHydrated, takePendingSubmit } from '../shared/prerender-handoff';
import type { ShellServices } from '../shared/services';
import { fetchPublicParams, forceLogin, passwordLogin } from './auth-api';
import type { ModeProps } from './login-run';
import { SignInForm } from './sign-in-form';

export interface AccountFormProps extends ModeProps {
  services: Pick<ShellServices, 'http' | 'config'>;
  /** The account to start with (the last sign-in's, spec §9 `loginUser`). */
  account?: string;
}

/** Tenant, account, password and the image captcha (click to refresh; a key serves one attempt). */
export function AccountForm(props: AccountFormProps) {
  const { services, tenantId, onTenantId, tenantLock, t, busy, run } = props;
  const { http, config } = services;
  const [account, setAccount] = useState(props.account ?? '');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const { captcha, refresh } = useCaptcha(http, () => setCode(''));
  // Issue 31: from this commit on React takes submits; one made before it is sent once the form can send
  // it (its captcha key is there).
  // (The page holds no other field then: the login page is all there is before signing in.)
  useLayoutEffect(() => markHydrated(document), []);
  useEffect(() => {
    if (captcha) takePendingSubmit()?.requestSubmit();
  }, [captcha]);

  const submit = async () => {
    const typedTenant = tenantId.trim();
    const username = account.trim();
    const outcome = await run(
      async () => {
        const systemParams = await fetchPublicParams(http, typedTenant).catch(() => null);
        return passwordLogin(http, {
          tenantId: typedTenant,
          username,
          password,
          captchaKey: captcha?.key,
          captchaCode: code.trim(),
          aesKey: config.aesKey,
          systemParams,
        });
      },
      {
        tenantId: typedTenant,
        password,
        retry: (uuid) => forceLogin(http, { tenantId: typedTenant, username, password, uuid }),
      },
    );
    if (outcome !== 'signed-in') refresh();
  };

  return (
    <SignInForm onSubmit={submit} label={t('tabAccount')} t={t} busy={busy}>
      <TenantField t={t} card value={tenantId} onChange={onTenantId} name="tenantId" {...tenantLock} />
      <AccountField t={t} card value={account} onChange={setAccount} name="account" />
      <PasswordInput t={t} card value={password} onChange={setPassword} name="password" />
      <CaptchaField
        t={t}
        card
        className="ops-login__captcha"
        value={code}
        onChange={setCode}
        captcha={captcha}
        onRefresh={refresh}
        name="captcha"
      />
    </SignInForm>
  );
}
