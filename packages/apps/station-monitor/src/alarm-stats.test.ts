import { expect } from '@esm-bundle/chai';
import {
  type AlarmStats,
  classifyKeys,
  classifyRows,
  dayLabel,
  dayRows,
  daySeries,
  daysIn,
  lastDays,
  parseStats,
  quickOf,
  rangeProblem,
  todayOf,
} from './alarm-stats';

// 2026-05-20 23:30 in Beijing (15:30 UTC): the day is already the 20th there.
const NOW = Date.UTC(2026, 4, 20, 15, 30);
const DICT = [
  { key: 'alarm', zh: '告警消息', en: 'Alarm' },
  { key: 'defect', zh: '缺陷消息', en: 'Defect' },
  { key: 'system', zh: '系统消息', en: 'System' },
];

describe('alarm statistics: the range of days', () => {
  it('ends today in Beijing time', () => {
    expect(todayOf(NOW)).to.equal('2026-05-20');
    expect(todayOf(Date.UTC(2026, 4, 20, 16, 0))).to.equal('2026-05-21');
    expect(lastDays(7, NOW)).to.deep.equal({ from: '2026-05-14', to: '2026-05-20' });
    expect(lastDays(30, NOW)).to.deep.equal({ from: '2026-04-21', to: '2026-05-20' });
    expect(lastDays(1, NOW)).to.deep.equal({ from: '2026-05-20', to: '2026-05-20' });
    expect(lastDays(3, Date.UTC(2024, 2, 1, 4))).to.deep.equal({ from: '2024-02-28', to: '2024-03-01' });
  });

  it('counts its days, both ends included', () => {
    expect(daysIn({ from: '2026-05-14', to: '2026-05-20' })).to.equal(7);
    expect(daysIn({ from: '2026-05-20', to: '2026-05-20' })).to.equal(1);
    expect(daysIn({ from: '2026-05-21', to: '2026-05-20' })).to.equal(0);
    expect(daysIn({ from: '', to: '2026-05-20' })).to.equal(0);
  });

  it('says what is wrong with it', () => {
    expect(rangeProblem({ from: '2026-05-14', to: '2026-05-20' })).to.equal(null);
    expect(rangeProblem({ from: '2026-05-20', to: '2026-05-20' })).to.equal(null);
    expect(rangeProblem({ from: '', to: '2026-05-20' })).to.equal('missing');
    expect(rangeProblem({ from: '2026-05-14', to: '' })).to.equal('missing');
    expect(rangeProblem({ from: '2026-02-30', to: '2026-05-20' })).to.equal('missing');
    expect(rangeProblem({ from: "' OR 1=1", to: '2026-05-20' })).to.equal('missing');
    expect(rangeProblem({ from: '2026-05-21', to: '2026-05-20' })).to.equal('order');
    expect(rangeProblem({ from: '2025-05-20', to: '2026-05-20' })).to.equal(null);
    expect(rangeProblem({ from: '2025-05-19', to: '2026-05-20' })).to.equal('tooLong');
  });

  it('knows the quick choice a range is', () => {
    expect(quickOf(lastDays(7, NOW), NOW)).to.equal(7);
    expect(quickOf(lastDays(30, NOW), NOW)).to.equal(30);
    expect(quickOf({ from: '2026-05-13', to: '2026-05-19' }, NOW)).to.equal(null);
  });
});

const ANSWER = {
  total: 9,
  byClassify: [
    { businessClassify: 'alarm', count: 5, unread: 2 },
    { businessClassify: 'custom', count: 3, unread: 0 },
    { businessClassify: 'system', count: 1, unread: 1 },
  ],
  byDay: [
    { day: '2026-05-18', count: 4, byClassify: { alarm: 3, system: 1 } },
    { day: '2026-05-19', count: 0, byClassify: {} },
    { day: '2026-05-20', count: 5, byClassify: { custom: 3, alarm: 2 } },
  ],
};

describe('alarm statistics: the answer', () => {
  it('reads the server’s answer and refuses another shape', () => {
    expect(parseStats(ANSWER)).to.deep.equal(ANSWER);
    expect(() => parseStats(null)).to.throw(TypeError);
    expect(() => parseStats({ total: 1 })).to.throw(TypeError);
    expect(() => parseStats([])).to.throw(TypeError);
    const odd = parseStats({
      total: -3,
      byClassify: [{ businessClassify: '', count: 2 }, null, { businessClassify: 'alarm', count: '2' }],
      byDay: [{ day: 'x' }, { day: '2026-05-20', count: 2.7, byClassify: { alarm: 2, a: -1, b: 'x' } }],
    });
    expect(odd).to.deep.equal({
      total: 0,
      byClassify: [{ businessClassify: 'alarm', count: 0, unread: 0 }],
      byDay: [{ day: '2026-05-20', count: 2, byClassify: { alarm: 2 } }],
    });
  });

  it('orders the classifications as the dictionary does, unknown ones after them', () => {
    const stats = parseStats(ANSWER);
    const keys = classifyKeys(stats, DICT);
    expect(keys).to.deep.equal(['alarm', 'system', 'custom']);
    expect(classifyRows(stats, keys, DICT, 'zh')).to.deep.equal([
      { key: 'alarm', label: '告警消息', count: 5, unread: 2, share: 55.6 },
      { key: 'system', label: '系统消息', count: 1, unread: 1, share: 11.1 },
      { key: 'custom', label: 'custom', count: 3, unread: 0, share: 33.3 },
    ]);
    expect(classifyRows(stats, keys, DICT, 'en').map((r) => r.label)).to.deep.equal([
      'Alarm',
      'System',
      'custom',
    ]);
  });

  it('shapes the days into rows and stacked series, 0 where a day has none', () => {
    const stats = parseStats(ANSWER);
    const keys = classifyKeys(stats, DICT);
    const rows = dayRows(stats, keys);
    expect(rows).to.deep.equal([
      { day: '2026-05-18', count: 4, counts: [3, 1, 0] },
      { day: '2026-05-19', count: 0, counts: [0, 0, 0] },
      { day: '2026-05-20', count: 5, counts: [2, 0, 3] },
    ]);
    expect(daySeries(rows, classifyRows(stats, keys, DICT, 'zh'))).to.deep.equal([
      { name: '告警消息', data: [3, 0, 2] },
      { name: '系统消息', data: [1, 0, 0] },
      { name: 'custom', data: [0, 0, 3] },
    ]);
    expect(rows.map((r) => dayLabel(r.day))).to.deep.equal(['05-18', '05-19', '05-20']);
  });

  it('has no classifications and zero rows for a range without messages', () => {
    const empty: AlarmStats = parseStats({
      total: 0,
      byClassify: [],
      byDay: [{ day: '2026-05-20', count: 0, byClassify: {} }],
    });
    expect(classifyKeys(empty, DICT)).to.deep.equal([]);
    expect(dayRows(empty, [])).to.deep.equal([{ day: '2026-05-20', count: 0, counts: [] }]);
  });
});
