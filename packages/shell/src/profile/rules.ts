import type { FormResult, ValidationFailure } from '@ops/shared';
import { validateAvatarType, validateEmail, validateNickName, validateRealName } from '@ops/shared/rules';

/** The profile dialog's tabs (spec §2): change password always; phone and default station with IMS on. */
export type ProfileTab = 'password' | 'phone' | 'station';

export function profileTabs(imsEnabled: boolean): ProfileTab[] {
  return imsEnabled ? ['password', 'phone', 'station'] : ['password'];
}

/**
 * The tab a key moves to in the tab list (WAI-ARIA tabs): arrows step round, Home and End go to the ends;
 * null for any other key.
 */
export function tabAfterKey<T>(tabs: readonly T[], current: T, key: string): T | null {
  const at = tabs.indexOf(current);
  const moves: Record<string, number> = {
    ArrowRight: (at + 1) % tabs.length,
    ArrowLeft: (at - 1 + tabs.length) % tabs.length,
    Home: 0,
    End: tabs.length - 1,
  };
  return key in moves ? (tabs[moves[key]!] as T) : null;
}

/** Help-document download is an IMS feature (spec §6). */
export const showsHelpDocument = (imsEnabled: boolean): boolean => imsEnabled;

/** The same-origin address of the help document (a static file of the site). */
export const HELP_DOCUMENT_PATH = '/help/console-help.pdf';
export const HELP_DOCUMENT_NAME = 'console-help.pdf';

/** The user as `GET /api/blade-system/user/info` answers it (docs/api.md section 4). */
export interface ProfileUser {
  id: string;
  account: string;
  name: string;
  realName: string;
  email: string;
  phone: string;
  avatar: string;
  deptId: string;
  deptName: string;
}

const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

export function readUser(data: unknown): ProfileUser {
  const d = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  return {
    id: text(d.id),
    account: text(d.account),
    name: text(d.name),
    realName: text(d.realName),
    email: text(d.email),
    phone: text(d.phone),
    avatar: text(d.avatar),
    deptId: text(d.deptId),
    deptName: text(d.deptName),
  };
}

/** The facts the dialog shows (spec §2): name, account, phone, department; a dash for an empty one. */
export function profileFacts(
  user: ProfileUser,
): { key: 'realName' | 'account' | 'phone' | 'dept'; value: string }[] {
  const dash = (value: string) => value.trim() || '—';
  return [
    { key: 'realName', value: dash(user.realName || user.name) },
    { key: 'account', value: dash(user.account) },
    { key: 'phone', value: dash(user.phone) },
    { key: 'dept', value: dash(user.deptName) },
  ];
}

/** The personal-info form of `/info/index`: what `update-info` changes. */
export interface InfoForm {
  realName: string;
  name: string;
  email: string;
}

export type InfoField = keyof InfoForm;

export const infoFormOf = (user: ProfileUser): InfoForm => ({
  realName: user.realName,
  name: user.name,
  email: user.email,
});

/** DECISIONS 7, 8: real name 2-5 characters (required); nickname within 20; email within 40, valid. */
export function validateInfo(form: InfoForm): FormResult<InfoField> {
  const checks: [InfoField, ReturnType<typeof validateRealName>][] = [
    ['realName', validateRealName(form.realName.trim(), { required: true })],
    ['name', validateNickName(form.name.trim())],
    ['email', validateEmail(form.email.trim())],
  ];
  const errors: Partial<Record<InfoField, ValidationFailure>> = {};
  let first: { field: InfoField } & ValidationFailure = undefined as never;
  for (const [field, result] of checks) {
    if (result.ok) continue;
    errors[field] = result;
    first ??= { field, ...result };
  }
  return first ? { ok: false, errors, first } : { ok: true };
}

/** The body of `update-info`: trimmed fields. */
export const infoBody = (form: InfoForm): InfoForm => ({
  realName: form.realName.trim(),
  name: form.name.trim(),
  email: form.email.trim(),
});

export const infoChanged = (form: InfoForm, user: ProfileUser): boolean => {
  const body = infoBody(form);
  return body.realName !== user.realName || body.name !== user.name || body.email !== user.email;
};

/** The body of `oauth/updatePhone` (docs/api.md section 4): the phone, the code and the code's id. */
export const phoneBody = (phone: string, code: string, codeId: string) => ({
  phone: phone.trim(),
  captcha: code.trim(),
  id: codeId,
});

/** The body of `userDept/config/submit`. */
export const stationBody = (deptId: string, userId: string) => ({ deptId, userId });

/** A station of the department tree (`deptCategory` 4), for the default-station choice. */
export interface StationOption {
  deptId: string;
  name: string;
}

/** The stations of `getHydropowerTree`, depth first, each once. */
export function stationsOf(tree: unknown): StationOption[] {
  const found = new Map<string, string>();
  const walk = (nodes: unknown) => {
    if (!Array.isArray(nodes)) return;
    for (const node of nodes) {
      if (!node || typeof node !== 'object') continue;
      const n = node as Record<string, unknown>;
      const id = text(n.deptId) || text(n.id);
      if (Number(n.deptCategory) === 4 && id && !found.has(id))
        found.set(id, text(n.title) || text(n.name) || id);
      walk(n.children);
    }
  };
  walk(tree);
  return [...found].map(([deptId, name]) => ({ deptId, name }));
}

/** Spec §5: an avatar's type must start with `image/`; anything else is refused before sending. */
export const avatarAccepted = (file: { type?: string | null } | null | undefined): boolean =>
  validateAvatarType(file).ok;
