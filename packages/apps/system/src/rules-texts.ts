import { registerTexts } from '@ops/shared';
import { NS } from './texts';

/** The texts of the field rules (field-rules.ts), shown under the field they check. */
registerTexts(NS, {
  zh: {
    rules: {
      required: '必填',
      maxChars: '不能超过 {{max}} 个字符',
      charsBetween: '须为 {{min}}-{{max}} 个字符',
      shownText: '不能包含 < > `',
      mobile: '请输入正确的手机号码',
      contactNumber: '请输入手机号码或座机号码（如 0751-1234567）',
      email: '请输入正确的邮箱（不超过 40 个字符）',
      domain: '域名格式不正确（如 ops.example.com）',
      kind: '请选择租户类型',
      account: '2-32 个字符：字母、数字或 _ . @ -',
      accountNumber: '请输入 -1（不限）或 0-999999 的整数',
      date: '请输入有效日期（YYYY-MM-DD）',
      roles: '请至少选择一个角色',
      tooLong: '{{field}}不能超过 {{max}} 个字符，未搜索',
    },
  },
  en: {
    rules: {
      required: 'Required',
      maxChars: 'At most {{max}} characters',
      charsBetween: '{{min}} to {{max}} characters',
      shownText: 'Must not contain < > `',
      mobile: 'Enter a valid mobile number',
      contactNumber: 'Enter a mobile or landline number (e.g. 0751-1234567)',
      email: 'Enter a valid email (at most 40 characters)',
      domain: 'Not a valid domain (e.g. ops.example.com)',
      kind: 'Choose a tenant kind',
      account: '2 to 32 characters: letters, digits or _ . @ -',
      accountNumber: 'Enter -1 (unlimited) or a whole number from 0 to 999999',
      date: 'Enter a valid date (YYYY-MM-DD)',
      roles: 'Choose at least one role',
      tooLong: '{{field}} is longer than {{max}} characters; not searched',
    },
  },
});
