import { afterLoginPath, PATHS, safeRedirect } from '@ops/shared';

/** The platform's default password (docs/api.md: accounts created or reset by an admin get it). */
export const DEFAULT_PASSWORD = '123456';
/** The welcome page: `/` resolves to the configured home through the route guard. */
const WELCOME_PATH = PATHS.home;

/** The fields of a token answer (docs/api.md section 3) the sign-in flow looks at. */
export interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  hz_access_token?: string;
  tenant_id?: string;
  user_id?: string;
  account?: string;
  role_name?: string;
  oauth_id?: string;
  is_init?: number | string;
  isInit?: number | string;
  error_description?: string;
  /** The landing directive (spec §3; see `landingPath`). */
  appCode?: string;
  menuPath?: string;
  showAppCode?: string;
  showMenuPath?: string;
  redirect?: string;
  [field: string]: unknown;
}

export interface FlowContext {
  /** The tenant the user signed in to (typed, or from the URL). */
  tenantId: string;
  /** The `redirect` query of the login page. */
  redirect?: string | null;
  /** The password typed on a password login (only to spot the platform default). */
  password?: string;
  /**
   * The `tenantId` of the login link the user came with (spec §4 source tenant): every later sign-out,
   * forced or not, returns to `/login?tenantId=` of it.
   */
  sourceTenantId?: string | null;
  /** The signed-in user's system is the visual one (spec §4 System type): `showAppCode`/`showMenuPath` apply. */
  visual?: boolean;
}

export type AfterToken =
  /** `error_description` in the answer: shown, nobody is signed in. */
  | { kind: 'error'; message: string }
  /** An answer without tokens and without a description: a generic failure. */
  | { kind: 'invalid' }
  /** A social identity bound to no account: a guest token to register with. */
  | { kind: 'register'; tenantId: string; oauthId: string }
  /** First login (`isInit` 1 or '1', DECISIONS 4): a warning, then the forced password change. */
  | { kind: 'init'; path: string }
  /** Signed in: open the page, the welcome page as the first tag unless a redirect asked for another. */
  | { kind: 'signed-in'; path: string; welcome: boolean; remindDefaultPassword: boolean };

/**
 * Where the login page sends a fresh sign-in: its `redirect`, else the AI page when `isBigModel=true`
 * (spec §2: as the route guard does for a visit already signed in), else nothing (the welcome page).
 */
export function loginRedirect(query: URLSearchParams): string | null {
  return query.get('redirect') ?? (query.get('isBigModel') === 'true' ? PATHS.assistant : null);
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** A menu path under its app: `/{appCode}{menuPath}` unless the path is already under `/{appCode}`. */
function appPagePath(appCode: string, menuPath: string): string | null {
  if (!menuPath) return null;
  const path = menuPath.startsWith('/') ? menuPath : `/${menuPath}`;
  const under = !appCode || path === `/${appCode}` || path.startsWith(`/${appCode}/`);
  return safeRedirect(under ? path : `/${appCode}${path}`);
}

/**
 * Where the login answer sends the user (spec §3, docs/decisions.md issue 28): its `redirect`, else in the
 * visual system `showAppCode` + `showMenuPath`, else `appCode` + `menuPath` (the management system's
 * landing page); every one only as a same-origin path (DECISIONS 2). Null when it names none.
 */
export function landingPath(answer: TokenAnswer, visual = false): string | null {
  const show = visual ? appPagePath(text(answer.showAppCode), text(answer.showMenuPath)) : null;
  return (
    safeRedirect(text(answer.redirect)) ?? show ?? appPagePath(text(answer.appCode), text(answer.menuPath))
  );
}

export const isInitFlag = (value: unknown): boolean => value === 1 || value === '1';

export function editPasswordPath(tenantId: string): string {
  return `${PATHS.editPassword}?${new URLSearchParams({ tenantId })}`;
}

/** What happens after a token answer (spec §4 Login success, §8). Pure: the caller does the effects. */
export function afterToken(answer: TokenAnswer | null | undefined, ctx: FlowContext): AfterToken {
  if (!answer || typeof answer !== 'object') return { kind: 'invalid' };
  const description = answer.error_description;
  if (typeof description === 'string' && description.trim() !== '') {
    return { kind: 'error', message: description };
  }
  if (typeof answer.access_token !== 'string' || answer.access_token === '') return { kind: 'invalid' };
  const tenantId = answer.tenant_id || ctx.tenantId;
  const roles = String(answer.role_name ?? '').split(',');
  if (!answer.user_id && roles.includes('guest') && answer.oauth_id) {
    return { kind: 'register', tenantId, oauthId: String(answer.oauth_id) };
  }
  if (isInitFlag(answer.is_init) || isInitFlag(answer.isInit)) {
    return { kind: 'init', path: editPasswordPath(tenantId) };
  }
  // The login page's own `redirect` wins over where the answer sends the user.
  const path = afterLoginPath(ctx.redirect, landingPath(answer, ctx.visual) ?? WELCOME_PATH);
  return {
    kind: 'signed-in',
    path,
    welcome: path === WELCOME_PATH,
    remindDefaultPassword: ctx.password === DEFAULT_PASSWORD,
  };
}
