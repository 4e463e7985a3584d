import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { AppContext } from '../context.ts';
import type { UserRow } from '../db/repos/users.ts';
import { badRequest } from '../http/envelope.ts';
import { t } from '../http/messages.ts';
import { aesDecrypt } from '../security/aes.ts';
import { checkPolicy, hashPassword } from '../security/passwords.ts';

export const ACCOUNT = Type.String({ pattern: '^[A-Za-z0-9_.@-]{2,32}$' });
/**
 * The user form of the system pages (packages/apps/system/src/users/user-rules.ts) checks the same rules:
 * an account of 2-32 letters, digits or `_ . @ -` (the sign-in account; DECISIONS 7's user name within 10 is
 * the user name, not the account), a real name of 2-5
 * characters, a mobile number (DECISIONS 8), an email of DECISIONS 8 within 40. Both are tested with one
 * table of values (packages/apps/system/test-support/rule-cases.ts).
 */
export const USER_ACCOUNT = ACCOUNT;
export const REAL_NAME = Type.String({ minLength: 2, maxLength: 5, pattern: '^[^<>`]*[^\\s<>`][^<>`]*$' });
export const PHONE_OR_EMPTY = Type.String({ pattern: '^(1(?:[346789][0-9]|5[0-35-9])[0-9]{8})?$' });
export const EMAIL_OR_EMPTY = Type.String({
  maxLength: 40,
  pattern: '^([^\\s@<>`]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\\.)+[A-Za-z]{2,})?$',
});
export const AVATAR = Type.String({
  maxLength: 500,
  pattern: '^(|/(?![/\\\\])[^\\s<>"]*|https?://[^\\s<>"]+)$',
});
export const NAME = Type.String({ maxLength: 20, pattern: '^[^<>`]*$' });

/** A user's department id as the API writes it ('' without one). */
export const deptIdOf = (user: UserRow): string => (user.dept_id ? String(user.dept_id) : '');

/** The name of a user's department ('' without one). */
export async function deptNameOf(ctx: AppContext, user: UserRow): Promise<string> {
  const dept = user.dept_id ? await ctx.repos.depts.byId(user.tenant_id, user.dept_id) : undefined;
  return dept?.dept_name ?? '';
}

export async function userDto(ctx: AppContext, user: UserRow) {
  const [roles, deptName] = await Promise.all([
    ctx.repos.users.roles(user.tenant_id, user.role_ids),
    deptNameOf(ctx, user),
  ]);
  return {
    id: String(user.id),
    tenantId: user.tenant_id,
    account: user.account,
    name: user.name,
    realName: user.real_name,
    avatar: user.avatar,
    email: user.email,
    phone: user.phone,
    roleId: user.role_ids,
    roleName: roles.map((r) => r.role_name).join(','),
    deptId: deptIdOf(user),
    deptName,
    isInit: user.is_init,
    status: user.status,
    createTime: user.create_time,
  };
}

/**
 * New passwords travel AES-encrypted (same scheme as usernames); both must decrypt, be equal and satisfy
 * the spec §5 policy. Returns the scrypt hash to store.
 */
export function newPasswordHash(
  request: FastifyRequest,
  ctx: AppContext,
  account: string,
  encrypted: string,
  encryptedAgain: string,
): string {
  const first = ctx.aesKey ? aesDecrypt(encrypted, ctx.aesKey) : null;
  const second = ctx.aesKey ? aesDecrypt(encryptedAgain, ctx.aesKey) : null;
  if (first === null || second === null) throw badRequest(t(request, 'passwordDecrypt'));
  if (first !== second) throw badRequest(t(request, 'passwordMismatch'));
  const problem = checkPolicy(first, account);
  if (problem) throw badRequest(t(request, problem));
  return hashPassword(first, ctx.options.passwordCost);
}
