import { expect } from '@esm-bundle/chai';
import {
  passwordChangeReady,
  validateNewPassword,
  validatePasswordChange,
  validatePasswordReset,
  validateRegister,
} from './password';

const good = { oldPassword: 'old1', newPassword: 'Newpass1', confirmPassword: 'Newpass1', captcha: 'ab12' };

/** The error key of a field, or null when it passed. */
function errorOf(result: ReturnType<typeof validatePasswordChange>, field: keyof typeof good) {
  return result.ok ? null : (result.errors[field]?.error ?? null);
}

describe('new password policy', () => {
  const table: Array<[string, string, string | null]> = [
    ['', 'zhangsan', 'validation.required'],
    ['Ab1!', 'zhangsan', 'validation.lengthBetween'],
    ['Abcdef1', 'zhangsan', 'validation.lengthBetween'],
    ['Abcdefg1', 'zhangsan', null],
    ['Abcdefgh12345678', 'zhangsan', null],
    ['Abcdefgh123456789', 'zhangsan', 'validation.lengthBetween'],
    ['abcdefgh', 'zhangsan', 'validation.passwordClasses'],
    ['abcdefg1', 'zhangsan', 'validation.passwordClasses'],
    ['ABCDEFG1', 'zhangsan', 'validation.passwordClasses'],
    ['abcdefg!', 'zhangsan', 'validation.passwordClasses'],
    ['abcdef1!', 'zhangsan', null],
    ['ABCDEF1!', 'zhangsan', null],
    ['Abcdefg!', 'zhangsan', null],
    ['Zhangsan1', 'zhangsan', 'validation.passwordContainsAccount'],
    ['ZHANGSAN1a', 'zhangsan', 'validation.passwordContainsAccount'],
    ['xzhangSAN1', 'ZhangSan', 'validation.passwordContainsAccount'],
    ['Zhangsa1n', 'zhangsan', null],
    ['Abcdefg1', '', null],
    ['Пароль12', 'zhangsan', null],
    ['пароль12', 'zhangsan', 'validation.passwordClasses'],
    ['Пароль12', 'ПАРОЛЬ', 'validation.passwordContainsAccount'],
  ];
  for (const [password, account, error] of table) {
    it(`${JSON.stringify(password)} with account ${JSON.stringify(account)} -> ${error ?? 'ok'}`, () => {
      const result = validateNewPassword(password, account);
      expect(result.ok ? null : result.error).to.equal(error);
    });
  }

  it('names the 8-16 range in the length failure', () => {
    expect(validateNewPassword('Ab1', 'x')).to.deep.equal({
      ok: false,
      error: 'validation.lengthBetween',
      params: { field: 'common:field.newPassword', min: 8, max: 16 },
    });
  });
});

describe('password change', () => {
  it('accepts a complete, valid form', () => {
    expect(validatePasswordChange(good, 'zhangsan')).to.deep.equal({ ok: true });
  });

  it('runs only when old, new and confirm are all filled: until then only the missing ones are reported', () => {
    expect(passwordChangeReady(good)).to.equal(true);
    const partial = { oldPassword: 'x', newPassword: '', confirmPassword: 'short', captcha: '' };
    expect(passwordChangeReady(partial)).to.equal(false);
    const result = validatePasswordChange(partial, 'zhangsan');
    expect(result.ok).to.equal(false);
    if (result.ok) return;
    // old is too short and confirm too short, and captcha is missing, but none of that is judged yet.
    expect(Object.keys(result.errors)).to.deep.equal(['newPassword']);
    expect(result.first).to.deep.equal({
      ok: false,
      error: 'validation.required',
      params: { field: 'common:field.newPassword' },
      field: 'newPassword',
    });
  });

  it('reports all three as required on an empty form, old first', () => {
    const result = validatePasswordChange({}, 'zhangsan');
    expect(result.ok).to.equal(false);
    if (result.ok) return;
    expect(Object.keys(result.errors)).to.deep.equal(['oldPassword', 'newPassword', 'confirmPassword']);
    expect(result.first.field).to.equal('oldPassword');
  });

  const oldTable: Array<[string, string | null]> = [
    ['abc', 'validation.lengthBetween'],
    ['abcd', null],
    ['a'.repeat(16), null],
    ['a'.repeat(17), 'validation.lengthBetween'],
  ];
  for (const [oldPassword, error] of oldTable) {
    it(`old password of ${oldPassword.length} characters -> ${error ?? 'ok'}`, () => {
      expect(errorOf(validatePasswordChange({ ...good, oldPassword }, 'zhangsan'), 'oldPassword')).to.equal(
        error,
      );
    });
  }

  it('wants the confirmation equal to the new password', () => {
    const result = validatePasswordChange({ ...good, confirmPassword: 'Newpass2' }, 'zhangsan');
    expect(errorOf(result, 'confirmPassword')).to.equal('validation.passwordMismatch');
    expect(errorOf(result, 'newPassword')).to.equal(null);
  });

  it('holds the confirmation to 8-16 characters and 3 classes too', () => {
    expect(
      errorOf(validatePasswordChange({ ...good, confirmPassword: 'Ab1' }, 'x'), 'confirmPassword'),
    ).to.equal('validation.lengthBetween');
    expect(
      errorOf(validatePasswordChange({ ...good, confirmPassword: 'abcdefgh' }, 'x'), 'confirmPassword'),
    ).to.equal('validation.passwordClasses');
  });

  it('refuses a new password containing the account in any case', () => {
    const form = { ...good, newPassword: 'Admin123', confirmPassword: 'Admin123' };
    expect(errorOf(validatePasswordChange(form, 'ADMIN'), 'newPassword')).to.equal(
      'validation.passwordContainsAccount',
    );
  });

  it('requires the captcha once the passwords are filled', () => {
    for (const captcha of ['', '  ']) {
      const result = validatePasswordChange({ ...good, captcha }, 'zhangsan');
      expect(errorOf(result, 'captcha')).to.equal('validation.required');
      if (!result.ok) expect(result.first.field).to.equal('captcha');
    }
  });

  it('does not trim passwords: spaces are characters (and a special class)', () => {
    const form = { ...good, newPassword: 'abcdef 1', confirmPassword: 'abcdef 1' };
    expect(validatePasswordChange(form, 'zhangsan')).to.deep.equal({ ok: true });
  });
});

