import { DIALOG_WIDTH, Dialog } from '@ops/ui';
import { useShellText } from '../shared/i18n';
import type { ShellServices } from '../shared/services';
import { SiteSwitchView } from './site-switch-view';
import { SITE_TEXTS } from './texts';

export interface SiteSwitchDialogProps {
  open: boolean;
  onClose: () => void;
  services: ShellServices;
  /** Where joining a site goes (the console's home). */
  home: string;
}

/** The site-switch dialog of the user menu (spec §2: 70% wide): the site table; joining closes it and goes home. */
export function SiteSwitchDialog({ open, onClose, services, home }: SiteSwitchDialogProps) {
  const { t } = useShellText(SITE_TEXTS);
  return (
    <Dialog open={open} label={t('title')} width={DIALOG_WIDTH.siteSwitch} onClose={onClose}>
      {open && (
        <SiteSwitchView
          services={services}
          idPrefix="ops-site-switch-dialog"
          onJoined={() => {
            onClose();
            services.navigate(home);
          }}
        />
      )}
    </Dialog>
  );
}
