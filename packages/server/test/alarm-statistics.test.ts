import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fingerprint, startServer, type TestServer } from './helpers.ts';

// 2026-05-20 12:00 Beijing time: the seed's "last 30 days" run back from here.
const NOW = Date.UTC(2026, 4, 20, 4, 0, 0);
const BASE = '/api/blade-system/message/record';

interface Stats {
  total: number;
  byClassify: { businessClassify: string; count: number; unread: number }[];
  byDay: { day: string; count: number; byClassify: Record<string, number> }[];
}
interface Message {
  businessClassify: string;
  status: number;
  pushTime: string;
}

describe('alarm statistics (getAlarmStatistics)', () => {
  let s: TestServer;
  let admin: string;
  let operator: string;
  const stats = (startTime: string, endTime: string, token = admin, headers?: Record<string, string>) =>
    s.call('GET', `${BASE}/getAlarmStatistics?${new URLSearchParams({ startTime, endTime })}`, {
      token,
      headers,
    });

  /** Every message of the caller in the range, as getAlarmMessage lists them (100 a page). */
  async function messages(startTime: string, endTime: string, token = admin): Promise<Message[]> {
    const all: Message[] = [];
    for (let current = 1; ; current++) {
      const params = new URLSearchParams({
        startTime: `${startTime} 00:00:00`,
        endTime: `${endTime} 23:59:59`,
        current: String(current),
        size: '100',
      });
      const page = (await s.call('GET', `${BASE}/getAlarmMessage?${params}`, { token })).json.data;
      all.push(...page.records);
      if (all.length >= page.total) return all;
    }
  }

  before(async () => {
    s = await startServer({ now: () => NOW });
    admin = (await s.login('100001', 'admin', 'Hydro@2026')).access_token;
    operator = (await s.login('100001', 'operator', 'Operator@2026')).access_token;
  });
  after(() => s.close());

  it('counts the caller’s messages of the last 30 days by day and classification, as the list has them', async () => {
    const res = await stats('2026-04-21', '2026-05-20');
    assert.equal(res.status, 200, res.text);
    const data = res.json.data as Stats;
    const listed = await messages('2026-04-21', '2026-05-20');
    assert.equal(data.total, listed.length);
    assert.ok(data.total > 40, `a month of seeded messages (${data.total})`);

    // Every day of the range, in order, each with the list's count.
    assert.equal(data.byDay.length, 30);
    assert.equal(data.byDay[0]?.day, '2026-04-21');
    assert.equal(data.byDay.at(-1)?.day, '2026-05-20');
    for (const day of data.byDay) {
      const ofDay = listed.filter((m) => m.pushTime.startsWith(day.day));
      assert.equal(day.count, ofDay.length, day.day);
      const sum = Object.values(day.byClassify).reduce((a, b) => a + b, 0);
      assert.equal(sum, day.count, `${day.day}: classifications add up`);
      for (const [classify, count] of Object.entries(day.byClassify))
        assert.equal(count, ofDay.filter((m) => m.businessClassify === classify).length, classify);
    }
    assert.ok(data.byDay.filter((d) => d.count > 0).length >= 20, 'spread over the month');

    // Each classification with its count and unread, most first.
    assert.ok(data.byClassify.length >= 5, 'several classifications');
    for (const c of data.byClassify) {
      const of = listed.filter((m) => m.businessClassify === c.businessClassify);
      assert.equal(c.count, of.length, c.businessClassify);
      assert.equal(c.unread, of.filter((m) => m.status === 0).length, c.businessClassify);
    }
    const counts = data.byClassify.map((c) => c.count);
    assert.deepEqual(
      counts,
      [...counts].sort((a, b) => b - a),
    );
    assert.equal(data.byClassify[0]?.businessClassify, 'alarm');
    assert.ok(data.byClassify.some((c) => c.unread > 0));
  });

  it('counts a single day, and only the caller’s own messages', async () => {
    const day = (await stats('2026-05-20', '2026-05-20')).json.data as Stats;
    assert.equal(day.byDay.length, 1);
    assert.equal(day.total, (await messages('2026-05-20', '2026-05-20')).length);
    const own = (await stats('2026-04-21', '2026-05-20', operator)).json.data as Stats;
    assert.equal(own.total, (await messages('2026-04-21', '2026-05-20', operator)).length);
  });

  it('answers a range without messages with zeros on every day', async () => {
    const res = await stats('2020-02-27', '2020-03-02');
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.json.data, {
      total: 0,
      byClassify: [],
      byDay: ['2020-02-27', '2020-02-28', '2020-02-29', '2020-03-01', '2020-03-02'].map((d) => ({
        day: d,
        count: 0,
        byClassify: {},
      })),
    });
  });

  it('takes a range of 366 days, not 367', async () => {
    const year = await stats('2025-05-20', '2026-05-20');
    assert.equal(year.status, 200, year.text);
    assert.equal(year.json.data.byDay.length, 366);
    assert.equal(year.json.data.total, (await stats('2026-04-01', '2026-05-20')).json.data.total);
    assert.equal((await stats('2025-05-19', '2026-05-20')).status, 400);
  });

  it('marking read shows in the unread counts', async () => {
    const before = (await stats('2026-05-19', '2026-05-20', operator)).json.data as Stats;
    assert.ok((before.byClassify.find((c) => c.businessClassify === 'alarm')?.unread ?? 0) > 0);
    await s.call('GET', `${BASE}/readAlarmMessage?businessClassify=alarm`, { token: operator });
    const after = (await stats('2026-05-19', '2026-05-20', operator)).json.data as Stats;
    assert.equal(after.byClassify.find((c) => c.businessClassify === 'alarm')?.unread, 0);
    assert.equal(after.total, before.total);
  });

  it('each bad input: a 400 envelope with a clear message, nothing changed', async () => {
    const SQL = "' OR 1=1 --";
    const XSS = '<script>alert(1)</script>';
    const cases: [query: string, message: RegExp][] = [
      ['', /^startTime 不能为空/],
      ['endTime=2026-05-20', /^startTime 不能为空/],
      ['startTime=2026-05-20', /^endTime 不能为空/],
      ['startTime=&endTime=2026-05-20', /^startTime 不能为空/],
      ['startTime=2026-02-30&endTime=2026-05-20', /^startTime 不是有效的日期/],
      ['startTime=2026-05-01&endTime=2026-13-01', /^endTime 不是有效的日期/],
      ['startTime=2026-5-1&endTime=2026-05-20', /^startTime 不是有效的日期/],
      ['startTime=2026-05-01%2000:00&endTime=2026-05-20', /^startTime 不是有效的日期/],
      ['startTime=yesterday&endTime=today', /^startTime 不是有效的日期/],
      [`startTime=${encodeURIComponent(SQL)}&endTime=2026-05-20`, /^startTime 不是有效的日期/],
      [`startTime=2026-05-01&endTime=${encodeURIComponent(XSS)}`, /^endTime 不是有效的日期/],
      ['startTime=2026-05-21&endTime=2026-05-20', /^开始日期不能晚于结束日期$/],
      ['startTime=2020-01-01&endTime=2026-05-20', /^统计范围不能超过 366 天$/],
      [`startTime=${'9'.repeat(40)}&endTime=2026-05-20`, /startTime/],
      ['startTime=2026-05-01&startTime=2026-05-02&endTime=2026-05-20', /startTime/],
    ];
    for (const [query, message] of cases) {
      const before = await fingerprint(s);
      const res = await s.call('GET', `${BASE}/getAlarmStatistics?${query}`, { token: admin });
      assert.equal(res.status, 400, `${query}: ${res.text.slice(0, 200)}`);
      assert.equal(res.json.success, false, query);
      assert.equal(res.json.code, 400, query);
      assert.match(res.json.msg, message, query);
      assert.equal(await fingerprint(s), before, `${query}: no row changed`);
    }
  });

  it('says what is wrong in English when asked to', async () => {
    const en = { 'Hz-Language': 'en_US' };
    const order = await stats('2026-05-21', '2026-05-20', admin, en);
    assert.equal(order.json.msg, 'startTime must not be after endTime');
    const long = await stats('2020-01-01', '2026-05-20', admin, en);
    assert.equal(long.json.msg, 'the range may span at most 366 days');
    const wrong = await stats('2026-02-30', '2026-05-20', admin, en);
    assert.equal(wrong.json.msg, 'startTime is not a valid date (YYYY-MM-DD)');
  });

  it('needs a signed-in caller', async () => {
    const res = await s.call('GET', `${BASE}/getAlarmStatistics?startTime=2026-05-01&endTime=2026-05-20`);
    assert.equal(res.status, 401);
    assert.equal(res.json.success, false);
  });
});
