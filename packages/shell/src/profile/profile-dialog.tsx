import {
  holdStylesheet,
  type PasswordChangeForm,
  passwordChangeReady,
  validatePasswordChange,
  validateRequiredText,
} from '@ops/shared';
import { validatePhoneChange, validatePhoneForCode } from '@ops/shared/rules';
import { Button, confirm, Dialog, Form, LoadFailed, SelectField, TextField } from '@ops/ui';
import {
  type ChangeEvent,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useState,
} from 'react';
import { alreadyShown, failureMessage, updatePassword } from '../auth/auth-api';
import { useCaptcha } from '../auth/captcha';
import { type CountdownState, createCaptchaCountdown } from '../auth/captcha-countdown';
import { errorTextOf, validationText } from '../auth/form-rules';
import { EMPTY_PASSWORD_CHANGE, PasswordChangeFields } from '../auth/password-change-fields';
import { useShellText } from '../shared/i18n';
import { markOf } from '../shared/mark';
import type { ShellServices } from '../shared/services';
import { signOutAndLeave } from '../shared/sign-out';
import {
  downloadHelpDocument,
  fetchDefaultStation,
  fetchStations,
  fetchUser,
  sendPhoneCode,
  submitDefaultStation,
  updateInfo,
  updatePhone,
  uploadAvatar,
} from './api';
import href from './profile.css';
import {
  avatarAccepted,
  HELP_DOCUMENT_NAME,
  type ProfileTab,
  type ProfileUser,
  profileFacts,
  profileTabs,
  type StationOption,
  showsHelpDocument,
} from './rules';
import { PROFILE_TEXTS } from './texts';

type T = ReturnType<typeof useShellText>['t'];

/** The forms' label column: English labels are longer. */
export function useLabelWidth(): number {
  return useShellText(PROFILE_TEXTS).lang === 'en' ? 140 : 96;
}

/** The server's message of a refusal the shared client left to us, or the fallback. */
function refusal(services: ShellServices, cause: unknown, fallback: string): string | null {
  if (alreadyShown(cause)) return null;
  const text = failureMessage(cause) || fallback;
  services.notify.error(text);
  return text;
}

const TAB_TEXT: Record<ProfileTab, string> = {
  password: 'tabPassword',
  phone: 'tabPhone',
  station: 'tabStation',
};

/**
 * The profile dialog (spec §2): the user's name, account, phone and department, the avatar, and tabs to
 * change the password, and with the IMS flag the phone and the default station; help document (IMS) and
 * logout in its footer.
 */
