import { PATHS, type SessionState } from '@ops/shared';
import { confirm } from '@ops/ui';
import { useLoad, useUnmountSignal } from '@ops/ui/load';
import { type ReactNode, useState } from 'react';
import { LockDialog, lockNow } from './lock/lock-dialog';
import { useShellText } from './shared/i18n';
import type { ShellServices } from './shared/services';
import { signOutAndLeave } from './shared/sign-out';
import { SiteSwitchDialog } from './site-switch';
import type { TagStore } from './tags/store';
import { downloadMobileApp, fetchMobileAppUrl } from './topbar/mobile-app';
import { userMenuItems } from './topbar/rules';
import { TOPBAR_TEXTS } from './topbar/texts';
import type { UserMenuAction } from './topbar/user-menu';

export interface UserActions {
  /** The signed-in user's name, as the user menu shows it. */
  name: string;
  items: UserMenuAction[];
  act(action: UserMenuAction): void;
  /** The dialogs the actions open (lock, site switch). */
  dialogs: ReactNode;
}

/**
 * What the user menu does (spec §2 Shell parts, §4 Lock and Site switch): its entries for the session and
 * each action, which reach into the lock, the site switch, the tags and the sign-out. A composition of
 * those features, so it sits beside the chrome that composes them.
 */
export function useUserActions(
  services: ShellServices,
  session: SessionState,
  { home, tags }: { home: string; tags: TagStore },
): UserActions {
  const { t } = useShellText(TOPBAR_TEXTS);
  const [lockOpen, setLockOpen] = useState(false);
  const [siteOpen, setSiteOpen] = useState(false);
  const info = session.userInfo;
  const signal = useUnmountSignal();
  const apkPackage = services.config.apkPackageName;
  const apk = useLoad((s) => fetchMobileAppUrl(services.http, apkPackage, s), `apk:${apkPackage}`, signal);
  const mobileAppUrl = apk.load.state === 'done' ? apk.load.data : '';

  const act = async (action: UserMenuAction) => {
    switch (action) {
      case 'home':
        return services.navigate(home);
      case 'personalInfo':
        return services.navigate(PATHS.personalInfo);
      case 'switchSite':
        // Spec §2: the site-switch dialog (70%); the same table is the page /site/switch.
        return setSiteOpen(true);
      case 'returnToMainSite':
        // Spec §4 Site switch: clears the sub-station and the tags, and loads home.
        services.session.update({ subStation: null });
        tags.reset();
        return services.navigate(home);
      case 'mobileApp':
        return downloadMobileApp(mobileAppUrl);
      case 'lock':
        if (!(await lockNow(services))) setLockOpen(true);
        return;
      case 'logout':
        return signOutAndLeave(services, () => confirm({ message: t('logoutConfirm') }));
    }
  };

  return {
    name: info?.real_name || info?.nick_name || info?.user_name || info?.account || '',
    items: userMenuItems({
      stationFlag: services.config.stationEnabled,
      tenantId: session.tenantId,
      mobileAppUrl,
    }),
    act: (action) => void act(action),
    dialogs: (
      <>
        <LockDialog services={services} open={lockOpen} onClose={() => setLockOpen(false)} />
        <SiteSwitchDialog
          services={services}
          open={siteOpen}
          onClose={() => setSiteOpen(false)}
          home={home}
        />
      </>
    ),
  };
}
