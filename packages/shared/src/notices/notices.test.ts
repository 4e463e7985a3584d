import { expect } from '@esm-bundle/chai';
import { fakeTransport } from '../../test-support/http/fake-transport';
import { clientFor, outcome } from '../../test-support/http/setup';
import type { HttpError } from '../http/errors';
import type { Http } from '../http/lazy-http';
import {
  alarmQuery,
  centreLink,
  EMPTY_ALARM_FILTERS,
  fetchUnread,
  labelOf,
  markRead,
  NOTICE_API,
  noticeQuery,
  readAlarmPage,
  readBody,
  readDictionary,
  readNoticePage,
  readUnreadRows,
  tooLong,
  unreadCounts,
} from './notices';

/** A client that records what is sent and answers each GET with the envelope `answers` gives for its URL. */
function fakeHttp(answers: Record<string, unknown> = {}) {
  const sent: { method: string; url: string; body?: unknown; params?: unknown }[] = [];
  const http = {
    get: async (url: string, config?: { params?: unknown }) => {
      sent.push({ method: 'get', url, params: config?.params });
      return { data: { code: 200, success: true, data: answers[url] } };
    },
    post: async (url: string, body?: unknown) => {
      sent.push({ method: 'post', url, body });
      return { data: { code: 200, success: true } };
    },
  } as unknown as Http;
  return { http, sent };
}