export function ProfileDialog({
  services,
  open,
  onClose,
  initialTab = 'password',
  onUserChange,
}: {
  services: ShellServices;
  open: boolean;
  onClose(): void;
  initialTab?: ProfileTab;
  /** The user after a change the dialog made (avatar, phone). */
  onUserChange?(user: ProfileUser): void;
}) {
  const { t } = useShellText(PROFILE_TEXTS);
  useLayoutEffect(() => holdStylesheet(href), []);
  const ims = services.config.imsEnabled;
  const tabs = profileTabs(ims);
  const [tab, setTab] = useState<ProfileTab>(tabs.includes(initialTab) ? initialTab : 'password');
  const [user, setUser] = useState<ProfileUser | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const id = useId();

  const load = useCallback(() => {
    setLoadFailed(false);
    fetchUser(services.http).then(setUser, () => setLoadFailed(true));
  }, [services.http]);
  useEffect(() => {
    if (open) load();
  }, [open, load]);
  const changed = (next: ProfileUser) => {
    setUser(next);
    onUserChange?.(next);
  };

  const onTabKey = (event: KeyboardEvent) => {
    const at = tabs.indexOf(tab);
    const next =
      event.key === 'ArrowRight'
        ? (at + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (at - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : -1;
    if (next < 0) return;
    event.preventDefault();
    setTab(tabs[next] as ProfileTab);
    document.getElementById(`${id}-tab-${tabs[next]}`)?.focus();
  };

  const help = async () => {
    try {
      await downloadHelpDocument(HELP_DOCUMENT_NAME);
    } catch {
      services.notify.error(t('helpFailed'));
    }
  };
  const logout = () => signOutAndLeave(services, () => confirm({ message: t('logoutConfirm') }));

  return (
    <Dialog
      open={open}
      label={t('dialogTitle')}
      width="640px"
      onClose={onClose}
      footer={
        <>
          {showsHelpDocument(ims) && <Button onClick={() => void help()}>{t('helpDocument')}</Button>}
          <Button variant="danger" onClick={() => void logout()}>
            {t('logout')}
          </Button>
          <Button onClick={onClose}>{t('close')}</Button>
        </>
      }
    >
      <div className="ops-profile">
        <section className="ops-profile__head" aria-label={t('dialogTitle')}>
          <AvatarPicker services={services} user={user} onSaved={changed} t={t} />
          {user ? (
            <dl className="ops-profile__facts">
              {profileFacts(user).map((fact) => (
                <div key={fact.key}>
                  <dt>{t(fact.key)}</dt>
                  <dd>{fact.value}</dd>
                </div>
              ))}
            </dl>
          ) : loadFailed ? (
            <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={load} />
          ) : (
            <p>{t('loading')}</p>
          )}
        </section>
        <div role="tablist" aria-label={t('tabs')} className="ops-profile__tabs" onKeyDown={onTabKey}>
          {tabs.map((name) => (
            <button
              key={name}
              id={`${id}-tab-${name}`}
              type="button"
              role="tab"
              aria-selected={tab === name}
              aria-controls={`${id}-panel`}
              tabIndex={tab === name ? 0 : -1}
              className="ops-profile__tab"
              onClick={() => setTab(name)}
            >
              {t(TAB_TEXT[name])}
            </button>
          ))}
        </div>
        <div
          id={`${id}-panel`}
          role="tabpanel"
          aria-labelledby={`${id}-tab-${tab}`}
          className="ops-profile__panel"
        >
          {open && tab === 'password' && (
            <PasswordTab services={services} account={user?.account ?? ''} t={t} />
          )}
          {open && tab === 'phone' && <PhoneTab services={services} t={t} onSaved={changed} user={user} />}
          {open && tab === 'station' && user && <StationTab services={services} userId={user.id} t={t} />}
        </div>
      </div>
    </Dialog>
  );
}

function AvatarPicker({
  services,
  user,
  onSaved,
  t,
}: {
  services: ShellServices;
  user: ProfileUser | null;
  onSaved(user: ProfileUser): void;
  t: T;
}) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!avatarAccepted(file)) {
      setError(t('avatarOnlyImages'));
      services.notify.error(t('avatarOnlyImages'));
      return;
    }
    setError('');
    setBusy(true);
    try {
      const link = await uploadAvatar(services.http, file);
      onSaved(await updateInfo(services.http, { avatar: link }));
      services.notify.success(t('avatarSaved'));
    } catch (cause) {
      const text = refusal(services, cause, t('avatarFailed'));
      if (text) setError(text);
    } finally {
      setBusy(false);
    }
  };
  const name = user?.realName || user?.name || user?.account || '';
  return (
    <div className="ops-profile__avatar">
      {user?.avatar ? (
        <img src={user.avatar} alt={t('avatar')} className="ops-profile__avatar-image" />
      ) : (
        <span className="ops-profile__avatar-image" role="img" aria-label={t('avatar')}>
          {markOf(name, '?')}
        </span>
      )}
      <label className="ops-profile__avatar-pick">
        <span>{t('changeAvatar')}</span>
        <input
          type="file"
          accept="image/*"
          aria-label={t('changeAvatar')}
          disabled={busy}
          onChange={(event) => void pick(event)}
        />
      </label>
      {error && (
        <p role="alert" className="ops-profile__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The end of a tab's form: the server's refusal, if any, and the save button. */
function TabEnd({
  error,
  busy,
  disabled = busy,
  label,
}: {
  error: string;
  busy: boolean;
  disabled?: boolean;
  label: string;
}) {
  return (
    <>
      {error && (
        <p role="alert" className="ops-profile__error">
          {error}
        </p>
      )}
      <div className="ops-profile__actions">
        <Button type="submit" variant="primary" loading={busy} disabled={disabled}>
          {label}
        </Button>
      </div>
    </>
  );
}

function PasswordTab({ services, account, t }: { services: ShellServices; account: string; t: T }) {
  const labelWidth = useLabelWidth();
  const [form, setForm] = useState<PasswordChangeForm>(EMPTY_PASSWORD_CHANGE);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const { captcha, refresh } = useCaptcha(services.http, () => setForm((f) => ({ ...f, captcha: '' })));
  const submit = async () => {
    const result = validatePasswordChange(form, account);
    if (!result.ok) {
      services.notify.error(validationText(result.first.error, result.first.params));
      return;
    }
    setBusy(true);
    setError('');
    try {
      await updatePassword(
        services.http,
        {
          oldPassword: form.oldPassword,
          newPassword: form.newPassword,
          newPassword1: form.confirmPassword,
          captcha: form.captcha.trim(),
          captchaKey: captcha?.key,
        },
        services.config.aesKey,
      );
      services.notify.success(t('passwordSaved'));
      // The server ended every session of the account: sign in again.
      await signOutAndLeave(services);
    } catch (cause) {
      const text = refusal(services, cause, t('passwordFailed'));
      if (text) setError(text);
      setForm((f) => ({ ...f, oldPassword: '', captcha: '' }));
      refresh();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form
      onSubmit={() => void submit()}
      label={t('tabPassword')}
      errorText={errorTextOf(t)}
      labelWidth={labelWidth}
      busy={busy}
    >
      <p className="ops-profile__hint">{t('passwordHint')}</p>
      <PasswordChangeFields
        form={form}
        onChange={(field, value) => setForm((f) => ({ ...f, [field]: value }))}
        account={account}
        captcha={captcha}
        onRefreshCaptcha={refresh}
        captchaClassName="ops-profile__captcha"
        t={t}
      />
      <TabEnd
        error={error}
        busy={busy}
        disabled={busy || !passwordChangeReady(form)}
        label={t('savePassword')}
      />
    </Form>
  );
}

function PhoneTab({
  services,
  t,
  user,
  onSaved,
}: {
  services: ShellServices;
  t: T;
  user: ProfileUser | null;
  onSaved(user: ProfileUser): void;
}) {
  const labelWidth = useLabelWidth();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [codeId, setCodeId] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [countdown] = useState(() => createCaptchaCountdown());
  const [timer, setTimer] = useState<CountdownState>(() => countdown.state());
  useEffect(() => {
    const stop = countdown.subscribe(setTimer);
    return () => {
      stop();
      countdown.dispose();
    };
  }, [countdown]);
  const send = async () => {
    const check = validatePhoneForCode(phone);
    if (!check.ok) {
      setError(validationText(check.error, check.params));
      services.notify.warning(validationText(check.error, check.params));
      return;
    }
    setError('');
    try {
      setCodeId(await sendPhoneCode(services.http, phone));
      countdown.start();
      services.notify.success(t('codeSent'));
    } catch (cause) {
      const text = refusal(services, cause, t('phoneFailed'));
      if (text) setError(text);
    }
  };
  const submit = async () => {
    const result = validatePhoneChange({ phone, captcha: code });
    if (!result.ok) {
      services.notify.warning(validationText(result.first.error, result.first.params));
      return;
    }
    setBusy(true);
    setError('');
    try {
      await updatePhone(services.http, phone, code, codeId);
      services.notify.success(t('phoneSaved'));
      if (user) onSaved({ ...user, phone: phone.trim() });
      setPhone('');
      setCode('');
    } catch (cause) {
      const text = refusal(services, cause, t('phoneFailed'));
      if (text) setError(text);
    } finally {
      setBusy(false);
    }
  };
  const phoneRule = () => validatePhoneForCode(phone);
  return (
    <Form
      onSubmit={() => void submit()}
      label={t('tabPhone')}
      errorText={errorTextOf(t)}
      labelWidth={labelWidth}
      busy={busy}
    >
      <TextField
        label={t('newPhone')}
        value={phone}
        onChange={setPhone}
        validate={phoneRule}
        required
        autoComplete="tel"
      />
      <div className="ops-profile__captcha">
        <TextField
          label={t('phoneCode')}
          value={code}
          onChange={setCode}
          validate={() => validateRequiredText(code, 'captcha')}
          required
          autoComplete="one-time-code"
        />
        <Button onClick={() => void send()} disabled={timer.blocked}>
          {timer.blocked ? t('resendIn', { seconds: timer.left }) : t('sendCode')}
        </Button>
      </div>
      <TabEnd error={error} busy={busy} label={t('savePhone')} />
    </Form>
  );
}

function StationTab({ services, userId, t }: { services: ShellServices; userId: string; t: T }) {
  const labelWidth = useLabelWidth();
  const [stations, setStations] = useState<StationOption[] | null>(null);
  const [chosen, setChosen] = useState('');
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const load = useCallback(() => {
    setFailed(false);
    Promise.all([fetchStations(services.http), fetchDefaultStation(services.http, userId)]).then(
      ([list, current]) => {
        setStations(list);
        setChosen(current);
      },
      () => setFailed(true),
    );
  }, [services.http, userId]);
  useEffect(load, [load]);
  if (failed) return <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={load} />;
  if (!stations) return <p>{t('loading')}</p>;
  const submit = async () => {
    setBusy(true);
    setError('');
    try {
      await submitDefaultStation(services.http, chosen, userId);
      services.notify.success(t('stationSaved'));
    } catch (cause) {
      const text = refusal(services, cause, t('stationFailed'));
      if (text) setError(text);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form
      onSubmit={() => void submit()}
      label={t('tabStation')}
      errorText={errorTextOf(t)}
      labelWidth={labelWidth}
      busy={busy}
    >
      <SelectField
        label={t('defaultStation')}
        value={chosen}
        onChange={setChosen}
        placeholder={t('chooseStation')}
        options={stations.map((s) => ({ value: s.deptId, label: s.name }))}
        validate={() => validateRequiredText(chosen, 'value')}
        required
      />
      <TabEnd error={error} busy={busy} label={t('saveStation')} />
    </Form>
  );
}
