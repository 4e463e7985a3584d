import { currentLanguage, onLanguageChange, type Runtime, setLanguage } from '@ops/shared';
import { message } from '@ops/ui';
import { navigateToUrl } from 'single-spa';
import type { ShellServices } from './services';

/** Goes to a path; `replace` keeps the current entry out of the history (redirects, sign-in results). */
export function navigate(path: string, options?: { replace?: boolean }): void {
  if (options?.replace) history.replaceState(history.state, '', path);
  else navigateToUrl(path);
}

/** The shell's services, made of the started runtime: the real client, session, lock, config and toasts. */
export function shellServices(rt: Runtime): ShellServices {
  return {
    http: rt.api.http,
    session: rt.session,
    lock: rt.lock,
    config: rt.config,
    language: { current: currentLanguage, set: setLanguage, subscribe: onLanguageChange },
    navigate,
    notify: {
      success: (text) => message.success(text),
      warning: (text) => message.warning(text),
      error: (text) => message.error(text),
      info: (text) => message.info(text),
    },
  };
}
