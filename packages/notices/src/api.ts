import { envelopeData, type Http, type UnreadCounts } from '@ops/shared';
import {
  type AlarmMessage,
  type DictEntry,
  NOTICE_API,
  type Notice,
  type Page,
  readAlarmPage,
  readDictionary,
  readNoticePage,
  readUnreadRows,
  unreadCounts,
} from '@ops/shared/rules';

/** Unread alarm messages by classification and the number of unread notices (docs/api.md section 7). */
export async function fetchUnread(http: Http, signal: AbortSignal): Promise<UnreadCounts> {
  const [rows, notices] = await Promise.all([
    http.get(NOTICE_API.unreadMessages, { signal }),
    http.get(NOTICE_API.notices, { params: { current: 1, size: 1, isReal: '0' }, signal }),
  ]);
  return unreadCounts(readUnreadRows(envelopeData(rows)), readNoticePage(envelopeData(notices)).total);
}

export async function fetchDictionary(http: Http, code: string, signal: AbortSignal): Promise<DictEntry[]> {
  return readDictionary(envelopeData(await http.get(NOTICE_API.dictionary, { params: { code }, signal })));
}

export async function fetchNotices(
  http: Http,
  params: Record<string, string | number>,
  signal: AbortSignal,
): Promise<Page<Notice>> {
  return readNoticePage(envelopeData(await http.get(NOTICE_API.notices, { params, signal })));
}

export async function markNoticesRead(http: Http, ids: readonly string[], signal: AbortSignal) {
  await http.post(NOTICE_API.readNotices, { ids: ids.join(',') }, { signal });
}

export async function fetchAlarms(
  http: Http,
  params: Record<string, string | number>,
  signal: AbortSignal,
): Promise<Page<AlarmMessage>> {
  return readAlarmPage(envelopeData(await http.get(NOTICE_API.alarms, { params, signal })));
}

/** Marks every unread alarm message of the caller read (no ids, no classification). */
export async function markAllAlarmsRead(http: Http, signal: AbortSignal) {
  await http.post(NOTICE_API.readAlarms, {}, { signal });
}
