/**
 * The action answers about one station's things (docs/assistant-actions.md): faults and their diagnosis,
 * cameras, SCADA canvases, a device's controls and parameters, its telemetry, and the station picker.
 * Pure over `AssistantData`.
 */
import {
  answerOf,
  canvasItem,
  chooseCanvasItem,
  diagnoseItem,
  faultRow,
  pointsTable,
  realDataOf,
  stationsOrAll,
  videoItem,
} from './assistant-action-items.ts';
import type {
  ActionFacts,
  Answer,
  AssistantData,
  DeviceFacts,
  Lang,
  StationFacts,
} from './assistant-facts.ts';
import { L } from './assistant-facts.ts';

export const has = (q: string, pattern: RegExp) => pattern.test(q);
/** The words occur as whole words in the lower-cased text. */
export const wordIn = (lower: string, words: string) =>
  words.length > 0 &&
  new RegExp(`\\b${words.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(lower);

/** The device of the station the question names (zh name, or English name as whole words). */
function deviceNamed(question: string, devices: readonly DeviceFacts[]): DeviceFacts | undefined {
  const lower = question.toLowerCase();
  return devices.find((d) => question.includes(d.deviceName) || wordIn(lower, d.englishName));
}

/** One kind of action question: its answer, or null when the question is not of its kind. */
export type Matcher = (
  q: { text: string; lower: string; lang: Lang; named: StationFacts[] },
  data: AssistantData,
  acts: ActionFacts,
) => Answer | null;

export const faults: Matcher = ({ lower, lang, named }, data, acts) => {
  const diagnose = has(lower, /诊断|diagnos/);
  if (!diagnose && !has(lower, /故障|fault/)) return null;
  const stations = stationsOrAll(data, named, diagnose ? 1 : 30);
  if (diagnose) {
    const station = stations[0];
    const fault = station && acts.faults(station.stationId)[0];
    if (!station || !fault) return null;
    return answerOf(
      [L(lang, `查找${station.name}最近的故障`, `finding the latest fault of ${station.name}`)],
      [
        `### ${fault.record_name}`,
        '',
        L(
          lang,
          `${fault.time}，${fault.device_name}：${fault.errorInfo}`,
          `${fault.time}, ${fault.device_name}: ${fault.errorInfo}`,
        ),
      ],
      [diagnoseItem(station, fault)],
    );
  }
  const rows = stations.flatMap((s) => acts.faults(s.stationId).map((f) => faultRow(s, f))).slice(0, 30);
  return answerOf(
    [L(lang, '读取故障记录', 'reading the fault records')],
    [
      L(
        lang,
        `共有 **${rows.length}** 条故障记录，请选择要诊断的故障：`,
        `**${rows.length}** faults, choose one to diagnose:`,
      ),
    ],
    [
      {
        func: 'choose_fault',
        label: L(lang, '故障记录', 'Faults'),
        station_name: named[0]?.name,
        data: rows,
      },
    ],
  );
};

export const videos: Matcher = ({ text, lower, lang, named }, data, acts) => {
  if (!has(lower, /视频|摄像|camera|video/)) return null;
  const station = named[0];
  if (station) {
    const list = acts.videos(station.stationId);
    const video = list.find((v) => text.includes(v.name) || lower.includes(v.englishName.split(' ')[0]!));
    if (video)
      return answerOf(
        [L(lang, `打开${station.name}的${video.name}`, `opening ${station.name}'s ${video.englishName}`)],
        [
          L(
            lang,
            `已为您打开 **${station.name} ${video.name}**。`,
            `Here is **${station.name} ${video.name}**.`,
          ),
        ],
        [videoItem(station, video)],
      );
  }
  const rows = stationsOrAll(data, named, 10).flatMap((s) =>
    acts.videos(s.stationId).map((v) => ({ name: v.name, videoId: v.videoId, station_name: s.name })),
  );
  return answerOf(
    [L(lang, '列出视频监控', 'listing the cameras')],
    [L(lang, `共有 **${rows.length}** 路视频，请选择：`, `**${rows.length}** cameras, choose one:`)],
    [
      {
        func: 'choose_video',
        label: L(lang, '视频监控', 'Cameras'),
        station_name: station?.name,
        data: rows,
      },
    ],
  );
};

