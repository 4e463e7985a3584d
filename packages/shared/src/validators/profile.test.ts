import { expect } from '@esm-bundle/chai';
import {
  validateEmail,
  validateIdCard,
  validateImportFile,
  validateLandline,
  validateNickName,
  validatePhone,
  validateRealName,
  validateUrl,
  validateUserName,
} from './locale';
import { validateAvatarType, validatePhoneChange, validatePhoneForCode } from './profile';

const errorOf = (r: { ok: boolean; error?: string }) => (r.ok ? null : r.error);

describe('phone change', () => {
  it('needs a phone before a code is sent', () => {
    expect(validatePhoneForCode('')).to.deep.equal({
      ok: false,
      error: 'validation.required',
      params: { field: 'common:field.phone' },
    });
    expect(errorOf(validatePhoneForCode(undefined))).to.equal('validation.required');
  });

  it('sends a code only to a mobile number', () => {
    expect(validatePhoneForCode('13812345678')).to.deep.equal({ ok: true });
    expect(errorOf(validatePhoneForCode('1381234567'))).to.equal('validation.mobileInvalid');
    expect(errorOf(validatePhoneForCode('15412345678'))).to.equal('validation.mobileInvalid');
  });

  it('submits only with phone and captcha', () => {
    expect(validatePhoneChange({ phone: '13812345678', captcha: '123456' })).to.deep.equal({ ok: true });
    const noCaptcha = validatePhoneChange({ phone: '13812345678', captcha: '' });
    expect(noCaptcha.ok ? null : noCaptcha.first).to.deep.include({
      field: 'captcha',
      error: 'validation.required',
    });
    const nothing = validatePhoneChange({});
    expect(nothing.ok ? [] : Object.keys(nothing.errors)).to.deep.equal(['phone', 'captcha']);
  });
});

describe('avatar type', () => {
  const table: Array<[string | undefined, boolean]> = [
    ['image/png', true],
    ['image/jpeg', true],
    ['image/svg+xml', true],
    ['IMAGE/GIF', true],
    ['application/pdf', false],
    ['text/plain', false],
    ['video/mp4', false],
    ['', false],
    [undefined, false],
    ['application/image/png', false],
  ];
  for (const [type, ok] of table) {
    it(`${JSON.stringify(type)} -> ${ok}`, () => {
      expect(validateAvatarType({ type })).to.deep.equal(
        ok ? { ok: true } : { ok: false, error: 'validation.imageOnly' },
      );
    });
  }
  it('refuses a missing file', () => expect(validateAvatarType(null).ok).to.equal(false));
});

describe('locale rules (DECISIONS 7)', () => {
  const table: Array<
    [string, (v: string, o?: { required?: boolean }) => { ok: boolean }, string, string | null]
  > = [
    ['real name, 1 char', validateRealName, '张', 'validation.lengthBetween'],
    ['real name, 2 chars', validateRealName, '张三', null],
    ['real name, 5 chars', validateRealName, '欧阳娜娜子', null],
    ['real name, 6 chars', validateRealName, '欧阳娜娜子子', 'validation.lengthBetween'],
    ['user name, 10 chars', validateUserName, 'a'.repeat(10), null],
    ['user name, 11 chars', validateUserName, 'a'.repeat(11), 'validation.maxLength'],
    ['nickname, 20 chars', validateNickName, '昵'.repeat(20), null],
    ['nickname, 21 chars', validateNickName, '昵'.repeat(21), 'validation.maxLength'],
    ['phone, 11-digit mobile', validatePhone, '13912345678', null],
    ['phone, 10 digits', validatePhone, '1391234567', 'validation.mobileInvalid'],
    ['phone, 12 digits', validatePhone, '139123456789', 'validation.mobileInvalid'],
    ['phone, letters', validatePhone, '1391234567a', 'validation.mobileInvalid'],
    ['email, valid', validateEmail, 'ops@station.cn', null],
    ['email, 40 chars', validateEmail, `${'a'.repeat(32)}@b.cn.cn`, null],
    ['email, 41 chars', validateEmail, `${'a'.repeat(33)}@b.cn.cn`, 'validation.maxLength'],
    ['email, one-letter TLD', validateEmail, 'ops@station.c', 'validation.emailInvalid'],
    ['id card, valid', validateIdCard, '11010519491231002X', null],
    ['id card, bad check digit', validateIdCard, '110105194912310021', 'validation.idCardInvalid'],
    ['id card, 15 digits', validateIdCard, '110105491231002', 'validation.idCardInvalid'],
    ['landline, valid', validateLandline, '0755-12345678', null],
    ['landline, no area code', validateLandline, '12345678', 'validation.landlineInvalid'],
    ['url, https', validateUrl, 'https://station.example.com/a', null],
    ['url, ftp', validateUrl, 'ftp://station.example.com', 'validation.urlInvalid'],
  ];
  for (const [name, rule, value, error] of table) {
    it(`${name} -> ${error ?? 'ok'}`, () => expect(errorOf(rule(value))).to.equal(error));
  }

  it('lets an empty optional field pass and names a required one', () => {
    for (const rule of [
      validateRealName,
      validateUserName,
      validateNickName,
      validatePhone,
      validateEmail,
      validateLandline,
      validateUrl,
    ]) {
      expect(rule('').ok).to.equal(true);
      expect(rule('  ').ok).to.equal(true);
      expect(errorOf(rule('', { required: true }))).to.equal('validation.required');
    }
    expect(validateIdCard(undefined, { required: true })).to.deep.equal({
      ok: false,
      error: 'validation.required',
      params: { field: 'common:field.idCard' },
    });
  });

  it('names the real-name range', () => {
    expect(validateRealName('张')).to.deep.equal({
      ok: false,
      error: 'validation.lengthBetween',
      params: { field: 'common:field.realName', min: 2, max: 5 },
    });
  });
});

describe('import file type (xls or xlsx only)', () => {
  const table: Array<[string, boolean]> = [
    ['users.xls', true],
    ['users.xlsx', true],
    ['USERS.XLSX', true],
    ['a.b.xls', true],
    ['users.csv', false],
    ['users.xlsm', false],
    ['users.xlsx.exe', false],
    ['xlsx', false],
    ['', false],
  ];
  for (const [name, ok] of table) {
    it(`${JSON.stringify(name)} -> ${ok}`, () => {
      expect(validateImportFile({ name }).ok).to.equal(ok);
      expect(validateImportFile(name).ok).to.equal(ok);
    });
  }
  it('names the rule when refused', () => {
    expect(validateImportFile('a.csv')).to.deep.equal({ ok: false, error: 'validation.importFileType' });
    expect(validateImportFile(null).ok).to.equal(false);
  });
});
