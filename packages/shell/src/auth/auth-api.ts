import type { Http } from '@ops/shared';
import { type ButtonNode, envelopeData, isHttpError, loadCrypto, shouldEncryptUsername } from '@ops/shared';
import type { AxiosRequestConfig } from 'axios';
import { conflictUuid } from './conflict';
import type { TokenAnswer } from './login-flow';

/** The sign-in calls of docs/api.md section 3, each taking the shared axios instance. */
const SYSTEM = '/api/blade-system';
const TOKEN_URL = `${SYSTEM}/oauth/token`;
/** Token answers the page shows itself (error_description under the form), not as a toast. */
const TOKEN_QUIET_CODES = [400, 429] as const;

/** The login conflict (code 1800100001): the login page asks, and a force login repeats with the uuid. */
export class LoginConflict extends Error {
  override readonly name = 'LoginConflict';
  constructor(
    readonly uuid: string,
    /** The server's question (msg), in the request's language. */
    readonly question: string,
  ) {
    super(question || 'login conflict');
  }
}

/**
 * Posts a grant to the token endpoint (form body, so no password travels in a URL). A conflict becomes a
 * `LoginConflict`; a refused login (400/429 with `error_description`) resolves with its body, which the
 * login flow shows; anything else rejects as the shared client reported it (already shown to the user).
 */
