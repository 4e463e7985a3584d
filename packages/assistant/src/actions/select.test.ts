import { expect } from '@esm-bundle/chai';
import { addExchange, endExchange, patchMessage } from '../messages';
import { selectionOf } from './select';

// A question answered with a list of stations (the first one nameless: its block leaves it out).
const STATIONS = [
  { remark: '无名' },
  { station_name: '青山', stationId: 'A' },
  { station_name: '白石', stationId: 'B' },
];
const before = patchMessage(
  endExchange(addExchange([], { question: 'q1', answer: 'a1' }, '电站', '10:00:00'), 'a1', 'success'),
  'a1',
  { extras: [{ func: 'stations_num', data: STATIONS }] },
);
const select = (data: unknown) => [{ func: 'select_number', data }];

describe('select_number as an answer’s outcome (DECISIONS 19)', () => {
  it('is nothing for an answer without select_number', () => {
    expect(selectionOf([{ func: 'show_data', data: [] }], before)).to.equal(null);
  });

  it('asks about the n-th item as the block numbers it, with the list a click sends', () => {
    expect(selectionOf(select(2), before)).to.deep.equal({
      selection: { ok: true, n: 2, text: '白石' },
      ask: { item: STATIONS[2], list: [STATIONS[1], STATIONS[2]], text: '白石' },
    });
  });

  it('says why it cannot, and asks nothing', () => {
    const table: [unknown, readonly unknown[], string][] = [
      [1, [], 'selectNoChoices'],
      ['x', before, 'selectNotInteger'],
      [3, before, 'selectOutOfRange'],
    ];
    for (const [n, messages, error] of table)
      expect(selectionOf(select(n), messages as never), String(n)).to.deep.equal({
        selection: { ok: false, error },
        ask: null,
      });
  });

  it('does not choose from a table of data', () => {
    const table = patchMessage(before, 'a1', {
      extras: [{ func: 'show_data', data: [{ param_name: 'P' }] }],
    });
    expect(selectionOf(select(1), table)?.selection).to.deep.equal({ ok: false, error: 'selectNoChoices' });
  });
});
