/**
 * Notices and alarm messages (spec §2, §3, §7 Logs, notices, dictionary, messages) as the notices parcel and
 * the shell's message centre read them: the calls, the server's answers read without trusting them, the
 * filters as queries, the unread counts the bus carries. Pure but for the calls at the end, which send
 * through the client they are given; exported by `@ops/shared/rules`.
 */

// The route table by name: the rules entry loads after @ops/shared and carries no copy of it.
import { PATHS } from '@ops/shared';
import type { UnreadCounts } from '../bus/topics';
import { envelopeData } from '../http/envelope';
import type { Http } from '../http/lazy-http';

export const NOTICE_API = {
  unreadMessages: '/api/blade-system/message/record/getPersonalUnreadMessage',
  alarms: '/api/blade-system/message/record/getAlarmMessage',
  readAlarms: '/api/blade-system/message/record/readAlarmMessage',
  notices: '/api/blade-system/notice/getUnread',
  readNotices: '/api/blade-system/notice/isReal',
  dictionary: '/api/blade-system/dict/dictionary',
} as const;

/** A link a notice may open: a path of this console (one leading '/'), never another origin or a script. */
export function safeLink(value: unknown): string {
  if (typeof value !== 'string' || value.length > 500) return '';
  return /^\/(?![/\\])[^\s]*$/.test(value) ? value : '';
}

/**
 * The once-per-session flags of the dialogs that open by themselves after signing in (spec §4 alarm
 * dialog "finished", §6 post-login warning popup), per tenant and account, in the tab's site storage.
 * The notices parcel keeps the first, the shell's warning popup the second; sign-out clears both.
 */
export type OnceDialog = 'alarm-finished' | 'warning-shown';
export function onceDialogKey(flag: OnceDialog, tenantId: string, account: string): string {
  return `ops-notices:${flag}:${tenantId}:${account}`;
}

/** The flag as a key of the tab's site storage (the session area), as both its keepers read and write it. */
export const onceDialogFlag = (flag: OnceDialog, tenantId: string, account: string) =>
  ({ name: onceDialogKey(flag, tenantId, account), area: 'session' }) as const;

/** The message centre's type for notices (the seeded menu entry's); any other type is a classification. */
export const NOTICE_TYPE = 'notice';

export interface UnreadRow {
  businessClassify: string;
  todoNum: number;
}

export interface DictEntry {
  key: string;
  zh: string;
  en: string;
}

export interface Notice {
  id: string;
  title: string;
  content: string;
  type: string;
  releaseTime: string;
  isReal: number;
}

export interface AlarmMessage {
  id: string;
  businessClassify: string;
  subject: string;
  content: string;
  status: number;
  pushTime: string;
  link: string;
}

export interface Page<T> {
  records: T[];
  total: number;
}

const str = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
const int = (value: unknown): number => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : 0;
};
const rows = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value)
    ? value.filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null)
    : [];

/** `getPersonalUnreadMessage`'s data; rows without a classification or with no unread are left out. */
export function readUnreadRows(data: unknown): UnreadRow[] {
  return rows(data)
    .map((r) => ({ businessClassify: str(r.businessClassify), todoNum: int(r.todoNum) }))
    .filter((r) => r.businessClassify !== '' && r.todoNum > 0);
}

/** The counts the bus carries: unread notices, unread alarm messages, and those by classification. */
export function unreadCounts(list: readonly UnreadRow[], notices: number): UnreadCounts {
  const byClassification: Record<string, number> = {};
  for (const row of list)
    byClassification[row.businessClassify] = (byClassification[row.businessClassify] ?? 0) + row.todoNum;
  const alarms = Object.values(byClassification).reduce((sum, n) => sum + n, 0);
  return { notices, alarms, byClassification };
}

/** A dictionary's entries (`dict/dictionary`): key, Chinese label, English label (the remark). */
export function readDictionary(data: unknown): DictEntry[] {
  return rows(data)
    .map((r) => ({ key: str(r.dictKey), zh: str(r.dictValue), en: str(r.remark) || str(r.dictValue) }))
    .filter((e) => e.key !== '');
}

/** A classification's name in the language; the key itself when the dictionary does not know it. */
export function labelOf(dict: readonly DictEntry[], key: string, lang: string): string {
  const entry = dict.find((e) => e.key === key);
  if (!entry) return key;
  return lang === 'en' ? entry.en : entry.zh;
}

/** The bell's link of a classification (spec §2): the message centre with its type and name. */
export function centreLink(type: string, name: string): string {
  return `${PATHS.messageCentre}?${new URLSearchParams({ type, name })}`;
}

export function readNoticePage(data: unknown): Page<Notice> {
  const d = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  return {
    total: int(d.total),
    records: rows(d.records).map((r) => ({
      id: str(r.id),
      title: str(r.title),
      content: str(r.content),
      type: str(r.type ?? r.category),
      releaseTime: str(r.releaseTime),
      isReal: int(r.isReal) === 1 ? 1 : 0,
    })),
  };
}

