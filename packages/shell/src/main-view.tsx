import { bus, matchRoute, PATHS } from '@ops/shared';
import { createPortal } from 'react-dom';
import { CartPage } from './cart';
import { DeviceControlPage } from './device-control';
import { EnvironmentPage } from './environment';
import { HomePage } from './home/home-page';
import { IframePage } from './iframe/iframe-page';
import { MessageCentrePage } from './message-centre';
import { InfoPage } from './profile';
import type { ShellServices } from './shared/services';
import { SiteSwitchPage } from './site-switch';

/**
 * The shell's own pages of the chrome (`chrome` routes of the route table) and the iframe route,
 * rendered into the page frame's main view, where sub-apps mount too. A chrome route the shell does not
 * implement yet (or a sub-app renders: the leave process's) renders nothing here.
 */
export function ShellPage({
  path,
  title,
  frameOrigins,
  services,
}: {
  path: string;
  /** The page's name (its menu item's), for the iframe's title. */
  title?: string;
  frameOrigins: readonly string[];
  /** The runtime's objects for the pages that call the server or read the session. */
  services: ShellServices;
}) {
  const target = document.getElementById('ops-main-view');
  const match = matchRoute(path);
  if (target && match?.route.kind === 'iframe') {
    return createPortal(
      <IframePage target={match.params.routerPath ?? ''} title={title} frameOrigins={frameOrigins} />,
      target,
    );
  }
  if (!target || match?.route.kind !== 'chrome') return null;
  switch (match.route.pattern) {
    case PATHS.index:
      return createPortal(<HomePage />, target);
    case '/test/index':
      return createPortal(<EnvironmentPage services={services} />, target);
    case PATHS.siteSwitch:
      return createPortal(<SiteSwitchPage services={services} />, target);
    case '/market/cart':
      return createPortal(<CartPage services={services} />, target);
    case PATHS.deviceControl:
      // The console's one bus: the page opens the remote-control parcel with a request on it.
      return createPortal(<DeviceControlPage services={services} bus={bus} />, target);
    case PATHS.personalInfo:
      return createPortal(<InfoPage services={services} />, target);
    case PATHS.messageCentre:
      return createPortal(<MessageCentrePage services={services} />, target);
    default:
      return null;
  }
}
