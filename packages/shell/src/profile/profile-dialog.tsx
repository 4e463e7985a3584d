import { holdStylesheet } from '@ops/shared';
import { Button, confirm, Dialog, LoadFailed } from '@ops/ui';
import { type KeyboardEvent, useCallback, useEffect, useId, useLayoutEffect, useState } from 'react';
import { useShellText } from '../shared/i18n';
import type { ShellServices } from '../shared/services';
import { signOutAndLeave } from '../shared/sign-out';
import { downloadHelpDocument, fetchUser } from './api';
import { AvatarPicker } from './avatar-picker';
import { PasswordTab } from './password-tab';
import { PhoneTab } from './phone-tab';
import href from './profile.css';
import {
  HELP_DOCUMENT_NAME,
  type ProfileTab,
  type ProfileUser,
  profileFacts,
  profileTabs,
  showsHelpDocument,
  tabAfterKey,
} from './rules';
import { StationTab } from './station-tab';
import { PROFILE_TEXTS } from './texts';

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
    const next = tabAfterKey(tabs, tab, event.key);
    if (!next) return;
    event.preventDefault();
    setTab(next);
    document.getElementById(`${id}-tab-${next}`)?.focus();
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
              className="ops-tab ops-profile__tab"
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
