import { defineShellTexts } from '../shared/i18n';

export const WARNING_TEXTS = defineShellTexts(
  'shell-warnings',
  {
    title: '警告提醒',
    unsent: '未发送的错误日志（{{count}} 条）',
    noUnsent: '没有未发送的错误日志',
    alarms: '最近 {{hours}} 小时的告警（{{count}} 条）',
    noAlarms: '最近 {{hours}} 小时没有告警',
    unread: '未读',
    openLog: '查看错误日志',
    dismiss: '知道了',
    close: '关闭警告提醒',
  },
  {
    title: 'Warnings',
    unsent: 'Unsent error-log entries ({{count}})',
    noUnsent: 'No unsent error-log entries',
    alarms: 'Alarms in the last {{hours}} hours ({{count}})',
    noAlarms: 'No alarms in the last {{hours}} hours',
    unread: 'Unread',
    openLog: 'Open error log',
    dismiss: 'Dismiss',
    close: 'Close warnings',
  },
);
