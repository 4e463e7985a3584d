import { expect } from '@esm-bundle/chai';
import { HISTORY_ITEM as item } from '../../test-support/action-host';
import { historyQuery, historyRange, historySeries, historyTitle, parseHistory } from './history-model';

describe('history_data', () => {
  it('asks for params.realId over the item range, leaving out a range it lacks', () => {
    expect(historyQuery(item)).to.deep.equal({
      realId: 'HS0001.G1.P',
      beginTime: '2026-11-27 00:00:00',
      endTime: '2026-11-28 00:00:00',
    });
    expect(
      historyQuery({ func: 'history_data', params: { realId: 'R1', beginTime: 1700000000000 } }),
    ).to.deep.equal({ realId: 'R1', beginTime: '1700000000000' });
    expect(historyQuery({ func: 'history_data', params: {} })).to.equal(null);
    expect(historyQuery({ func: 'history_data' })).to.equal(null);
  });

  it('titles the chart "station device attr" with the parts it has', () => {
    expect(historyTitle(item)).to.equal('飞来峡水电站 1号机组 有功功率');
    expect(historyTitle({ func: 'history_data', device_name: '1号机组', attrName: '有功功率' })).to.equal(
      '1号机组 有功功率',
    );
    expect(historyTitle({ func: 'history_data' })).to.equal('');
  });

  it('reads a history line in time order; another shape is not one', () => {
    const line = parseHistory({
      realId: 'R1',
      name: '有功功率',
      unit: 'MW',
      beginTime: '2026-11-27 00:00:00',
      endTime: '2026-11-28 00:00:00',
      points: [
        { ts: 2000, val: 2, isPredict: true },
        { ts: 1000, val: 1.5, isPredict: false },
        { ts: 3000, val: null },
      ],
    });
    expect(line?.points).to.deep.equal([
      { ts: 1000, val: 1.5, isPredict: false },
      { ts: 2000, val: 2, isPredict: true },
      { ts: 3000, val: null, isPredict: false },
    ]);
    expect(line?.unit).to.equal('MW');
    expect(parseHistory({ points: [{ ts: 'x' }] })).to.equal(null);
    expect(parseHistory({ points: 'none' })).to.equal(null);
    expect(parseHistory(null)).to.equal(null);
  });

  it('draws one series when some value exists, none otherwise', () => {
    const line = parseHistory({ points: [{ ts: 1, val: 3 }] });
    expect(line && historySeries(line, '有功功率')).to.deep.equal([
      { name: '有功功率', points: [{ ts: 1, val: 3, isPredict: false }] },
    ]);
    const empty = parseHistory({ points: [{ ts: 1, val: null }] });
    expect(empty && historySeries(empty, 'x')).to.deep.equal([]);
  });

  it('writes the range the server answered, else the one asked', () => {
    const query = { realId: 'R1', beginTime: '1', endTime: '2' };
    expect(historyRange(null, query)).to.deep.equal({ begin: '1', end: '2' });
    const line = parseHistory({ beginTime: 'a', endTime: 'b', points: [] });
    expect(historyRange(line, query)).to.deep.equal({ begin: 'a', end: 'b' });
  });
});