export function readAlarmPage(data: unknown): Page<AlarmMessage> {
  const d = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  return {
    total: int(d.total),
    records: rows(d.records).map((r) => ({
      id: str(r.id),
      businessClassify: str(r.businessClassify),
      subject: str(r.subject),
      content: str(r.content),
      status: int(r.status) === 1 ? 1 : 0,
      pushTime: str(r.pushTime),
      link: str(r.link),
    })),
  };
}

export interface AlarmFilters {
  businessClassify: string;
  subject: string;
  /** '' all, '0' unread, '1' read. */
  status: '' | '0' | '1';
  /** YYYY-MM-DD or ''. */
  pushTime: string;
}

export const EMPTY_ALARM_FILTERS: AlarmFilters = {
  businessClassify: '',
  subject: '',
  status: '0',
  pushTime: '',
};

/** Subject filter at most 50 characters (the server's bound). */
export const SUBJECT_MAX = 50;

/** The query of one alarm page: the day of pushTime becomes a start and end time. */
export function alarmQuery(
  filters: AlarmFilters,
  current: number,
  size = 10,
): Record<string, string | number> {
  const q: Record<string, string | number> = { current, size };
  if (filters.businessClassify) q.businessClassify = filters.businessClassify;
  const subject = filters.subject.trim();
  if (subject) q.subject = subject;
  if (filters.status) q.status = filters.status;
  if (/^\d{4}-\d{2}-\d{2}$/.test(filters.pushTime)) {
    q.startTime = `${filters.pushTime} 00:00:00`;
    q.endTime = `${filters.pushTime} 23:59:59`;
  }
  return q;
}

export interface NoticeFilters {
  title: string;
  /** Notice category ('' all). */
  type: string;
  /** '' all, '0' unread, '1' read. */
  isReal: '' | '0' | '1';
}

export const EMPTY_NOTICE_FILTERS: NoticeFilters = { title: '', type: '', isReal: '' };

export const TITLE_MAX = 50;

export function noticeQuery(
  filters: NoticeFilters,
  current: number,
  size = 10,
): Record<string, string | number> {
  const q: Record<string, string | number> = { current, size };
  const title = filters.title.trim();
  if (title) q.title = title;
  if (/^[0-9]{1,2}$/.test(filters.type)) q.type = filters.type;
  if (filters.isReal) q.isReal = filters.isReal;
  return q;
}

/** A filter text over its bound: refused before sending (spec §5 style: warn, search nothing). */
export const tooLong = (value: string, max: number): boolean => value.trim().length > max;

// The calls (docs/api.md section 7): the one place each is written, for the parcel and the message centre.

/** A dictionary's entries (`notice`: the notice types; `businessClassify`: the classifications). */
export async function fetchDictionary(http: Http, code: string, signal: AbortSignal): Promise<DictEntry[]> {
  return readDictionary(envelopeData(await http.get(NOTICE_API.dictionary, { params: { code }, signal })));
}

/** One page of the caller's notices (`noticeQuery`). */
export async function fetchNotices(
  http: Http,
  params: Record<string, string | number>,
  signal: AbortSignal,
): Promise<Page<Notice>> {
  return readNoticePage(envelopeData(await http.get(NOTICE_API.notices, { params, signal })));
}

/** One page of the caller's alarm messages (`alarmQuery`). */
export async function fetchAlarms(
  http: Http,
  params: Record<string, string | number>,
  signal: AbortSignal,
): Promise<Page<AlarmMessage>> {
  return readAlarmPage(envelopeData(await http.get(NOTICE_API.alarms, { params, signal })));
}

/**
 * Unread alarm messages by classification and the number of unread notices. The unread call is cancellable
 * (spec §7): a newer fetch aborts the one still in flight, whose promise then fails as canceled.
 */
export async function fetchUnread(http: Http, signal: AbortSignal): Promise<UnreadCounts> {
  const [list, notices] = await Promise.all([
    http.get(NOTICE_API.unreadMessages, { signal, cancellable: true }),
    http.get(NOTICE_API.notices, { params: { current: 1, size: 1, isReal: '0' }, signal }),
  ]);
  return unreadCounts(readUnreadRows(envelopeData(list)), readNoticePage(envelopeData(notices)).total);
}

/**
 * What to mark read: notices by id; alarm messages by id, every one of a classification, or (neither
 * given) every unread one of the caller. `kind` is also the `notices:read` topic's.
 */
export type ReadTarget =
  | { kind: 'notice'; ids: readonly string[] }
  | { kind: 'message'; ids?: readonly string[]; businessClassify?: string };

/** The body of a mark-read call: ids comma-separated, the classification as given, nothing else. */
export function readBody(target: ReadTarget): Record<string, string> {
  const body: Record<string, string> = {};
  if (target.ids?.length) body.ids = target.ids.join(',');
  if (target.kind === 'message' && target.businessClassify) body.businessClassify = target.businessClassify;
  return body;
}

/** Marks notices or alarm messages read: the one mark-read call of the console. */
export async function markRead(http: Http, target: ReadTarget, signal?: AbortSignal): Promise<void> {
  const url = target.kind === 'notice' ? NOTICE_API.readNotices : NOTICE_API.readAlarms;
  await http.post(url, readBody(target), { signal });
}
