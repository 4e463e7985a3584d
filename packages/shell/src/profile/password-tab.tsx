import { PasswordChange } from '../shared/forms/password-change';
import type { ShellT } from '../shared/i18n';
import type { ShellServices } from '../shared/services';
import { signOutAndLeave } from '../shared/sign-out';
import { TabEnd, useLabelWidth } from './form-parts';

/** The password tab: the shared password change; the server ends every session, so it signs out. */
export function PasswordTab({
  services,
  account,
  t,
}: {
  services: ShellServices;
  account: string;
  t: ShellT;
}) {
  return (
    <PasswordChange
      services={services}
      account={account}
      t={t}
      label={t('tabPassword')}
      labelWidth={useLabelWidth()}
      captchaClassName="ops-profile__captcha"
      successText={t('passwordSaved')}
      failureText={t('passwordFailed')}
      onChanged={() => signOutAndLeave(services)}
      clearOldOnFailure
      intro={<p className="ops-profile__hint">{t('passwordHint')}</p>}
      end={({ error, busy, ready }) => (
        <TabEnd error={error} busy={busy} disabled={busy || !ready} label={t('savePassword')} />
      )}
    />
  );
}