async function requestToken(
  http: Http,
  tenantId: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<TokenAnswer> {
  const body = new URLSearchParams({ tenantId, scope: 'all', ...fields });
  const config: AxiosRequestConfig = {
    headers: { 'Tenant-Id': tenantId, 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    quietCodes: TOKEN_QUIET_CODES,
  };
  try {
    const answer = await http.post<TokenAnswer>(TOKEN_URL, body.toString(), config);
    return answer.data;
  } catch (error) {
    if (!isHttpError(error)) throw error;
    const uuid = conflictUuid(error.data);
    if (error.kind === 'conflict' || uuid) {
      const msg = (error.data as { msg?: unknown } | undefined)?.msg;
      throw new LoginConflict(uuid, typeof msg === 'string' ? msg : (error.msg ?? ''));
    }
    if (error.kind === 'whitelisted') {
      const data = error.data && typeof error.data === 'object' ? (error.data as TokenAnswer) : {};
      const description = data.error_description || error.msg || '';
      return { ...data, error_description: description || 'error' };
    }
    throw error;
  }
}

export interface SystemParamsAnswer {
  isSystemAuthentication: string;
  gglmOpenRelation: string;
}

/** Whether the tenant's usernames are AES-encrypted on login (`isSystemAuthentication`). */
export async function fetchPublicParams(http: Http, tenantId: string): Promise<SystemParamsAnswer> {
  return envelopeData(await http.get(`${SYSTEM}/param/public`, { params: { tenantId }, quietCodes: [404] }));
}

export interface DomainTenant {
  tenantId: string;
  tenantName: string;
}

/**
 * The tenant the site's domain belongs to (`tenant/info?domain=`), or null when none does (404) or the
 * address is not a domain the server takes (400): the login page then asks for the tenant.
 */
export async function fetchDomainTenant(http: Http, domain: string): Promise<DomainTenant | null> {
  try {
    const data = envelopeData<DomainTenant>(
      await http.get(`${SYSTEM}/tenant/info`, { params: { domain }, quietCodes: [400, 404] }),
    );
    return data?.tenantId ? { tenantId: data.tenantId, tenantName: data.tenantName ?? '' } : null;
  } catch {
    return null;
  }
}

export interface PasswordLogin {
  tenantId: string;
  username: string;
  password: string;
  captchaKey?: string;
  captchaCode?: string;
  aesKey: string;
  systemParams?: { isSystemAuthentication?: string | number | null } | null;
}

export async function passwordLogin(http: Http, login: PasswordLogin): Promise<TokenAnswer> {
  const { encryptAes, loginPassword } = await loadCrypto();
  const username = shouldEncryptUsername(login.systemParams)
    ? encryptAes(login.username, login.aesKey)
    : login.username;
  const headers: Record<string, string> = {};
  if (login.captchaKey && login.captchaCode) {
    headers['Captcha-Key'] = login.captchaKey;
    headers['Captcha-Code'] = login.captchaCode;
  }
  return requestToken(
    http,
    login.tenantId,
    { grant_type: 'password', username, password: loginPassword(login.password), type: 'account' },
    headers,
  );
}

/** The force-login retry: the uuid, the plain username and the plain md5 (spec §4 "no md5" wrapping). */
export async function forceLogin(
  http: Http,
  login: { tenantId: string; username: string; password: string; uuid: string },
): Promise<TokenAnswer> {
  const { md5Hex } = await loadCrypto();
  return requestToken(http, login.tenantId, {
    grant_type: 'password',
    username: login.username,
    password: md5Hex(login.password),
    uuid: login.uuid,
    type: 'account',
  });
}

/** Sends a phone code (bound to the tenant when one is given); answers the code id. */
export async function sendPhoneCode(http: Http, phone: string, tenantId?: string): Promise<string> {
  const answer = tenantId
    ? await http.get(`${SYSTEM}/oauth/phone-code-by-tenantId`, { params: { phone, tenantId } })
    : await http.get(`${SYSTEM}/oauth/phone-code`, { params: { phone } });
  return envelopeData<{ id: string }>(answer).id;
}

export interface PasswordRetrieval {
  tenantId: string;
  phone: string;
  codeId: string;
  code: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * Forgot password (spec §7 retrieve-password): the phone code proves the account; both new copies travel
 * AES-encrypted, as on every password change. A refusal (400) reaches the caller quietly, to be shown.
 */
export async function retrievePassword(http: Http, form: PasswordRetrieval, aesKey: string): Promise<void> {
  const { encryptAes } = await loadCrypto();
  const body = {
    tenantId: form.tenantId,
    phone: form.phone,
    id: form.codeId,
    captcha: form.code,
    newPassword: encryptAes(form.newPassword, aesKey),
    newPassword1: encryptAes(form.confirmPassword, aesKey),
  };
  await http.post(`${SYSTEM}/user/retrieve-password`, body, { quietCodes: [400] });
}

export function phoneLogin(
  http: Http,
  login: { tenantId: string; phone: string; codeId: string; code: string },
): Promise<TokenAnswer> {
  return requestToken(
    http,
    login.tenantId,
    { grant_type: 'phoneCode', phone: login.phone },
    { 'phone-code-key': login.codeId, 'phone-code-code': login.code },
  );
}

export interface SocialCode {
  source: string;
  code: string;
  state: string;
  tenantId: string;
}

export function socialLogin(http: Http, social: SocialCode): Promise<TokenAnswer> {
  return requestToken(http, social.tenantId, {
    grant_type: 'social',
    source: social.source,
    code: social.code,
    state: social.state,
  });
}

export interface QrCode {
  checkId: string;
  qrCode: string;
  url: string;
  expiresIn: number;
}

export async function generateQrCode(http: Http, tenantId: string, host?: string): Promise<QrCode> {
  return envelopeData(
    await http.get(`${SYSTEM}/wxPush/generate/qrCode`, { params: { tenantId: tenantId || undefined, host } }),
  );
}

export type QrStatus = 'pending' | 'confirmed' | 'expired';

/** Polls a QR check; an unknown or expired check (404) is `expired` (stop polling). */
export async function checkQrCode(http: Http, checkId: string): Promise<QrStatus> {
  try {
    const data = envelopeData<{ status: string; confirmed: boolean }>(
      await http.post(`${SYSTEM}/check/callback`, { checkId }, { quietCodes: [404] }),
    );
    return data.confirmed || data.status === 'confirmed' ? 'confirmed' : 'pending';
  } catch (error) {
    if (isHttpError(error) && error.kind === 'whitelisted') return 'expired';
    throw error;
  }
}

export function qrLogin(http: Http, tenantId: string, checkId: string): Promise<TokenAnswer> {
  return requestToken(http, tenantId, { grant_type: 'callback', checkId });
}

/** Login-free: the one-time ticket of `/login?loginFree=true&callback=<ticket>`. */
export function loginFree(http: Http, tenantId: string, callback: string): Promise<TokenAnswer> {
  return requestToken(http, tenantId, { grant_type: 'callback', callback });
}

export async function fetchUserInfo(http: Http): Promise<Record<string, unknown>> {
  return envelopeData(await http.get(`${SYSTEM}/oauth/user-info`));
}

export async function fetchButtons(http: Http): Promise<ButtonNode[]> {
  const data = envelopeData<ButtonNode[] | null>(await http.get(`${SYSTEM}/menu/buttons`));
  return Array.isArray(data) ? data : [];
}

export interface GuestRegistration {
  tenantId: string;
  name: string;
  account: string;
  password: string;
  password2: string;
  oauthId?: string;
}

/** Register-guest with the guest token of an unbound social identity; passwords AES-encrypted. */
export async function registerGuest(
  http: Http,
  form: GuestRegistration,
  aesKey: string,
): Promise<{ user_id: string; account: string; tenant_id: string }> {
  const { encryptAes } = await loadCrypto();
  const body = {
    tenantId: form.tenantId,
    name: form.name || form.account,
    account: form.account,
    password: encryptAes(form.password, aesKey),
    password2: encryptAes(form.password2, aesKey),
    ...(form.oauthId ? { oauthId: form.oauthId } : {}),
  };
  return envelopeData(await http.post(`${SYSTEM}/register-guest`, body, { quietCodes: [400, 403] }));
}
