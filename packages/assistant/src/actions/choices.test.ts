import { expect } from '@esm-bundle/chai';
import { type Choice, choiceQuestion, choicesOf, numberedChoices } from './choices';
import { PICKER_FUNCS } from './funcs';

describe('assistant action choices (docs/assistant-actions.md "Choosing from a list")', () => {
  it('shows each picker item by its own display text, with where it is as a second line', () => {
    const cases: [Parameters<typeof choicesOf>[0], Record<string, unknown>, string, string][] = [
      ['choose_station', { station_name: '青山水电站', stationId: 's1' }, '青山水电站', 's1'],
      ['stations_num', { station_name: '白河水电站', stationId: 's2' }, '白河水电站', 's2'],
      ['choose_scada', { station_name: '青山水电站', stationId: 's1', count: 3 }, '青山水电站', 's1'],
      ['choose_canvas', { name: '主接线图', canvasId: 'c1', station_name: '青山' }, '主接线图', '青山'],
      ['choose_video', { name: '坝顶摄像头', videoId: 'v1', station_name: '青山' }, '坝顶摄像头', '青山'],
      [
        'choose_fault',
        {
          record_name: '1号机组过热',
          fdpId: 'f1',
          station_name: '青山',
          device_name: '1号机组',
          time: '10:00',
        },
        '1号机组过热',
        '青山 · 1号机组 · 10:00',
      ],
      ['choose_instruct', { name: '日报', id: 'i1', description: '生成日报' }, '日报', '生成日报'],
      ['choose_menu', { name: '告警', path: '/alarm' }, '告警', '/alarm'],
      [
        'choose_yc',
        { station_name: '青山', device_name: '1号机组', param_name: '有功功率', realId: 'r1' },
        '有功功率',
        '青山 · 1号机组',
      ],
    ];
    for (const [func, item, text, detail] of cases) {
      expect(choicesOf(func, [item]), func).to.deep.equal([{ item, text, detail }]);
    }
    expect(cases.map(([func]) => func)).to.include.members([...PICKER_FUNCS]);
  });

  it('falls back to the next name key, and writes numbers out', () => {
    expect(choicesOf('choose_station', [{ stationId: 42 }]).map((c) => c.text)).to.deep.equal(['42']);
    expect(choicesOf('choose_canvas', [{ canvasId: 'c9' }]).map((c) => c.text)).to.deep.equal(['c9']);
    expect(choicesOf('choose_fault', [{ name: '告警', fdpId: 'f' }]).map((c) => c.text)).to.deep.equal([
      '告警',
    ]);
    expect(choicesOf('choose_yc', [{ attrName: '水位' }]).map((c) => c.text)).to.deep.equal(['水位']);
  });

  it('leaves out items without a name, and data that is not a list of objects', () => {
    const data = [{ station_name: '  ' }, { stationId: null }, 'text', 7, null, [], { station_name: '甲' }];
    expect(choicesOf('choose_station', data).map((c) => c.text)).to.deep.equal(['甲']);
    expect(choicesOf('choose_station', { station_name: '乙' }).map((c) => c.text)).to.deep.equal(['乙']);
    for (const bad of [undefined, null, 'x', 3, true])
      expect(choicesOf('choose_station', bad)).to.deep.equal([]);
  });

  it('qualifies a choice by its detail only when the list holds its text twice', () => {
    const list: Choice[] = choicesOf('choose_canvas', [
      { name: '主接线图', station_name: '青山' },
      { name: '主接线图', station_name: '白河' },
      { name: '厂用电', station_name: '青山' },
      { name: '厂用电' },
      { name: '厂用电' },
    ]);
    expect(list.map((c) => choiceQuestion(c, list))).to.deep.equal([
      '主接线图（青山）',
      '主接线图（白河）',
      '厂用电（青山）',
      // Twins with nothing to tell them apart ask by their text alone.
      '厂用电',
      '厂用电',
    ]);
    const single = list.slice(0, 1);
    expect(choiceQuestion(list[0] as Choice, single)).to.equal('主接线图');
  });

  it('numbers a list for select_number as its block does, each asking what its click would', () => {
    const data = [
      { count: 3 },
      { station_name: '青山', stationId: 's1' },
      'x',
      { station_name: '白河', stationId: 's2' },
      { station_name: '白河', stationId: 's3' },
    ];
    expect(numberedChoices('choose_station', data)).to.deep.equal([
      { item: data[1], text: '青山' },
      { item: data[3], text: '白河（s2）' },
      { item: data[4], text: '白河（s3）' },
    ]);
    expect(numberedChoices('choose_yc', [{ param_name: '有功功率', realId: 'r1' }])).to.deep.equal([
      { item: { param_name: '有功功率', realId: 'r1' }, text: '有功功率' },
    ]);
    // Not a list to choose from (a table of data, an unknown function): nothing to number.
    expect(numberedChoices('show_data', [{ param_name: '有功功率' }])).to.deep.equal([]);
    expect(numberedChoices('nope', [{ name: 'x' }])).to.deep.equal([]);
    expect(numberedChoices('choose_menu', 'x')).to.deep.equal([]);
  });
});
