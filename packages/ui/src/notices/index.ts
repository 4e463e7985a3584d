/**
 * `@ops/ui/notices`: the notice and alarm message lists of the shell's message centre and the notices
 * parcel's dialogs, written once: their tables and columns, filter rows and the mark-read flow, on the
 * rules and calls of `@ops/shared/rules`. An import-map entry of its own beside `@ops/ui`: neither the
 * login page nor the chrome loads it, only the message centre and a notices dialog when they open.
 */

export { AlarmFilterForm, NoticeFilterForm } from './filters';
export {
  AlarmTable,
  type ListProps,
  type NoticeT,
  NoticeTable,
  type NoticeTextKey,
  type NoticeTexts,
  ReadMark,
} from './lists';
export { type MarkRead, useMarkRead } from './use-mark-read';
export {
  type ListPage,
  type ListQuery,
  type NoticeList,
  type Query,
  useNoticeList,
} from './use-notice-list';