describe('notices and alarm messages (spec §3, §7)', () => {
  it('reads the unread rows, leaving out rows without a classification or unread', () => {
    expect(
      readUnreadRows([
        { businessClassify: 'alarm', todoNum: 3 },
        { businessClassify: 'defect', todoNum: '2' },
        { businessClassify: '', todoNum: 4 },
        { businessClassify: 'duty', todoNum: 0 },
        { businessClassify: 'x', todoNum: -1 },
        null,
        'junk',
      ]),
    ).to.deep.equal([
      { businessClassify: 'alarm', todoNum: 3 },
      { businessClassify: 'defect', todoNum: 2 },
    ]);
    expect(readUnreadRows({ not: 'a list' })).to.deep.equal([]);
  });

  it('sums unread alarm messages by classification beside the unread notices', () => {
    expect(
      unreadCounts(
        [
          { businessClassify: 'alarm', todoNum: 3 },
          { businessClassify: 'defect', todoNum: 2 },
        ],
        6,
      ),
    ).to.deep.equal({ notices: 6, alarms: 5, byClassification: { alarm: 3, defect: 2 } });
    expect(unreadCounts([], 0)).to.deep.equal({ notices: 0, alarms: 0, byClassification: {} });
  });

  it('names a classification from the dictionary in the language, else by its key', () => {
    const dict = readDictionary([
      { dictKey: 'alarm', dictValue: '告警消息', remark: 'alarm' },
      { dictKey: 'duty', dictValue: '值班消息', remark: '' },
      { dictValue: 'no key' },
    ]);
    expect(dict).to.have.length(2);
    expect(labelOf(dict, 'alarm', 'zh')).to.equal('告警消息');
    expect(labelOf(dict, 'alarm', 'en')).to.equal('alarm');
    expect(labelOf(dict, 'duty', 'en')).to.equal('值班消息');
    expect(labelOf(dict, 'other', 'zh')).to.equal('other');
  });

  it('links the message centre with type and name, encoded', () => {
    expect(centreLink('alarm', '告警消息')).to.equal(
      '/noticeinfo/info?type=alarm&name=%E5%91%8A%E8%AD%A6%E6%B6%88%E6%81%AF',
    );
    expect(centreLink('a&b', 'x y')).to.equal('/noticeinfo/info?type=a%26b&name=x+y');
  });

  it('reads pages defensively: numbers as strings, isReal and status as 0 or 1', () => {
    expect(
      readNoticePage({
        total: '12',
        records: [
          { id: 5, title: 't', content: '<b>c</b>', category: '1', releaseTime: 'r', isReal: '1' },
          7,
        ],
      }),
    ).to.deep.equal({
      total: 12,
      records: [{ id: '5', title: 't', content: '<b>c</b>', type: '1', releaseTime: 'r', isReal: 1 }],
    });
    expect(readAlarmPage(null)).to.deep.equal({ total: 0, records: [] });
    expect(readAlarmPage({ total: 1, records: [{ id: '9', status: 3 }] }).records[0]).to.deep.equal({
      id: '9',
      businessClassify: '',
      subject: '',
      content: '',
      status: 0,
      pushTime: '',
      link: '',
    });
  });

  it('turns the alarm filters into a query (the day of pushTime as start and end)', () => {
    expect(alarmQuery(EMPTY_ALARM_FILTERS, 1)).to.deep.equal({ current: 1, size: 10, status: '0' });
    expect(
      alarmQuery({ businessClassify: 'alarm', subject: ' 温度 ', status: '', pushTime: '2026-11-23' }, 2),
    ).to.deep.equal({
      current: 2,
      size: 10,
      businessClassify: 'alarm',
      subject: '温度',
      startTime: '2026-11-23 00:00:00',
      endTime: '2026-11-23 23:59:59',
    });
    expect(alarmQuery({ ...EMPTY_ALARM_FILTERS, pushTime: '23/11/2026' }, 1)).to.not.have.property(
      'startTime',
    );
  });

  it('turns the notice filters into a query; a bad type is dropped', () => {
    expect(noticeQuery({ title: ' 通知 ', type: '2', isReal: '0' }, 3)).to.deep.equal({
      current: 3,
      size: 10,
      title: '通知',
      type: '2',
      isReal: '0',
    });
    expect(noticeQuery({ title: '', type: 'x', isReal: '' }, 1)).to.deep.equal({ current: 1, size: 10 });
  });

  it('bounds filter texts', () => {
    expect(tooLong('a'.repeat(50), 50)).to.equal(false);
    expect(tooLong('a'.repeat(51), 50)).to.equal(true);
    expect(tooLong(` ${'a'.repeat(50)} `, 50)).to.equal(false);
  });

  it('marks read with one call: notices by ids, alarm messages by ids, classification or all', async () => {
    expect(readBody({ kind: 'notice', ids: ['1', '2'] })).to.deep.equal({ ids: '1,2' });
    expect(readBody({ kind: 'message', ids: ['9'] })).to.deep.equal({ ids: '9' });
    expect(readBody({ kind: 'message', businessClassify: 'alarm' })).to.deep.equal({
      businessClassify: 'alarm',
    });
    expect(readBody({ kind: 'message' })).to.deep.equal({});
    const { http, sent } = fakeHttp();
    await markRead(http, { kind: 'notice', ids: ['1', '2'] });
    await markRead(http, { kind: 'message' });
    expect(sent).to.deep.equal([
      { method: 'post', url: NOTICE_API.readNotices, body: { ids: '1,2' } },
      { method: 'post', url: NOTICE_API.readAlarms, body: {} },
    ]);
  });

  it('a newer unread fetch cancels the older one, quietly (spec §7 cancellable)', async () => {
    let unreadCalls = 0;
    const wire = fakeTransport((call) => {
      const answer = (data: unknown) => ({ status: 200, data: { code: 200, success: true, data } });
      if (!call.url.startsWith(NOTICE_API.unreadMessages)) return answer({ total: 1, records: [] });
      unreadCalls += 1;
      // The first answer never comes: only a cancellation ends it.
      return unreadCalls === 1 ? { hang: true } : answer([{ businessClassify: 'alarm', todoNum: 3 }]);
    });
    const { client, seen } = clientFor(wire);
    const older = outcome(fetchUnread(client.http, new AbortController().signal));
    // The older call is on the wire before the newer starts.
    while (unreadCalls === 0) await new Promise((resolve) => setTimeout(resolve, 0));
    const newer = fetchUnread(client.http, new AbortController().signal);
    const first = await older;
    expect(first.ok).to.equal(false);
    expect((first as { error: HttpError }).error.kind).to.equal('canceled');
    expect(await newer).to.deep.equal({ notices: 1, alarms: 3, byClassification: { alarm: 3 } });
    // Spec §8: a canceled request is logged, never shown.
    expect(seen.logs).to.include('Request canceled');
    expect(seen.notes).to.deep.equal([]);
    expect(seen.errors).to.deep.equal([]);
  });

  it('counts the unread from the unread rows and the unread notices page', async () => {
    const { http, sent } = fakeHttp({
      [NOTICE_API.unreadMessages]: [{ businessClassify: 'alarm', todoNum: 2 }],
      [NOTICE_API.notices]: { total: 4, records: [] },
    });
    expect(await fetchUnread(http, new AbortController().signal)).to.deep.equal({
      notices: 4,
      alarms: 2,
      byClassification: { alarm: 2 },
    });
    expect(sent[1]).to.deep.equal({
      method: 'get',
      url: NOTICE_API.notices,
      params: { current: 1, size: 1, isReal: '0' },
    });
  });
});
