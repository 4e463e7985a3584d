import { type Language, parseSiteConfig, setLanguage } from '@ops/shared';
import { MessageHost } from '@ops/ui';
import { renderToString } from 'react-dom/server';
import { PublicPage } from './public-page';
import type { ShellServices } from './shared/services';

/**
 * The login page's markup as the shell's first render on `/login` makes it (issue 31), for the build to
 * store and the server to send inside the shell's container. The tree mirrors the shell's own (the page,
 * the message host, the forced-logout slot) so `useId` answers the same on both sides; only what the
 * first render reads is given: the site config, the language, an empty storage (no recalled account).
 */
export function loginMarkup(language: Language, rawConfig: unknown): string {
  setLanguage(language);
  const config = parseSiteConfig(rawConfig);
  const unused = () => {
    throw new Error('prerender: the first render of the login page calls no service');
  };
  const services = {
    config,
    storage: { get: () => null },
    language: { current: () => language, set: unused, subscribe: () => () => undefined },
    navigate: unused,
  } as unknown as ShellServices;
  return renderToString(
    <>
      <PublicPage path="/login" search="" services={services} />
      <MessageHost />
      {false}
    </>,
  );
}