export const canvases: Matcher = ({ text, lower, lang, named }, data, acts) => {
  if (!has(lower, /画面|接线图|单元图|scada|canvas|diagram/)) return null;
  const station = named[0];
  if (!station) {
    const rows = data
      .stations()
      .map((s) => ({
        station_name: s.name,
        stationId: s.stationId,
        count: acts.canvases(s.stationId).length,
      }))
      .filter((r) => r.count > 0);
    return answerOf(
      [L(lang, '列出有监控画面的电站', 'listing the stations with SCADA screens')],
      [
        L(
          lang,
          `**${rows.length}** 座电站有监控画面，请选择电站：`,
          `**${rows.length}** stations have SCADA screens, choose one:`,
        ),
      ],
      [{ func: 'choose_scada', label: L(lang, '监控画面', 'SCADA screens'), data: rows }],
    );
  }
  const list = acts.canvases(station.stationId);
  const canvas = list.find(
    (c) =>
      text.includes(c.name) ||
      lower.includes(c.englishName) ||
      (c.name === '主接线图' && text.includes('接线图')),
  );
  if (canvas)
    return answerOf(
      [L(lang, `打开${station.name}的${canvas.name}`, `opening ${station.name}'s ${canvas.englishName}`)],
      [
        L(
          lang,
          `已为您打开 **${station.name} ${canvas.name}**，数值每 10 秒刷新。`,
          `Here is **${station.name} ${canvas.name}**; values refresh every 10 s.`,
        ),
      ],
      [canvasItem(station, canvas)],
    );
  return answerOf(
    [L(lang, `列出${station.name}的监控画面`, `listing ${station.name}'s SCADA screens`)],
    [
      L(
        lang,
        `${station.name}有 **${list.length}** 幅监控画面，请选择：`,
        `${station.name} has **${list.length}** screens, choose one:`,
      ),
    ],
    [chooseCanvasItem(station, list, lang)],
  );
};

/** confirm_yk (an item named), control_device (a device to control) and show_param (a device's parameters). */
export const devices: Matcher = ({ text, lower, lang, named }, data, acts) => {
  const station = named[0];
  if (!station) return null;
  const device = deviceNamed(text, acts.devices(station.stationId));
  if (!device) return null;
  const controls = acts.controls(station.stationId).filter((c) => c.deviceCode === device.deviceCode);
  const item = controls.find((c) => text.includes(c.name) || wordIn(lower, c.englishName));
  const yk = (c: (typeof controls)[number]) => ({
    projectId: c.projectId,
    projectName: c.projectName,
    deviceCode: c.deviceCode,
    deviceName: c.deviceName,
    name: c.name,
    signage: c.signage,
    modelClassifyId: c.modelClassifyId,
  });
  const title = `${station.name} ${device.deviceName}`;
  if (item)
    return answerOf(
      [L(lang, `找到遥控项${item.name}`, `found the control ${item.englishName}`)],
      [
        L(
          lang,
          `请确认对 **${title}** 执行 **${item.name}**。`,
          `Please confirm **${item.name}** on **${title}**.`,
        ),
      ],
      [
        {
          func: 'confirm_yk',
          label: item.name,
          station_name: station.name,
          device_name: device.deviceName,
          data: yk(item),
        },
      ],
    );
  if (has(lower, /控制|遥控|control/)) {
    if (controls.length === 0) return null;
    return answerOf(
      [L(lang, `列出${title}的遥控项`, `listing the controls of ${title}`)],
      [
        L(
          lang,
          `**${title}** 有 **${controls.length}** 个遥控项：`,
          `**${title}** has **${controls.length}** controls:`,
        ),
      ],
      [
        {
          func: 'control_device',
          label: L(lang, `${title} 遥控`, `${title} controls`),
          station_name: station.name,
          device_name: device.deviceName,
          data: controls.map(yk),
        },
      ],
    );
  }
  if (!has(lower, /参数|parameters?/)) return null;
  const points = data.points(station.stationId).filter((p) => p.deviceCode === device.deviceCode);
  const { now } = data.times();
  return answerOf(
    [L(lang, `读取${title}的参数`, `reading the parameters of ${title}`)],
    [`### ${title}`, '', ...pointsTable(points, lang)],
    [
      {
        func: 'show_param',
        label: L(lang, `${title} 参数`, `${title} parameters`),
        station_name: station.name,
        device_name: device.deviceName,
        data: realDataOf(station.name, points, now, lang),
      },
    ],
  );
};

export const telemetry: Matcher = ({ lower, lang, named }, data) => {
  const station = named[0];
  if (!station || !has(lower, /遥测|测点|telemetry|measurements|points/)) return null;
  const points = data.points(station.stationId);
  const { now } = data.times();
  return answerOf(
    [L(lang, `读取${station.name}的遥测`, `reading ${station.name}'s telemetry`)],
    [
      L(
        lang,
        `${station.name}共 **${points.length}** 个遥测，选择一个查看今日曲线：`,
        `${station.name} has **${points.length}** measurements; choose one for today's curve:`,
      ),
    ],
    [
      {
        func: 'choose_yc',
        label: L(lang, `${station.name} 遥测`, `${station.name} telemetry`),
        station_name: station.name,
        data: realDataOf(station.name, points, now, lang).map((row, i) => ({
          ...row,
          realId: points[i]!.realId,
        })),
      },
    ],
  );
};

export const chooseStation: Matcher = ({ lower, lang }, data) => {
  if (!has(lower, /选择.{0,4}电站|切换电站|(choose|select|switch) (a )?station/)) return null;
  const stations = data.stations();
  return answerOf(
    [L(lang, '列出可选择的电站', 'listing the stations to choose from')],
    [L(lang, '请选择电站：', 'Choose a station:')],
    [
      {
        func: 'choose_station',
        label: L(lang, '电站', 'Stations'),
        data: stations.map((s) => ({ station_name: s.name, stationId: s.stationId })),
      },
    ],
  );
};