describe('register', () => {
  const form = {
    tenantId: '100001',
    name: 'Zhang',
    account: 'zhangsan',
    password: 'Secret12',
    password2: 'Secret12',
  };

  it('accepts a complete form', () => {
    expect(validateRegister(form)).to.deep.equal({ ok: true });
  });

  it('gives each missing field its own warning, naming it', () => {
    const result = validateRegister({});
    expect(result.ok).to.equal(false);
    if (result.ok) return;
    const fields = Object.entries(result.errors).map(([k, v]) => [k, v?.error, v?.params?.field]);
    expect(fields).to.deep.equal([
      ['tenantId', 'validation.required', 'common:field.tenantId'],
      ['account', 'validation.required', 'common:field.account'],
      ['password', 'validation.required', 'common:field.password'],
      ['password2', 'validation.required', 'common:field.password2'],
    ]);
    expect(result.first.field).to.equal('tenantId');
  });

  it('names each missing field when it is the only one missing', () => {
    for (const field of ['tenantId', 'account', 'password', 'password2'] as const) {
      const result = validateRegister({ ...form, [field]: '' });
      expect(result.ok, field).to.equal(false);
      if (!result.ok) expect(result.first.field).to.equal(field);
    }
  });

  it('wants the two passwords to match', () => {
    const result = validateRegister({ ...form, password2: 'Secret13' });
    expect(result.ok).to.equal(false);
    if (!result.ok)
      expect(result.first).to.deep.include({ field: 'password2', error: 'validation.passwordMismatch' });
  });

  it('accepts a password in a cased script other than Latin', () => {
    expect(validateRegister({ ...form, password: 'Пароль12', password2: 'Пароль12' })).to.deep.equal({
      ok: true,
    });
  });

  it('holds the password to the policy the server enforces', () => {
    const weak = validateRegister({ ...form, password: 'secret', password2: 'secret' });
    expect(weak.ok ? null : weak.errors.password?.error).to.equal('validation.lengthBetween');
    const own = validateRegister({ ...form, password: 'Zhangsan1', password2: 'Zhangsan1' });
    expect(own.ok ? null : own.errors.password?.error).to.equal('validation.passwordContainsAccount');
  });
});

describe('password reset (forgot password): the new password and its confirmation', () => {
  const errors = (newPassword: string, confirmPassword: string, account?: string) => {
    const result = validatePasswordReset({ newPassword, confirmPassword }, account);
    return result.ok
      ? {}
      : Object.fromEntries(Object.entries(result.errors).map(([field, failure]) => [field, failure?.error]));
  };
  const table: Array<[string, string, string, string | undefined, Record<string, string>]> = [
    [
      'both empty',
      '',
      '',
      undefined,
      { newPassword: 'validation.required', confirmPassword: 'validation.required' },
    ],
    ['a good pair', 'Reset#2026', 'Reset#2026', undefined, {}],
    [
      'too short',
      'Ab#1',
      'Ab#1',
      undefined,
      { newPassword: 'validation.lengthBetween', confirmPassword: 'validation.lengthBetween' },
    ],
    [
      'two classes',
      'abcdefgh1',
      'abcdefgh1',
      undefined,
      { newPassword: 'validation.passwordClasses', confirmPassword: 'validation.passwordClasses' },
    ],
    [
      'copies differ',
      'Reset#2026',
      'Reset#2027',
      undefined,
      { confirmPassword: 'validation.passwordMismatch' },
    ],
    ['no confirmation', 'Reset#2026', '', undefined, { confirmPassword: 'validation.required' }],
    [
      'contains a known account',
      'Fresh#2026',
      'Fresh#2026',
      'fresh',
      { newPassword: 'validation.passwordContainsAccount' },
    ],
  ];
  for (const [name, next, confirm, account, expected] of table) {
    it(name, () => expect(errors(next, confirm, account)).to.deep.equal(expected));
  }
});
