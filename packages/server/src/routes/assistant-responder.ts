/**
 * The reference server's built-in assistant: a deterministic responder that answers questions about the
 * caller's seeded stations, devices, alarms and history (no language model). It decides from the question's
 * words which facts to read, and answers in markdown, with reasoning for deep thinking and with the action
 * extras of spec §3 where one applies (stations_num, show_data, history_data here; the other action functions
 * and the answers to a picker's choice in assistant-actions*.ts and assistant-choices.ts). Pure over
 * `AssistantData`.
 */

import {
  type AlarmFacts,
  type Answer,
  type AssistantData,
  cell,
  type ExtraItem,
  L,
  type Lang,
  type Persona,
  type PointFacts,
  type StationFacts,
} from './assistant-facts.ts';

export { PERSONAS } from './assistant-facts.ts';
export type { AlarmFacts, Answer, AssistantData, ExtraItem, Lang, Persona, PointFacts, StationFacts };

import { historyItem, realDataOf, showValue } from './assistant-action-items.ts';
import { actionAnswer } from './assistant-actions.ts';
import { choiceAnswer } from './assistant-choices.ts';

const fmt = (value: number, decimals = 2) => value.toFixed(decimals);

const SHORT_SUFFIXES = ['航电枢纽水电站', '水电站', '储能电站', '电站'];

/** The stations the question names (full Chinese name, its short form, or the English name). */
export function stationsNamed(question: string, stations: readonly StationFacts[]): StationFacts[] {
  const lower = question.toLowerCase();
  return stations.filter((s) => {
    if (question.includes(s.name)) return true;
    const suffix = SHORT_SUFFIXES.find((x) => s.name.endsWith(x));
    const short = suffix ? s.name.slice(0, -suffix.length) : s.name;
    if (short.length >= 2 && question.includes(short)) return true;
    return s.englishName.length >= 3 && new RegExp(`\\b${s.englishName.toLowerCase()}\\b`).test(lower);
  });
}

type Intent = 'alarms' | 'generation' | 'history' | 'stations' | 'station' | 'help';

/** What the question asks for, from its words (zh and en). */
export function intentOf(question: string, named: number): Intent {
  const q = question.toLowerCase();
  if (/告警|报警|alarm/.test(q)) return 'alarms';
  if (/发电量|放电量|电量|generat|energy|output/.test(q)) return 'generation';
  if (named > 0 && /历史|曲线|趋势|history|trend|curve/.test(q)) return 'history';
  if (/多少.*站|电站列表|站点列表|哪些.*站|how many stations|list .*stations|station list/.test(q))
    return 'stations';
  if (named > 0) return 'station';
  return 'help';
}

function reasoningOf(lang: Lang, intent: Intent, what: string, facts: string): string {
  const steps = {
    alarms: L(lang, '用户想了解当前的告警情况', 'The user wants to know the current alarms'),
    generation: L(lang, '用户想了解今天的发电量', "The user asks about today's generation"),
    history: L(lang, '用户想查看测点的历史曲线', "The user wants a point's history line"),
    stations: L(lang, '用户想了解有哪些电站', 'The user asks which stations there are'),
    station: L(lang, '用户想了解某个电站的运行情况', 'The user asks how a station is running'),
    help: L(lang, '问题没有对应到具体的数据', 'The question does not name any data I hold'),
  }[intent];
  return [
    L(lang, `1. 理解问题：${steps}。`, `1. Understanding the question: ${steps}.`),
    L(lang, `2. 查询数据：${what}。`, `2. Looking up the data: ${what}.`),
    L(lang, `3. 组织回答：${facts}。`, `3. Composing the answer: ${facts}.`),
  ].join('\n');
}

function alarmsAnswer(lang: Lang, data: AssistantData): Answer {
  const alarms = data.alarms();
  const unread = alarms.filter((a) => !a.read).length;
  const reasoning = reasoningOf(
    lang,
    'alarms',
    L(lang, '读取当前用户的告警消息', "reading the user's alarm messages"),
    L(lang, `共 ${alarms.length} 条，未读 ${unread} 条`, `${alarms.length} in all, ${unread} unread`),
  );
  if (alarms.length === 0)
    return { reasoning, content: L(lang, '当前没有告警消息。', 'There are no alarm messages.'), extras: [] };
  const rows = alarms
    .slice(0, 10)
    .map(
      (a) =>
        `| ${cell(a.pushTime)} | ${cell(a.subject)} | ${cell(a.content)} | ${a.read ? L(lang, '已读', 'read') : L(lang, '**未读**', '**unread**')} |`,
    );
  const content = [
    L(
      lang,
      `### 告警消息\n\n共有 **${alarms.length}** 条告警，其中 **${unread}** 条未读：`,
      `### Alarm messages\n\n**${alarms.length}** alarms, **${unread}** of them unread:`,
    ),
    '',
    L(lang, '| 时间 | 主题 | 内容 | 状态 |', '| Time | Subject | Content | Status |'),
    '| --- | --- | --- | --- |',
    ...rows,
    '',
    L(lang, '> 请及时处理未读告警。', '> Please deal with the unread alarms.'),
  ].join('\n');
  return { reasoning, content, extras: [] };
}

