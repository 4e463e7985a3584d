import type { MessageRow } from './repos/notices.ts';
import { nowText } from './repos/util.ts';

/**
 * Older messages of every account, before today: what the alarm statistics (docs/api.md section 7) count
 * over the last month. All read (handled long ago), so the bell's and the alarm dialog's unread counts
 * stay those of the recent messages of seed-content.ts. Subjects differ from the recent ones' so that a
 * search for a recent subject still finds only that message.
 */
const HISTORY: [classify: string, subject: string, content: string][] = [
  ['alarm', '温度越限', '{s} 2号机组推力轴承温度越限'],
  ['alarm', '电压越限', '{s} 10kV 母线电压越上限'],
  ['alarm', '通讯异常', '{s} 远动通道短时中断后恢复'],
  ['defect', '缺陷登记', '{s} 厂用电屏柜门锁损坏'],
  ['alarm', '频率波动', '{s} 系统频率波动超过 0.2 Hz'],
  ['overhaul', '检修完成', '{s} 1号机组 D 级检修完成'],
  ['ticket', '工作票终结', '{s} 第二种工作票已终结'],
  ['alarm', '温度越限', '{s} 主变绕组温度越限'],
  ['duty', '值班日志', '{s} 值班日志已归档'],
  ['defect', '缺陷消缺', '{s} 冷却水管渗漏已消缺'],
  ['system', '备份完成', '运维平台数据备份完成'],
];

/** Days back from the seed time that carry history (the newest is yesterday or the day before). */
export const HISTORY_DAYS = 30;

const HOUR = 3_600_000;

/** A message row of the seed, as the messages table holds it. */
export type SeedMessage = Omit<MessageRow, 'id'> & { tenant_id: string; user_id: number };

export const messageRow = (
  tenantId: string,
  userId: number,
  [classify, subject, content]: readonly [string, string, string],
  status: number,
  pushTime: string,
): SeedMessage => ({
  tenant_id: tenantId,
  user_id: userId,
  business_classify: classify,
  subject,
  content,
  status,
  push_time: pushTime,
  link: classify === 'alarm' ? '/station-monitor/alarm/index' : '',
});

/**
 * One account's history: 0-4 messages on each of the HISTORY_DAYS days before the last 24 hours, a fixed
 * pattern (no randomness: tests and screenshots see the same data), each at its own hour.
 */
export function historyMessages(
  tenantId: string,
  userId: number,
  sites: readonly string[],
  now: number,
): SeedMessage[] {
  const rows: SeedMessage[] = [];
  let next = 0;
  for (let day = 1; day <= HISTORY_DAYS; day++) {
    const count = (day * 7 + userId) % 5;
    for (let i = 0; i < count; i++) {
      const [classify, subject, content] = HISTORY[next % HISTORY.length]!;
      const site = sites[next % sites.length]!;
      next++;
      const pushTime = nowText(now - day * 24 * HOUR - (1 + i * 4) * HOUR);
      rows.push(messageRow(tenantId, userId, [classify, subject, content.replace('{s}', site)], 1, pushTime));
    }
  }
  return rows;
}
