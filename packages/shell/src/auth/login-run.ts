import type { TokenAnswer } from './login-flow';
import type { AuthT } from './texts';

export interface RunContext {
  tenantId: string;
  /** The typed password (default-password reminder). */
  password?: string;
  loginFree?: boolean;
  /** The force-login retry of a password login (conflict). */
  retry?: (uuid: string) => Promise<TokenAnswer>;
}

/** What a sign-in attempt came to, for the form that started it (e.g. refresh the captcha unless signed in). */
export type RunOutcome = 'signed-in' | 'failed' | 'conflict' | 'register';

export type LoginRun = (request: () => Promise<TokenAnswer>, ctx: RunContext) => Promise<RunOutcome>;

/** What the login page gives each sign-in mode: the tenant it shares between modes, and the one sign-in. */
export interface ModeProps {
  tenantId: string;
  onTenantId: (value: string) => void;
  /**
   * The tenant field's lock: set when the site's domain names the tenant (read-only, with its name as the
   * hint; docs/decisions.md issue 28).
   */
  tenantLock?: { readOnly: true; hint: string };
  t: AuthT;
  /** A sign-in is under way. */
  busy: boolean;
  run: LoginRun;
}
