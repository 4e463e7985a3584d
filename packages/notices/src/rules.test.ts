import { expect } from '@esm-bundle/chai';
import {
  alarmOpensByItself,
  alarmPopupAllowed,
  badgeCount,
  badgeText,
  bellEntries,
  confirmAlarmClose,
  flagKey,
  type Viewer,
} from './rules';

const viewer = (account: string, deptId = '12', permission: Record<string, boolean> = {}): Viewer => ({
  account,
  deptId,
  permission,
});

describe('notices rules (spec §2 bell, §4 Notice, §6)', () => {
  it('counts the badge over notices and alarm messages, 99+ beyond 99', () => {
    expect(badgeCount({ notices: 2, alarms: 5, byClassification: {} })).to.equal(7);
    expect(badgeText(0)).to.equal('0');
    expect(badgeText(99)).to.equal('99');
    expect(badgeText(100)).to.equal('99+');
  });

  it('lists the bell’s classifications in dictionary order with their names and links', () => {
    const dict = [
      { key: 'alarm', zh: '告警消息', en: 'alarm' },
      { key: 'defect', zh: '缺陷消息', en: 'defect' },
    ];
    const entries = bellEntries(
      { notices: 0, alarms: 6, byClassification: { zz: 1, defect: 2, alarm: 3, none: 0 } },
      dict,
      'zh',
    );
    expect(entries.map((e) => [e.type, e.name, e.count])).to.deep.equal([
      ['alarm', '告警消息', 3],
      ['defect', '缺陷消息', 2],
      ['zz', 'zz', 1],
    ]);
    expect(entries[0]!.href).to.equal(
      '/noticeinfo/info?type=alarm&name=%E5%91%8A%E8%AD%A6%E6%B6%88%E6%81%AF',
    );
    expect(
      bellEntries({ notices: 0, alarms: 3, byClassification: { alarm: 3 } }, dict, 'en')[0]!.href,
    ).to.equal('/noticeinfo/info?type=alarm&name=alarm');
  });

  it('allows the alarm popup only to admin and hzinfo whose deptId is not 000000', () => {
    const cases: [Viewer, boolean][] = [
      [viewer('admin'), true],
      [viewer('hzinfo'), true],
      [viewer('admin', '000000'), false],
      [viewer('hzinfo', '000000'), false],
      [viewer('operator'), false],
      [viewer('Admin'), false],
      [viewer('admin', ''), true],
    ];
    for (const [v, allowed] of cases) expect(alarmPopupAllowed(v), JSON.stringify(v)).to.equal(allowed);
  });

  it('opens the alarm dialog by itself once, only for its accounts and with unread records', () => {
    const admin = viewer('admin', '12', { warring_log: true });
    const fresh = { unreadAlarms: 3, alarmFinished: false };
    const cases: [Viewer, typeof fresh, boolean][] = [
      [admin, fresh, true],
      [admin, { ...fresh, alarmFinished: true }, false],
      [admin, { ...fresh, unreadAlarms: 0 }, false],
      [viewer('hzinfo'), fresh, true],
      // warring_log alone does not open it: that permission's popup is the shell's warning popup.
      [viewer('operator', '12', { warring_log: true }), fresh, false],
    ];
    for (const [v, state, expected] of cases)
      expect(alarmOpensByItself(v, state), `${v.account} ${JSON.stringify(state)}`).to.equal(expected);
  });

  it('asks before closing the alarm dialog unless all were marked read or nothing unread was shown', () => {
    expect(confirmAlarmClose(false, 3)).to.equal(true);
    expect(confirmAlarmClose(true, 3)).to.equal(false);
    expect(confirmAlarmClose(false, 0)).to.equal(false);
  });

  it('keys the once-per-session flags by tenant and account', () => {
    expect(flagKey('alarm-finished', '100001', 'admin')).to.equal('ops-notices:alarm-finished:100001:admin');
    expect(flagKey('warning-shown', '100002', 'admin')).to.not.equal(
      flagKey('warning-shown', '100001', 'admin'),
    );
  });
});