function generationAnswer(lang: Lang, data: AssistantData, named: StationFacts[]): Answer {
  const stations = named.length > 0 ? named : data.stations();
  const { now, midnight } = data.times();
  const rows = stations.map((s) => ({ station: s, energy: data.energyToday(s.stationId) }));
  const total = rows.reduce((sum, r) => sum + r.energy, 0);
  const storage = stations.every((s) => s.kind === 'storage');
  const word = storage ? L(lang, '放电量', 'discharged energy') : L(lang, '发电量', 'generation');
  const reasoning = reasoningOf(
    lang,
    'generation',
    L(
      lang,
      `汇总 ${stations.length} 座电站机组有功功率从 ${midnight} 到 ${now} 的积分`,
      `integrating the active power of ${stations.length} stations' units from ${midnight} to ${now}`,
    ),
    L(lang, `合计 ${fmt(total)} MWh`, `${fmt(total)} MWh in all`),
  );
  const lines = [
    L(
      lang,
      `### 今日${word}\n\n截至 ${now}，${stations.length === 1 ? stations[0]!.name : `${stations.length} 座电站`}今日${word}合计 **${fmt(total)} MWh**。`,
      `### Today's ${word}\n\nUp to ${now}, ${stations.length === 1 ? stations[0]!.name : `${stations.length} stations`} reached **${fmt(total)} MWh** today.`,
    ),
  ];
  if (rows.length > 1) {
    const top = [...rows].sort((a, b) => b.energy - a.energy);
    lines.push(
      '',
      L(lang, '| 电站 | 今日电量 (MWh) |', '| Station | Today (MWh) |'),
      '| --- | ---: |',
      ...top.map((r) => `| ${cell(r.station.name)} | ${fmt(r.energy)} |`),
    );
  }
  return { reasoning, content: lines.join('\n'), extras: [] };
}

function stationsAnswer(lang: Lang, data: AssistantData): Answer {
  const stations = data.stations();
  const reasoning = reasoningOf(
    lang,
    'stations',
    L(lang, '读取当前租户的电站列表', "reading the tenant's stations"),
    L(lang, `共 ${stations.length} 座`, `${stations.length} stations`),
  );
  const content = [
    L(lang, `共有 **${stations.length}** 座电站：`, `There are **${stations.length}** stations:`),
    '',
    ...stations.map((s, i) => `${i + 1}. ${s.name}（${s.stationId}）`),
    '',
    L(lang, '可以回复序号查看某座电站。', 'Reply with a number to look at one of them.'),
  ].join('\n');
  const extras: ExtraItem[] = [
    {
      func: 'stations_num',
      label: L(lang, '电站', 'stations'),
      data: stations.map((s) => ({ station_name: s.name, stationId: s.stationId })),
    },
  ];
  return { reasoning, content, extras };
}

function stationAnswer(lang: Lang, data: AssistantData, station: StationFacts): Answer {
  const points = data.points(station.stationId);
  const { now } = data.times();
  const reasoning = reasoningOf(
    lang,
    'station',
    L(lang, `读取${station.name}各设备测点的最新值`, `reading the latest values of ${station.name}'s points`),
    L(lang, `${points.length} 个测点`, `${points.length} points`),
  );
  const content = [
    `### ${station.name}（${station.stationId}）`,
    '',
    L(lang, `截至 ${now} 的实时数据：`, `Realtime data up to ${now}:`),
    '',
    L(lang, '| 设备 | 测点 | 数值 |', '| Device | Point | Value |'),
    '| --- | --- | ---: |',
    ...points.map(
      (p) =>
        `| ${cell(p.deviceName)} | ${cell(p.pointName)} | ${p.value === null ? L(lang, '无数据', 'no data') : `${p.value} ${cell(p.unit)}`} |`,
    ),
  ].join('\n');
  const extras: ExtraItem[] = [
    { func: 'show_data', station_name: station.name, data: realDataOf(station.name, points, now, lang) },
  ];
  return { reasoning, content, extras };
}

