import type { HostServices, LoadModule, Runtime } from '@ops/shared';
import { message } from '@ops/ui';
import type { ShellServices } from './services';

/** The shell's services, made of the started runtime, the host's services and the module loader. */
export function shellServices(rt: Runtime, host: HostServices, loadModule: LoadModule): ShellServices {
  return {
    http: rt.api.http,
    session: rt.session,
    lock: rt.lock,
    config: rt.config,
    storage: rt.storage,
    serverTexts: rt.serverTexts,
    language: host.language,
    navigate: host.navigate,
    leave: (url) => location.assign(url),
    signOut: () => rt.signOut(),
    errorLog: rt.errorLog,
    notify: {
      success: (text) => message.success(text),
      warning: (text) => message.warning(text),
      error: (text) => message.error(text),
      info: (text) => message.info(text),
    },
    bus: rt.bus,
    host,
    loadModule,
  };
}
