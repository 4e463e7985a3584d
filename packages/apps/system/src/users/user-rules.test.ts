import { expect } from '@esm-bundle/chai';
import { USER_CASES } from '../../test-support/rule-cases';
import { checkRoles, checkUserField, EMPTY_USER, userBody } from './user-rules';

describe('user rules', () => {
  it('refuse every bad value of the shared table and take every good one (the server does the same)', () => {
    for (const [field, cases] of Object.entries(USER_CASES)) {
      const f = field as keyof typeof USER_CASES;
      for (const value of cases.bad) expect(checkUserField(f, value).ok, `${field} ${value}`).to.equal(false);
      for (const value of cases.good) expect(checkUserField(f, value).ok, `${field} ${value}`).to.equal(true);
    }
  });

  it('require the account and the real name, and a role for a new user', () => {
    expect(checkUserField('account', ' ')).to.deep.equal({ ok: false, error: 'rules.required' });
    expect(checkUserField('realName', '')).to.deep.equal({ ok: false, error: 'rules.required' });
    expect(checkUserField('realName', '张')).to.deep.equal({
      ok: false,
      error: 'rules.charsBetween',
      params: { min: 2, max: 5 },
    });
    expect(checkRoles([])).to.deep.equal({ ok: false, error: 'rules.roles' });
    expect(checkRoles(['2']).ok).to.equal(true);
  });

  it('send a new user with its account, an edited one with its id and without the account', () => {
    const form = {
      ...EMPTY_USER,
      account: ' li01 ',
      realName: ' 李四 ',
      phone: '13812345678',
      roleIds: ['2', '3'],
      deptId: '9',
    };
    expect(userBody(form)).to.deep.equal({
      account: 'li01',
      realName: '李四',
      name: '',
      phone: '13812345678',
      email: '',
      roleId: '2,3',
      deptId: '9',
    });
    const edited = userBody({ ...form, roleIds: [], deptId: '' }, '5');
    expect(edited).to.deep.equal({ id: '5', realName: '李四', name: '', phone: '13812345678', email: '' });
  });
});
