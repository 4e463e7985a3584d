import type { Language } from '../services';
import { format } from './i18n';

/**
 * The shared validators answer `{ error: 'validation.*', params: { field: 'common:field.*' } }`. Until the
 * shared i18n's `common` namespace is reachable from the barrel, these pages word them from this table.
 */
const MESSAGES: Record<Language, Record<string, string>> = {
  zh: {
    'validation.required': '请输入{field}',
    'validation.lengthBetween': '{field}长度须为 {min} 到 {max} 个字符',
    'validation.maxLength': '{field}不能超过 {max} 个字符',
    'validation.lockPasswordRequired': '请输入锁屏密码',
    'validation.passwordClasses': '密码须包含大写字母、小写字母、数字、特殊字符中的至少三种',
    'validation.passwordMismatch': '两次输入的密码不一致',
    'validation.passwordContainsAccount': '密码不能包含账号',
  },
  en: {
    'validation.required': '{field} is required',
    'validation.lengthBetween': '{field} must be {min} to {max} characters long',
    'validation.maxLength': '{field} must be at most {max} characters',
    'validation.lockPasswordRequired': 'Please enter a lock password',
    'validation.passwordClasses':
      'The password must use at least three of: uppercase letters, lowercase letters, digits, special characters',
    'validation.passwordMismatch': 'The two passwords do not match',
    'validation.passwordContainsAccount': 'The password must not contain the account',
  },
};

const FIELDS: Record<Language, Record<string, string>> = {
  zh: {
    tenantId: '租户ID',
    account: '账号',
    password: '密码',
    password2: '确认密码',
    oldPassword: '原密码',
    newPassword: '新密码',
    confirmPassword: '确认密码',
    captcha: '验证码',
    phone: '手机号码',
    lockPassword: '锁屏密码',
  },
  en: {
    tenantId: 'Tenant ID',
    account: 'Account',
    password: 'Password',
    password2: 'Confirm password',
    oldPassword: 'Old password',
    newPassword: 'New password',
    confirmPassword: 'Confirm password',
    captcha: 'Verification code',
    phone: 'Phone number',
    lockPassword: 'Lock password',
  },
};

export function validationText(lang: Language, key: string, params?: Record<string, unknown>): string {
  const fieldName = String(params?.field ?? '').replace(/^common:field\./, '');
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params ?? {})) values[name] = value as string | number;
  values.field = FIELDS[lang][fieldName] ?? FIELDS.zh[fieldName] ?? fieldName;
  return format(MESSAGES[lang][key] ?? MESSAGES.zh[key] ?? key, values);
}
