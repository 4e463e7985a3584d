/**
 * What a data instruct outputs when it runs (dataRecord/execute, and the demo instruct endpoint): markdown
 * from the caller's seeded data. Pure over `AssistantData`.
 */
import type { InstructKind } from '../db/seed-assistant-docs.ts';
import { pointsTable } from './assistant-action-items.ts';
import { cell, L, type Lang } from './assistant-facts.ts';
import { type AssistantData, stationsNamed } from './assistant-responder.ts';

export function instructOutput(
  kind: InstructKind,
  data: AssistantData,
  lang: Lang,
  query: string,
  instanceId?: string,
): string {
  const { now } = data.times();
  const stations = data.stations();
  const station = stationsNamed(query, stations)[0] ?? stations[0];
  switch (kind) {
    case 'energy': {
      const rows = stations
        .map((s) => ({ name: s.name, mwh: data.energyToday(s.stationId) }))
        .sort((a, b) => b.mwh - a.mwh);
      const total = rows.reduce((sum, r) => sum + r.mwh, 0);
      return [
        L(lang, `### 今日电量统计（截至 ${now}）`, `### Today's energy (up to ${now})`),
        '',
        L(lang, '| 排名 | 电站 | 电量 (MWh) |', '| Rank | Station | Energy (MWh) |'),
        '| ---: | --- | ---: |',
        ...rows.map((r, i) => `| ${i + 1} | ${cell(r.name)} | ${r.mwh.toFixed(2)} |`),
        '',
        L(lang, `合计 **${total.toFixed(2)} MWh**。`, `**${total.toFixed(2)} MWh** in all.`),
      ].join('\n');
    }
    case 'alarms': {
      const unread = data.alarms().filter((a) => !a.read);
      return [
        L(lang, `### 告警汇总（截至 ${now}）`, `### Alarm summary (up to ${now})`),
        '',
        L(lang, `未读告警 **${unread.length}** 条：`, `**${unread.length}** unread alarms:`),
        '',
        ...unread.slice(0, 10).map((a) => `- ${cell(a.pushTime)} ${cell(a.subject)}`),
      ].join('\n');
    }
    case 'health':
    case 'record': {
      if (!station) return L(lang, '没有电站数据。', 'There is no station data.');
      const points = data.points(station.stationId);
      const missing = points.filter((p) => p.value === null);
      const title =
        kind === 'health'
          ? L(lang, `### ${station.name} 设备健康评估`, `### ${station.name} device health`)
          : L(lang, `### 运行日志 ${now.slice(0, 10)}`, `### Shift log ${now.slice(0, 10)}`);
      return [
        title,
        '',
        kind === 'record'
          ? L(
              lang,
              `记录编号 ${instanceId ?? '-'}，${station.name}，记录时间 ${now}。`,
              `Record ${instanceId ?? '-'}, ${station.name}, at ${now}.`,
            )
          : L(
              lang,
              `${points.length} 个测点中 ${missing.length} 个无数据，其余在正常范围内。`,
              `${missing.length} of ${points.length} points have no data; the rest are in range.`,
            ),
        '',
        ...pointsTable(points, lang),
      ].join('\n');
    }
  }
}
