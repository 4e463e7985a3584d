import { expect } from '@esm-bundle/chai';
import { passwordChangeFieldRule } from './form-rules';

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
