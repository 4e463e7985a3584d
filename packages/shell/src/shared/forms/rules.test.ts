import { expect } from '@esm-bundle/chai';
import {
  type PasswordChangeField,
  type PasswordChangeForm,
  validatePasswordChange,
  validateRegister,
} from '@ops/shared';
import { fieldOf, firstFailureText } from './rules';

/** The password change's rule for one field, as the form's rows read it. */
const passwordChangeFieldRule = (form: PasswordChangeForm, account: string, field: PasswordChangeField) =>
  fieldOf(validatePasswordChange(form, account), field);

const form = {
  oldPassword: 'Old#2026',
  newPassword: 'Newpass#2026',
  confirmPassword: 'Newpass#2026',
  captcha: 'ab12',
};

describe('password change: one field of the shared rule', () => {
  it('passes every field of a valid change', () => {
    for (const field of ['oldPassword', 'newPassword', 'confirmPassword', 'captcha'] as const) {
      expect(passwordChangeFieldRule(form, 'operator', field)).to.deep.equal({ ok: true });
    }
  });

  it('fails only the field the rule names: a confirmation that differs, a new password with the account', () => {
    const mismatch = { ...form, confirmPassword: 'Other#2026x' };
    expect(passwordChangeFieldRule(mismatch, 'operator', 'confirmPassword').ok).to.equal(false);
    expect(passwordChangeFieldRule(mismatch, 'operator', 'oldPassword')).to.deep.equal({ ok: true });
    const withAccount = { ...form, newPassword: 'Operator#2026', confirmPassword: 'Operator#2026' };
    expect(passwordChangeFieldRule(withAccount, 'operator', 'newPassword').ok).to.equal(false);
  });
});

describe('whole-form checks read for one field or one warning', () => {
  const register = {
    tenantId: '100001',
    account: 'visitor',
    password: 'Guest#2026',
    password2: 'Guest#2026',
  };

  it('gives each field its own failure and ok to the others', () => {
    const missing = validateRegister({ ...register, account: '' });
    expect(fieldOf(missing, 'account').ok).to.equal(false);
    expect(fieldOf(missing, 'tenantId')).to.deep.equal({ ok: true });
    expect(fieldOf(validateRegister(register), 'account')).to.deep.equal({ ok: true });
  });

  it('says the first failure as a sentence, nothing when the form passes', () => {
    expect(firstFailureText(validateRegister(register))).to.equal('');
    const text = firstFailureText(validateRegister({ ...register, tenantId: '', account: '' }));
    expect(text).to.be.a('string').and.not.equal('');
    expect(text).to.not.match(/^validation\./);
  });
});
