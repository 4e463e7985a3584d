import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import type { NotificationService } from './notifications.ts';

/** Sequence-of-events texts of a device (kind 1). */
const SOE_EVENTS = ['断路器分闸', '断路器合闸', '保护动作', '事故总信号动作', '交流电源失电', '通讯恢复'];

/** Alarm messages (kind 2): classification, subject and content of a device at a station. */
const ALARMS: [string, string, string][] = [
  ['alarm', '温度越限', '{station} {device} 温度越限，请及时检查'],
  ['alarm', '通讯中断', '{station} {device} 通讯中断'],
  ['defect', '缺陷待处理', '{station} {device} 发现缺陷，待处理'],
  ['overhaul', '检修提醒', '{station} {device} 检修计划即将开始'],
  ['duty', '值班提醒', '{station} 值班人员请确认 {device} 运行状态'],
];

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

/**
 * Demo feed (`npm start -- --simulate` or SIMULATE=1): every 4-10 s, one station of the database
 * raises an SOE event or an alarm message to every account of its tenant, through the same service as
 * the publish calls (stored, replayable, counted unread). Returns the function that stops it.
 */
export function startSimulator(ctx: AppContext, service: NotificationService, log: FastifyBaseLogger) {
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const once = async () => {
    const stations = await ctx.repos.devices.allStations();
    if (stations.length === 0) return;
    const station = pick(stations);
    const devices = await ctx.repos.devices.byStation(station.tenant_id, station.id);
    const device = devices.length > 0 ? pick(devices).device_name : '公用设备';
    if (Math.random() < 0.6) {
      await service.publishSoe(station.tenant_id, {
        deptName: station.dept_name,
        soe_explain: `${device} ${pick(SOE_EVENTS)}`,
      });
    } else {
      const [businessClassify, subject, content] = pick(ALARMS);
      await service.publishAlarm(station.tenant_id, {
        businessClassify,
        subject,
        content: content.replace('{station}', station.dept_name).replace('{device}', device),
        link: businessClassify === 'alarm' ? '/station-monitor/alarm/index' : '',
      });
    }
  };
  // The next tick is timed from the end of this one, so a slow database never stacks ticks up.
  const tick = () => {
    void once()
      .catch((err: unknown) =>
        log.warn({ err: (err as Error).message }, 'notification simulator tick failed'),
      )
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, 4000 + Math.random() * 6000);
      });
  };
  timer = setTimeout(tick, 2000);
  log.info('notification simulator on: SOE events and alarm messages every 4-10 s');
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    timer = null;
  };
}
