import {
  all,
  charsBetween,
  email,
  matches,
  mobile,
  optional,
  type Rule,
  type RuleResult,
  required,
  shownText,
  text,
  trimmed,
} from '../field-rules';

/**
 * The user form (docs/api.md section 4): its fields, their rules (spec §5 locale rules, DECISIONS 7-8) and
 * the bodies of user/submit and user/update. The server's schema (packages/server/src/routes/user-model.ts)
 * refuses exactly what these refuse.
 */

export interface UserForm {
  account: string;
  realName: string;
  name: string;
  phone: string;
  email: string;
  roleIds: string[];
  deptId: string;
}

export type UserTextField = Exclude<keyof UserForm, 'roleIds' | 'deptId'>;

export const EMPTY_USER: UserForm = {
  account: '',
  realName: '',
  name: '',
  phone: '',
  email: '',
  roleIds: [],
  deptId: '',
};

/** Account: the user name of DECISIONS 7 (within 10), 2 or more letters, digits or `_ . @ -`. */
const ACCOUNT = /^[A-Za-z0-9_.@-]{2,32}$/;

export const USER_RULES: Record<UserTextField, Rule> = {
  account: all(required, matches(ACCOUNT, 'rules.account')),
  realName: all(required, charsBetween(2, 5), shownText),
  name: text(20),
  phone: optional(mobile),
  email: optional(email),
};

/** The rule of a field as the form checks it: on the trimmed value, which is what it sends. */
export const checkUserField = (field: UserTextField, value: string): RuleResult =>
  USER_RULES[field](value.trim());

/** A new user needs at least one role. */
export const checkRoles = (roleIds: readonly string[]): RuleResult =>
  roleIds.length > 0 ? { ok: true } : { ok: false, error: 'rules.roles' };

const common = (f: UserForm) => ({
  realName: f.realName,
  name: f.name,
  phone: f.phone,
  email: f.email,
  ...(f.roleIds.length > 0 ? { roleId: f.roleIds.join(',') } : {}),
  ...(f.deptId ? { deptId: f.deptId } : {}),
});

/** The body of user/submit (a new user) or user/update (`id`: the account does not change). */
export function userBody(form: UserForm, id?: string) {
  const f = trimmed(form);
  return id ? { id, ...common(f) } : { account: f.account, ...common(f) };
}