function historyAnswer(lang: Lang, data: AssistantData, question: string, station: StationFacts): Answer {
  const points = data.points(station.stationId);
  const point =
    points.find((p) => question.includes(p.pointName)) ??
    points.find((p) => p.realId.endsWith('.P')) ??
    points[0];
  const { now, midnight } = data.times();
  const reasoning = reasoningOf(
    lang,
    'history',
    L(
      lang,
      `在${station.name}找到测点 ${point?.deviceName ?? ''}${point?.pointName ?? ''}`,
      `found the point ${point?.deviceName ?? ''} ${point?.pointName ?? ''} of ${station.name}`,
    ),
    L(lang, '给出今日的历史曲线', "offering today's history line"),
  );
  if (!point)
    return { reasoning, content: L(lang, '该电站没有测点。', 'The station has no points.'), extras: [] };
  const content = [
    L(
      lang,
      `已为您打开 **${station.name} ${point.deviceName} ${point.pointName}** 今日的历史曲线（${midnight} 至 ${now}）。`,
      `Here is today's history line of **${station.name} ${point.deviceName} ${point.pointName}** (${midnight} to ${now}).`,
    ),
    '',
    L(lang, `当前值：**${showValue(point, lang)}**`, `Current value: **${showValue(point, lang)}**`),
  ].join('\n');
  const extras: ExtraItem[] = [historyItem(station.name, point, { now, midnight })];
  return { reasoning, content, extras };
}

function helpAnswer(lang: Lang, data: AssistantData, persona: Persona): Answer {
  const reasoning = reasoningOf(
    lang,
    'help',
    L(lang, '没有匹配到电站、告警或电量', 'no station, alarm or generation matched'),
    L(lang, '介绍可以回答的问题', 'listing what I can answer'),
  );
  const content = [
    L(
      lang,
      '抱歉，我暂时只能回答与本租户电站数据有关的问题。您可以这样问：',
      'Sorry, I can only answer questions about your stations’ data for now. You could ask:',
    ),
    '',
    ...suggestedQuestions(persona, data, lang).map((q) => `- ${q}`),
  ].join('\n');
  return { reasoning, content, extras: [] };
}

/**
 * The answer to one question: to the chosen item when it is a choice from a picker, else with an action
 * function when the question asks for one, else by the text intents.
 */
export function answerQuestion(
  question: string,
  data: AssistantData,
  lang: Lang,
  persona: Persona,
  choice: Record<string, unknown> | null = null,
): Answer {
  const chosen = choice ? choiceAnswer(choice, data, lang) : null;
  if (chosen) return chosen;
  const stations = data.stations();
  const named = stationsNamed(question, stations);
  const action = actionAnswer(question, data, lang, named);
  if (action) return action;
  switch (intentOf(question, named.length)) {
    case 'alarms':
      return alarmsAnswer(lang, data);
    case 'generation':
      return generationAnswer(lang, data, named);
    case 'history':
      return historyAnswer(lang, data, question, named[0]!);
    case 'stations':
      return stationsAnswer(lang, data);
    case 'station':
      return stationAnswer(lang, data, named[0]!);
    case 'help':
      return helpAnswer(lang, data, persona);
  }
}

/** The suggested questions of a persona, naming the caller's own stations. */
export function suggestedQuestions(persona: Persona, data: AssistantData, lang: Lang): string[] {
  const stations = data.stations();
  const first = stations[0]?.name ?? L(lang, '电站', 'the station');
  const second = stations[1]?.name ?? first;
  switch (persona) {
    case 'hydropower':
      return [
        L(lang, '今天的发电量是多少？', "What is today's generation?"),
        L(lang, '当前有哪些告警？', 'Which alarms are there?'),
        L(lang, `${first}的运行情况`, `How is ${first} running?`),
        L(lang, `${second}1号机组有功功率的历史曲线`, `History curve of ${second} unit 1 active power`),
        L(lang, '一共有多少座电站？', 'How many stations are there?'),
      ];
    case 'hydraulicEngineering':
      return [
        L(lang, `${first}的上游水位历史曲线`, `History curve of ${first} upstream water level`),
        L(lang, `${first}的闸门开度`, `Gate opening of ${first}`),
        L(lang, '当前有哪些告警？', 'Which alarms are there?'),
        L(lang, '电站列表', 'Station list'),
      ];
    case 'energyStorage':
      return [
        L(lang, '今天的放电量是多少？', 'How much energy was discharged today?'),
        L(lang, `${first}的荷电状态`, `State of charge of ${first}`),
        L(lang, '当前有哪些告警？', 'Which alarms are there?'),
        L(lang, '一共有多少座电站？', 'How many stations are there?'),
      ];
  }
}

/** Questions like one already asked: the suggestions of its persona other than itself, at most 3. */
export function similarQuestions(question: string, persona: Persona, data: AssistantData, lang: Lang) {
  return suggestedQuestions(persona, data, lang)
    .filter((q) => q !== question)
    .slice(0, 3);
}

/** Splits text into pieces of at most `size` characters (whole code points: no emoji cut in half). */
export function piecesOf(text: string, size: number): string[] {
  const chars = Array.from(text);
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(''));
  return out;
}
