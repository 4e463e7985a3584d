import { Form, PasswordField, TextField } from '@ops/ui';
import { useState } from 'react';
import { CardButton } from '../shared/public-frame';
import type { Language, ShellServices } from '../shared/services';
import { fetchPublicParams, forceLogin, passwordLogin } from './auth-api';
import { CaptchaImageButton, useCaptcha } from './captcha';
import { errorTextOf, requiredField, requiredPassword } from './form-rules';
import type { LoginRun } from './login-run';
import type { AuthT } from './texts';

export interface AccountFormProps {
  services: Pick<ShellServices, 'http' | 'config'>;
  tenantId: string;
  onTenantId: (value: string) => void;
  lang: Language;
  t: AuthT;
  busy: boolean;
  run: LoginRun;
}

/** Tenant, account, password and the image captcha (click to refresh; a key serves one attempt). */
export function AccountForm({ services, tenantId, onTenantId, t, busy, run }: AccountFormProps) {
  const { http, config } = services;
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const { captcha, refresh } = useCaptcha(http, () => setCode(''));

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
    <Form
      onSubmit={submit}
      label={t('tabAccount')}
      errorText={errorTextOf(t)}
      busy={busy}
      className="ops-login__form"
    >
      <TextField
        label={t('tenantId')}
        placeholder={t('tenantId')}
        value={tenantId}
        onChange={onTenantId}
        validate={requiredField('tenantId')}
        name="tenantId"
        required
      />
      <TextField
        label={t('account')}
        placeholder={t('account')}
        value={account}
        onChange={setAccount}
        validate={requiredField('account')}
        name="account"
        autoComplete="username"
        required
      />
      <PasswordField
        label={t('password')}
        placeholder={t('password')}
        value={password}
        onChange={setPassword}
        validate={requiredPassword('password')}
        name="password"
        required
      />
      <div className="ops-login__captcha">
        <TextField
          label={t('captcha')}
          placeholder={t('captcha')}
          value={code}
          onChange={setCode}
          validate={requiredField('captcha')}
          name="captcha"
          autoComplete="off"
          required
        />
        <CaptchaImageButton
          captcha={captcha}
          onRefresh={refresh}
          label={t('captchaImage')}
          loadingText={t('captchaLoading')}
        />
      </div>
      <CardButton type="submit" loading={busy} disabled={busy}>
        {t('login')}
      </CardButton>
    </Form>
  );
}
