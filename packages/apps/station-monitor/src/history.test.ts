import { expect } from '@esm-bundle/chai';
import {
  chartSeries,
  DEFAULT_RANGE,
  FORECAST_HOURS,
  type HistoryPoint,
  historyQuery,
  isRangeKey,
  parseHistory,
  RANGES,
  timeText,
  valueText,
} from './history';

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 5, 1, 4, 0, 30, 500);
const MINUTE = Date.UTC(2026, 5, 1, 4, 0, 0);
const names = { measured: '实测', predicted: '预测' };

const line = (from: number, count: number, predictFrom: number): HistoryPoint[] =>
  Array.from({ length: count }, (_, i) => ({
    ts: from + i * 300_000,
    val: 10 + i,
    isPredict: from + i * 300_000 > predictFrom,
  }));

describe('history: time ranges', () => {
  it('offers 6 h, 24 h and 3 days, 24 h by default', () => {
    expect(RANGES.map((r) => r.hours)).to.deep.equal([6, 24, 72]);
    expect(DEFAULT_RANGE).to.equal('h24');
    expect(isRangeKey('h72')).to.equal(true);
    expect(isRangeKey('h48')).to.equal(false);
    expect(isRangeKey('toString')).to.equal(false);
  });

  it('asks for the range before now and the forecast after it, on the minute, in epoch ms', () => {
    expect(historyQuery('HS0001.G1.P', 'h24', NOW)).to.deep.equal({
      realId: 'HS0001.G1.P',
      beginTime: String(MINUTE - 24 * HOUR),
      endTime: String(MINUTE + FORECAST_HOURS * HOUR),
    });
    const short = historyQuery('HS0001.G1.P', 'h6', NOW);
    expect(Number(short.endTime) - Number(short.beginTime)).to.equal((6 + FORECAST_HOURS) * HOUR);
    const long = historyQuery('HS0001.G1.P', 'h72', NOW);
    // Within the server's limits: at most 7 days long, at most 24 h past now.
    expect(Number(long.endTime) - Number(long.beginTime)).to.be.at.most(7 * 24 * HOUR);
    expect(Number(long.endTime) - NOW).to.be.at.most(24 * HOUR);
  });
});

describe('history: the answer', () => {
  it('reads a history line, sorting its points and keeping null values as gaps', () => {
    const parsed = parseHistory({
      realId: 'HS0001.G1.P',
      name: '有功功率',
      unit: 'MW',
      points: [
        { ts: 2, val: 5, isPredict: true },
        { ts: 1, val: null, isPredict: false },
      ],
    });
    expect(parsed).to.deep.equal({
      realId: 'HS0001.G1.P',
      name: '有功功率',
      unit: 'MW',
      points: [
        { ts: 1, val: null, isPredict: false },
        { ts: 2, val: 5, isPredict: true },
      ],
    });
  });

  it('refuses what is not a history line', () => {
    for (const data of [null, 'x', {}, { realId: 'a' }, { realId: 'a', points: [{ ts: 'soon', val: 1 }] }]) {
      expect(parseHistory(data), JSON.stringify(data)).to.equal(null);
    }
  });
});

describe('history: chart series', () => {
  it('splits the measured part and the forecast, the forecast starting at the last measurement', () => {
    const points = line(MINUTE - HOUR, 19, MINUTE);
    const series = chartSeries(points, names);
    expect(series.map((s) => s.name)).to.deep.equal(['实测', '预测']);
    const [measured, predicted] = series;
    expect(measured?.points).to.have.length(13);
    expect(measured?.points.every((p) => !p.isPredict)).to.equal(true);
    expect(predicted?.points[0]).to.deep.equal({ ts: MINUTE, val: 22, isPredict: false });
    expect(predicted?.points.slice(1).every((p) => p.isPredict)).to.equal(true);
    expect(predicted?.points).to.have.length(1 + 6);
  });

  it('draws a range in the past as one series, and a forecast alone as one', () => {
    expect(chartSeries(line(MINUTE - 2 * HOUR, 10, MINUTE), names).map((s) => s.name)).to.deep.equal([
      '实测',
    ]);
    const ahead = chartSeries(line(MINUTE + HOUR, 5, MINUTE), names);
    expect(ahead.map((s) => s.name)).to.deep.equal(['预测']);
    expect(ahead[0]?.points).to.have.length(5);
  });

  it('has no series without a value, so the chart shows its no-data text', () => {
    expect(chartSeries([], names)).to.deep.equal([]);
    expect(chartSeries([{ ts: 1, val: null, isPredict: false }], names)).to.deep.equal([]);
  });
});

describe('history: texts of a value', () => {
  it('shows a value with its unit, and nothing for a point without data', () => {
    expect(valueText(31.75, 'MW')).to.equal('31.75 MW');
    expect(valueText(0, '')).to.equal('0');
    expect(valueText(null, 'MW')).to.equal(null);
  });

  it('shows a time to the minute in the browser’s zone', () => {
    const ts = new Date(2026, 5, 1, 9, 5, 59).getTime();
    expect(timeText(ts)).to.equal('06-01 09:05');
    expect(timeText(null)).to.equal('');
  });
});
