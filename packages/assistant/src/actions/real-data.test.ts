import { expect } from '@esm-bundle/chai';
import { emptyAnswer, feedChunk } from '../chunks';
import { answerPatch } from '../messages';
import { realDataRows } from './real-data';

const point = (param: unknown, extra: Record<string, unknown> = {}) => ({
  station_name: '青山水电站',
  device_name: '1号机组',
  param_name: param,
  time: '2026-11-28 10:00:00',
  value: 12.5,
  ...extra,
});

describe('assistant real data rows (spec §3 realData)', () => {
  it('makes a row per entry with station, device, parameter, time and value as text', () => {
    const entry = point('有功功率');
    const [row, ...rest] = realDataRows([entry]);
    expect(rest).to.deep.equal([]);
    expect(row).to.deep.include({
      station: '青山水电站',
      device: '1号机组',
      param: '有功功率',
      time: '2026-11-28 10:00:00',
      value: '12.5',
      item: entry,
    });
    expect(row?.key).to.be.a('string');
    expect(realDataRows([{ attrName: '水位', value: '3.2' }]).map((r) => [r.param, r.value])).to.deep.equal([
      ['水位', '3.2'],
    ]);
    expect(realDataRows([{ name: '流量', value: null }]).map((r) => [r.param, r.value])).to.deep.equal([
      ['流量', ''],
    ]);
  });

  it('drops entries naming no parameter, and anything not an object', () => {
    const rows = realDataRows([
      point(''),
      point(null),
      point('  '),
      { value: 1 },
      'x',
      3,
      null,
      point('水头'),
    ]);
    expect(rows.map((r) => r.param)).to.deep.equal(['水头']);
    for (const none of [undefined, null, 'x', 0, []]) expect(realDataRows(none)).to.deep.equal([]);
    expect(realDataRows(point('单个')).map((r) => r.param)).to.deep.equal(['单个']);
  });

  it('keeps every row, each with a key of its own, when points repeat', () => {
    const rows = realDataRows([
      point('有功功率', { time: '10:00' }),
      point('有功功率', { time: '10:05' }),
      point('有功功率', { time: '10:10' }),
      point('有功功率', { device_name: '2号机组' }),
    ]);
    expect(rows.map((r) => r.time)).to.deep.equal(['10:00', '10:05', '10:10', '2026-11-28 10:00:00']);
    expect(new Set(rows.map((r) => r.key)).size).to.equal(rows.length);
  });

  it('keeps keys unique even when a field’s text holds the separator', () => {
    const rows = realDataRows([
      { station_name: 'a|b', device_name: 'c', param_name: 'd' },
      { station_name: 'a', device_name: 'b|c', param_name: 'd' },
      { station_name: 'a', device_name: 'b', param_name: 'c|d' },
      { station_name: 'a|b|c', device_name: 'd', param_name: '1' },
      { station_name: 'a', device_name: 'b', param_name: 'c|d|1' },
    ]);
    expect(rows).to.have.length(5);
    expect(new Set(rows.map((r) => r.key)).size).to.equal(rows.length);
  });
});

describe('an answer’s realData as it streams (chunks.ts)', () => {
  const feed = (...chunks: Record<string, unknown>[]) => {
    const answer = emptyAnswer();
    for (const chunk of chunks) feedChunk(answer, JSON.stringify({ id: 'chat-1', ...chunk }));
    return answer;
  };
  const rows = [point('有功功率')];

  it('takes the list of the delta, or of the chunk itself; the latest list wins', () => {
    expect(feed({ choices: [{ delta: { content: '数据', realData: rows } }] }).realData).to.deep.equal(rows);
    expect(feed({ choices: [{ delta: {} }], realData: rows }).realData).to.deep.equal(rows);
    const later = [point('水头')];
    expect(
      feed({ choices: [{ delta: { realData: rows } }] }, { choices: [{ delta: { realData: later } }] })
        .realData,
    ).to.deep.equal(later);
  });

  it('keeps the list it has when a chunk carries none, or something that is not a list', () => {
    for (const other of [undefined, null, 'x', { param_name: 'P' }, 3])
      expect(
        feed(
          { choices: [{ delta: { realData: rows } }] },
          { choices: [{ delta: { content: '.', realData: other } }] },
        ).realData,
        JSON.stringify(other),
      ).to.deep.equal(rows);
  });

  it('shows it with the answer’s text (answerPatch)', () => {
    const answer = feed({ choices: [{ delta: { content: '数据', realData: rows } }] });
    expect(answerPatch(answer)).to.deep.include({ text: '数据', originalanswer: '数据', realData: rows });
  });
});
