import { holdStylesheet } from '@ops/shared';
import { Button, Form, LoadFailed, TextField, useSubmit } from '@ops/ui';
import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { FormAlert } from '../shared/forms/fields';
import { useFormValues } from '../shared/forms/form-values';
import { errorTextOf, firstFailureText } from '../shared/forms/rules';
import { useShellText } from '../shared/i18n';
import type { ShellServices } from '../shared/services';
import { fetchUser, updateInfo } from './api';
import { useLabelWidth } from './form-parts';
import href from './profile.css';
import { ProfileDialog } from './profile-dialog';
import {
  type InfoForm,
  infoBody,
  infoChanged,
  infoFormOf,
  type ProfileTab,
  type ProfileUser,
  validateInfo,
} from './rules';
import { PROFILE_TEXTS } from './texts';

/**
 * `/info/index`: the signed-in user's personal info. Account, phone and department are shown; name,
 * nickname and email are edited and saved with `update-info` (DECISIONS 7, 8). The profile dialog opens
 * from here (the password, and with the IMS flag the phone and the default station; avatar; logout).
 */
export function InfoPage({ services }: { services: ShellServices }) {
  const { t } = useShellText(PROFILE_TEXTS);
  useLayoutEffect(() => holdStylesheet(href), []);
  const labelWidth = useLabelWidth();
  const [user, setUser] = useState<ProfileUser | null>(null);
  const {
    values: form,
    setValues: setForm,
    bind,
  } = useFormValues<InfoForm>({ realName: '', name: '', email: '' }, validateInfo);
  const [failed, setFailed] = useState(false);
  const [dialog, setDialog] = useState<ProfileTab | null>(null);

  const take = useCallback((next: ProfileUser) => {
    setUser(next);
    setForm(infoFormOf(next));
  }, []);
  /** A saved change shows in the chrome too (the top bar names the user from the session). */
  const saved = (next: ProfileUser) => {
    take(next);
    const info = services.session.get().userInfo;
    if (info)
      services.session.update({
        userInfo: { ...info, real_name: next.realName, nick_name: next.name, avatar: next.avatar },
      });
  };
  const load = useCallback(() => {
    setFailed(false);
    fetchUser(services.http).then(take, () => setFailed(true));
  }, [services.http, take]);
  useEffect(load, [load]);

  const saving = useSubmit(
    async () => {
      saved(await updateInfo(services.http, { ...infoBody(form) }));
      services.notify.success(t('saved'));
    },
    { fallback: t('saveFailed'), notify: (text) => services.notify.error(text) },
  );
  const { busy } = saving;
  const save = () => {
    if (!user) return;
    const refused = firstFailureText(validateInfo(form));
    if (refused) services.notify.warning(refused);
    else if (!infoChanged(form, user)) services.notify.info(t('unchanged'));
    else void saving.run();
  };

  return (
    <section className="ops-shell-page ops-info" aria-labelledby="ops-info-title">
      <h1 id="ops-info-title">{t('pageTitle')}</h1>
      <p className="ops-info__intro">{t('pageIntro')}</p>
      {failed ? (
        <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={load} />
      ) : !user ? (
        <p>{t('loading')}</p>
      ) : (
        <div className="ops-info__card">
          <dl className="ops-info__readonly">
            <div>
              <dt>{t('account')}</dt>
              <dd>{user.account || '—'}</dd>
            </div>
            <div>
              <dt>{t('phone')}</dt>
              <dd>{user.phone || '—'}</dd>
            </div>
            <div>
              <dt>{t('dept')}</dt>
              <dd>{user.deptName || '—'}</dd>
            </div>
          </dl>
          <Form
            onSubmit={save}
            label={t('infoForm')}
            errorText={errorTextOf(t)}
            labelWidth={labelWidth}
            busy={busy}
          >
            <TextField label={t('realName')} {...bind('realName')} required />
            <TextField label={t('nickName')} {...bind('name')} />
            <TextField label={t('email')} {...bind('email')} autoComplete="email" />
            <FormAlert text={saving.error} className="ops-profile__error" />
            <div className="ops-profile__actions">
              <Button onClick={() => setDialog('password')}>{t('openProfile')}</Button>
              <Button onClick={() => take(user)} disabled={busy}>
                {t('reset')}
              </Button>
              <Button type="submit" variant="primary" loading={busy} disabled={busy}>
                {t('save')}
              </Button>
            </div>
          </Form>
        </div>
      )}
      <ProfileDialog
        services={services}
        open={dialog !== null}
        initialTab={dialog ?? 'password'}
        onClose={() => setDialog(null)}
        onUserChange={saved}
      />
    </section>
  );
}
