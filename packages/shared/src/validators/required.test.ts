import { expect } from '@esm-bundle/chai';
import {
  validateFeedback,
  validatePhone,
  validatePhoneForCode,
  validateRealName,
  validateSiteField,
} from '../rules';
import { isMobile, validateLockPassword, validateRequiredPassword, validateRequiredText } from './index';

const missing = (field: string) => ({
  ok: false,
  error: 'validation.required',
  params: { field: `common:field.${field}` },
});

describe('required text field', () => {
  // DECISIONS 11's empty values, plus whitespace only: a blank tenant id or captcha is no answer.
  const table: Array<[string, unknown, boolean]> = [
    ['null', null, false],
    ['undefined', undefined, false],
    ["''", '', false],
    ["'null' (DECISIONS 11)", 'null', false],
    ["'undefined' (DECISIONS 11)", 'undefined', false],
    ["'   ' (whitespace only)", '   ', false],
    ['a tab and a newline', '\t\n', false],
    ['an ideographic space (U+3000)', '\u3000', false],
    ["'0'", '0', true],
    ["'NULL' (exact spelling only)", 'NULL', true],
    ["' null ' (not the exact word)", ' null ', true],
    ["'000000' (a tenant id)", '000000', true],
    ["' a ' (kept as typed, not trimmed)", ' a ', true],
    ['Chinese text', '水电站', true],
  ];
  for (const [name, value, ok] of table) {
    it(`${name} -> ${ok ? 'ok' : 'required'}`, () => {
      expect(validateRequiredText(value as string | null | undefined, 'tenantId')).to.deep.equal(
        ok ? { ok: true } : missing('tenantId'),
      );
    });
  }

  it('names the field it was given', () => {
    expect(validateRequiredText('', 'captcha')).to.deep.equal(missing('captcha'));
    expect(validateRequiredText(' ', 'account')).to.deep.equal(missing('account'));
  });

  it('is the rule of every required text field of the shared forms', () => {
    expect(validateSiteField('deptName', 'null')).to.deep.equal(missing('deptName'));
    expect(validateFeedback('undefined')).to.deep.equal(missing('feedback'));
    expect(validatePhoneForCode('null')).to.deep.equal(missing('phone'));
    expect(validateRealName('null', { required: true })).to.deep.equal(missing('realName'));
  });

  it('leaves optional fields alone: a typed word is checked, not taken for empty', () => {
    expect(validateRealName('null')).to.deep.equal({ ok: true });
    expect(validatePhone('null')).to.deep.equal({ ok: false, error: 'validation.mobileInvalid' });
  });
});

describe('required password', () => {
  it('is missing only when empty: passwords are never trimmed (DECISIONS 6)', () => {
    for (const value of ['', null, undefined]) {
      expect(validateRequiredPassword(value, 'password')).to.deep.equal(missing('password'));
    }
    for (const value of [' ', '   ', 'null', 'undefined', '0', 'Пароль12']) {
      expect(validateRequiredPassword(value, 'password'), JSON.stringify(value)).to.deep.equal({ ok: true });
    }
  });
});

describe('what the sign-in and lock forms need', () => {
  it('lock password: required, any non-empty input', () => {
    expect(validateLockPassword('')).to.deep.equal({ ok: false, error: 'validation.lockPasswordRequired' });
    expect(validateLockPassword('   ')).to.deep.equal({ ok: true });
  });

  // DECISIONS 8: 14x is a valid prefix, 144 included.
  const phones: Array<[string, string | null]> = [
    ['', 'validation.required'],
    ['   ', 'validation.required'],
    ['14412345678', null],
    [' 14412345678 ', null],
    ['14012345678', null],
    ['14912345678', null],
    ['15412345678', 'validation.mobileInvalid'],
    ['1441234567', 'validation.mobileInvalid'],
  ];
  for (const [phone, error] of phones) {
    it(`phone-login mobile ${JSON.stringify(phone)} -> ${error ?? 'ok'}`, () => {
      const forCode = validatePhoneForCode(phone);
      const field = validatePhone(phone, { required: true });
      expect(forCode.ok ? null : forCode.error).to.equal(error);
      expect(field).to.deep.equal(forCode);
    });
  }

  it('isMobile takes 144', () => expect(isMobile('14412345678')).to.equal(true));
});
