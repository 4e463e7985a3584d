import { expect } from '@esm-bundle/chai';
import type { StoredEntry } from '@ops/shared';
import type { AlarmMessage } from '@ops/shared/rules';
import { LIST_MAX, recentAlarmQuery, warningPlan } from './warning-rules';

const entry = (id: number, uploaded = false): StoredEntry => ({
  id: String(id),
  type: id % 2 ? 'http' : '',
  url: '/x',
  message: `failure ${id}`,
  stack: '',
  info: '',
  time: `2026-11-28 08:00:0${id % 10}`,
  uploaded,
});
const alarm = (id: number, status = 0): AlarmMessage => ({
  id: String(id),
  businessClassify: 'alarm',
  subject: `告警 ${id}`,
  content: '',
  status,
  pushTime: '2026-11-28 07:00:00',
  link: '',
});
const NO_ALARMS = { total: 0, records: [] };

describe('warning popup rules (spec §6 warring_log)', () => {
  it('asks the alarms of the last 24 hours in the API’s time (Beijing), newest page of LIST_MAX', () => {
    const now = Date.UTC(2026, 10, 28, 9, 30, 0);
    expect(recentAlarmQuery(now)).to.deep.equal({
      current: 1,
      size: LIST_MAX,
      startTime: '2026-11-27 17:30:00',
      endTime: '2026-11-28 17:30:00',
    });
  });

  it('does not open with nothing to warn about: no unsent entry, no recent alarm', () => {
    expect(warningPlan([], NO_ALARMS)).to.equal(null);
    expect(warningPlan([entry(1, true), entry(2, true)], NO_ALARMS)).to.equal(null);
  });

  it('lists only unsent entries, newest first, at most LIST_MAX, with their total', () => {
    const entries = [entry(1, true), ...Array.from({ length: 7 }, (_, i) => entry(i + 2))];
    const plan = warningPlan(entries, NO_ALARMS)!;
    expect(plan.unsent.total).to.equal(7);
    expect(plan.unsent.rows.map((r) => r.id)).to.deep.equal(['8', '7', '6', '5', '4']);
    // An entry without a type is an error, as the error-log viewer shows it.
    expect(plan.unsent.rows.find((r) => r.id === '4')!.type).to.equal('error');
    expect(plan.alarms).to.deep.equal({ total: 0, rows: [] });
  });

  it('lists the recent alarms with their total and which are unread', () => {
    const plan = warningPlan([], { total: 12, records: [alarm(1), alarm(2, 1)] })!;
    expect(plan.unsent.total).to.equal(0);
    expect(plan.alarms.total).to.equal(12);
    expect(plan.alarms.rows).to.deep.equal([
      { id: '1', time: '2026-11-28 07:00:00', subject: '告警 1', unread: true },
      { id: '2', time: '2026-11-28 07:00:00', subject: '告警 2', unread: false },
    ]);
  });
});
