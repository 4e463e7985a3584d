import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type AssistantData,
  answerQuestion,
  intentOf,
  piecesOf,
  type StationFacts,
  stationsNamed,
  suggestedQuestions,
} from '../src/routes/assistant-responder.ts';

const STATIONS: StationFacts[] = [
  { stationId: 'HS0001', name: '飞来峡水电站', englishName: 'Feilaixia', kind: 'hydro' },
  { stationId: 'HS0017', name: '株洲航电枢纽水电站', englishName: 'Zhuzhou', kind: 'hydro' },
  { stationId: 'ES0001', name: '前海储能电站', englishName: 'Qianhai', kind: 'storage' },
];

const data: AssistantData = {
  stations: () => STATIONS,
  points: () => [
    {
      realId: 'HS0001.G1.P',
      pointName: '有功功率',
      unit: 'MW',
      deviceName: '1号机组',
      deviceCode: 'HS0001-G1',
      value: 50,
    },
    {
      realId: 'HS0001.DC.TB',
      pointName: '蓄电池温度',
      unit: '℃',
      deviceName: '直流系统',
      deviceCode: 'HS0001-DC',
      value: null,
    },
  ],
  energyToday: (id) => (id === 'HS0001' ? 100 : 20),
  alarms: () => [{ subject: 'a|b', content: 'x\ny', pushTime: '2026-11-23 10:00:00', read: false }],
  times: () => ({ now: '2026-11-23 12:00:00', midnight: '2026-11-23 00:00:00' }),
};

describe('assistant responder (pure)', () => {
  it('names stations by full, short and English name', () => {
    const table: [string, string[]][] = [
      ['飞来峡水电站的运行情况', ['HS0001']],
      ['飞来峡怎么样', ['HS0001']],
      ['株洲的发电量', ['HS0017']],
      ['how is feilaixia running', ['HS0001']],
      ['Qianhai and Zhuzhou', ['HS0017', 'ES0001']],
      ['今天的发电量', []],
    ];
    for (const [question, ids] of table)
      assert.deepEqual(
        stationsNamed(question, STATIONS).map((s) => s.stationId),
        ids,
        question,
      );
  });

  it('tells the intent from the words', () => {
    const table: [string, number, string][] = [
      ['告警有哪些', 0, 'alarms'],
      ['Which alarms are there?', 0, 'alarms'],
      ['今天的发电量', 0, 'generation'],
      ["What is today's generation?", 0, 'generation'],
      ['飞来峡的历史曲线', 1, 'history'],
      ['历史曲线', 0, 'help'],
      ['一共有多少座电站？', 0, 'stations'],
      ['电站列表', 0, 'stations'],
      ['飞来峡', 1, 'station'],
      ['写一首诗', 0, 'help'],
    ];
    for (const [question, named, intent] of table) assert.equal(intentOf(question, named), intent, question);
  });

  it('answers in markdown with data kept inside its table cells', () => {
    const alarms = answerQuestion('告警', data, 'zh', 'hydropower');
    assert.match(alarms.content, /\| 2026-11-23 10:00:00 \| a\\\|b \| x y \| \*\*未读\*\* \|/);
    const station = answerQuestion('飞来峡', data, 'en', 'hydropower');
    assert.match(station.content, /\| 直流系统 \| 蓄电池温度 \| no data \|/);
    assert.equal(station.extras[0]?.func, 'show_data');
    const total = answerQuestion('今天的发电量', data, 'zh', 'hydropower');
    assert.match(total.content, /合计 \*\*140\.00 MWh\*\*/);
    const storage = answerQuestion('前海储能电站今天的放电量', data, 'zh', 'energyStorage');
    assert.match(storage.content, /今日放电量合计 \*\*20\.00 MWh\*\*/);
  });

  it('suggests questions per persona naming the stations, and cuts text into whole characters', () => {
    assert.equal(suggestedQuestions('hydraulicEngineering', data, 'zh')[0], '飞来峡水电站的上游水位历史曲线');
    assert.equal(suggestedQuestions('energyStorage', data, 'en')[0], 'How much energy was discharged today?');
    assert.deepEqual(piecesOf('a😀bcd', 2), ['a😀', 'bc', 'd']);
  });
});
