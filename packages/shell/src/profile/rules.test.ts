import { expect } from '@esm-bundle/chai';
import { USER_ANSWER } from '../../test-support/profile-user';
import {
  avatarAccepted,
  infoBody,
  infoChanged,
  infoFormOf,
  phoneBody,
  profileFacts,
  profileTabs,
  readUser,
  showsHelpDocument,
  stationBody,
  stationsOf,
  tabAfterKey,
  validateInfo,
} from './rules';

const USER = readUser({ ...USER_ANSWER, extra: 'ignored' });

describe('profile rules', () => {
  it('shows only the password tab without the IMS flag; phone and default station with it (spec §2, §6)', () => {
    expect(profileTabs(false)).to.deep.equal(['password']);
    expect(profileTabs(true)).to.deep.equal(['password', 'phone', 'station']);
    expect(showsHelpDocument(false)).to.equal(false);
    expect(showsHelpDocument(true)).to.equal(true);
  });

  it('moves between tabs with the arrows (round), Home and End; other keys move nothing', () => {
    const tabs = ['password', 'phone', 'station'];
    expect(tabAfterKey(tabs, 'password', 'ArrowRight')).to.equal('phone');
    expect(tabAfterKey(tabs, 'station', 'ArrowRight')).to.equal('password');
    expect(tabAfterKey(tabs, 'password', 'ArrowLeft')).to.equal('station');
    expect(tabAfterKey(tabs, 'phone', 'Home')).to.equal('password');
    expect(tabAfterKey(tabs, 'phone', 'End')).to.equal('station');
    expect(tabAfterKey(tabs, 'phone', 'Enter')).to.equal(null);
    expect(tabAfterKey(['password'], 'password', 'ArrowRight')).to.equal('password');
  });

  it('reads the user and lists name, account, phone and department, a dash for an empty one', () => {
    expect(USER.account).to.equal('operator');
    expect(profileFacts(USER).map((f) => [f.key, f.value])).to.deep.equal([
      ['realName', '李娜'],
      ['account', 'operator'],
      ['phone', '13800000003'],
      ['dept', '运行部'],
    ]);
    const empty = readUser(null);
    expect(profileFacts(empty).map((f) => f.value)).to.deep.equal(['—', '—', '—', '—']);
  });

  it('validates the personal info per DECISIONS 7, 8 and names the first failing field', () => {
    expect(validateInfo(infoFormOf(USER)).ok).to.equal(true);
    const bad = validateInfo({ realName: '李', name: 'x'.repeat(21), email: 'a@b' });
    expect(bad.ok).to.equal(false);
    if (bad.ok) return;
    expect(bad.first.field).to.equal('realName');
    expect(Object.keys(bad.errors)).to.deep.equal(['realName', 'name', 'email']);
    const missing = validateInfo({ realName: '  ', name: '', email: '' });
    expect(missing.ok).to.equal(false);
    if (!missing.ok) expect(missing.first.error).to.equal('validation.required');
    expect(validateInfo({ realName: '张三丰', name: '', email: '' }).ok).to.equal(true);
    expect(validateInfo({ realName: '张三丰', name: '', email: 'x@example.c' }).ok).to.equal(false);
  });

  it('trims the update-info body and sees whether anything changed', () => {
    const form = { realName: ' 李娜 ', name: 'op ', email: ' lina@example.com' };
    expect(infoBody(form)).to.deep.equal({ realName: '李娜', name: 'op', email: 'lina@example.com' });
    expect(infoChanged(form, USER)).to.equal(false);
    expect(infoChanged({ ...form, name: 'lina' }, USER)).to.equal(true);
  });

  it('builds the phone-change and default-station bodies', () => {
    expect(phoneBody(' 13900000009 ', ' 123456 ', 'c1')).to.deep.equal({
      phone: '13900000009',
      captcha: '123456',
      id: 'c1',
    });
    expect(stationBody('2001', '3')).to.deep.equal({ deptId: '2001', userId: '3' });
  });

  it('lists the stations of the department tree once each, depth first', () => {
    const tree = [
      {
        id: '1',
        title: '公司',
        deptCategory: 1,
        children: [
          { id: '11', deptId: '2001', title: '一号电站', deptCategory: 4 },
          {
            id: '12',
            title: '流域中心',
            deptCategory: 3,
            children: [{ id: '2002', name: '二号电站', deptCategory: '4' }],
          },
          { id: '13', deptId: '2001', title: '一号电站', deptCategory: 4 },
        ],
      },
    ];
    expect(stationsOf(tree)).to.deep.equal([
      { deptId: '2001', name: '一号电站' },
      { deptId: '2002', name: '二号电站' },
    ]);
    expect(stationsOf(null)).to.deep.equal([]);
  });

  it('accepts only image types for the avatar (spec §5)', () => {
    expect(avatarAccepted({ type: 'image/png' })).to.equal(true);
    expect(avatarAccepted({ type: 'IMAGE/JPEG' })).to.equal(true);
    expect(avatarAccepted({ type: 'application/pdf' })).to.equal(false);
    expect(avatarAccepted({ type: '' })).to.equal(false);
    expect(avatarAccepted(null)).to.equal(false);
  });
});
