import { type ChromePageKey, matchRoute, type SystemType } from '@ops/shared';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { AssistantPage } from './assistant-robot/robot';
import { CartPage } from './cart';
import { DeviceControlPage } from './device-control';
import { EnvironmentPage } from './environment';
import { HomePage } from './home/home-page';
import { SiteWorkbenchPage } from './home/workbench-page';
import { IframePage } from './iframe/iframe-page';
import { MessageCentrePage } from './message-centre';
import { InfoPage } from './profile';
import type { ShellServices } from './shared/services';
import { SiteSwitchPage } from './site-switch';
import { useParcels } from './slots/parcel-tools';

interface ChromePageProps {
  services: ShellServices;
  /** The route's parameters. */
  params: Readonly<Record<string, string>>;
  /** The page's name (its menu item's). */
  title?: string;
  /** The system the tab shows. */
  system: SystemType;
}

/**
 * The shell's pages in the chrome's main view, by the page key the route table names. The table's type
 * makes this list complete: a route without a page here, or a page here without a route, does not compile
 * (and pages.test.ts says so at run time). Routes a sub-app renders (`app`) are not the shell's.
 */
export const CHROME_PAGES: { readonly [K in ChromePageKey]: (props: ChromePageProps) => ReactNode } = {
  index: ({ services }) => <HomePage services={services} />,
  siteWorkbench: ({ services }) => <SiteWorkbenchPage services={services} />,
  iframe: ({ services, params, title }) => (
    <IframePage target={params.routerPath ?? ''} title={title} frameOrigins={services.config.frameOrigins} />
  ),
  messageCentre: ({ services }) => <MessageCentrePage services={services} />,
  personalInfo: ({ services }) => <InfoPage services={services} />,
  siteSwitch: ({ services }) => <SiteSwitchPage services={services} />,
  assistant: ({ services, system }) => <AllowedAssistantPage services={services} system={system} />,
  // The page opens the remote-control parcel with a request on the console's one bus.
  deviceControl: ({ services }) => <DeviceControlPage services={services} bus={services.bus} />,
  environment: ({ services }) => <EnvironmentPage services={services} />,
  cart: ({ services }) => <CartPage services={services} />,
};

/** The assistant's page, where the session may see the assistant (spec §6, as the robot). */
function AllowedAssistantPage({ services, system }: { services: ShellServices; system: SystemType }) {
  return useParcels(services.session, system).includes('assistant') ? (
    <AssistantPage services={services} />
  ) : null;
}

/** The shell's page of a path, in the page frame's main view, where sub-apps mount too; else nothing. */
export function MainView({
  path,
  title,
  services,
  system,
}: {
  path: string;
  title?: string;
  services: ShellServices;
  system: SystemType;
}) {
  const target = document.getElementById('ops-main-view');
  const match = matchRoute(path);
  const page = match?.route.page;
  if (!target || !match || !page || !(page in CHROME_PAGES)) return null;
  return createPortal(
    CHROME_PAGES[page as ChromePageKey]({ services, params: match.params, title, system }),
    target,
  );
}
