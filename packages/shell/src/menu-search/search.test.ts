import { expect } from '@esm-bundle/chai';
import { buildMenu, leavesOf, type MenuItem } from '../menus/model';
import {
  buildSearchIndex,
  MENU_SEARCH_LIMIT,
  type MenuSearchResult,
  searchKeyOf,
  searchMenu,
} from './search';

function leaf(id: string, name: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { id, name, path: `/m/${id}`, icon: `icon-${id}`, ...extra };
}

const model = buildMenu([
  leaf('1', 'Station overview', { meta: { i18n: 'menu.station_overview' } }),
  {
    id: 'g',
    name: 'Alarms',
    children: [leaf('2', 'Alarm list'), leaf('3', 'Alarm statistics'), leaf('4', 'Realtime alarm')],
  },
  leaf('5', 'Overview of stations'),
  leaf('6', '电站总览', { meta: { i18n: 'menu.zh_only' } }),
  leaf('7', '<b>Report</b>'),
  leaf('8', 'ＡＢＣ full width'),
]);
const leaves = leavesOf(model.items);
const texts: Record<string, string> = { 'menu.station_overview': 'Stations at a glance' };
const nameOf = (item: MenuItem) => (item.meta.i18n ? (texts[item.meta.i18n] ?? '') : item.name);
const index = buildSearchIndex(leaves, nameOf);
const found = (results: readonly MenuSearchResult[]) => results.map((result) => result.id);

describe('searchMenu', () => {
  it('searches leaves only', () => {
    expect(index.size).to.equal(8);
    expect(found(searchMenu(index, 'alarms'))).to.deep.equal([]);
  });

  it('matches the name in the current language, ignoring case', () => {
    expect(found(searchMenu(index, 'GLANCE'))).to.deep.equal(['1']);
    expect(found(searchMenu(index, 'station overview'))).to.deep.equal([]);
  });

  it('falls back to the menu name when nameOf gives nothing', () => {
    expect(found(searchMenu(index, '总览'))).to.deep.equal(['6']);
  });

  it('falls back to the menu name when nameOf throws', () => {
    const throwing = buildSearchIndex(leaves, () => {
      throw new Error('no i18n');
    });
    expect(found(searchMenu(throwing, 'station overview'))).to.deep.equal(['1']);
  });

  it('names that start with the query come first, then the others, each in menu order', () => {
    expect(found(searchMenu(index, 'alarm'))).to.deep.equal(['2', '3', '4']);
    expect(found(searchMenu(index, 'stat'))).to.deep.equal(['1', '3', '5']);
  });

  it('a result shows icon, name and path, and carries the item', () => {
    const [result] = searchMenu(index, 'glance');
    expect(result?.name).to.equal('Stations at a glance');
    expect(result?.icon).to.equal('icon-1');
    expect(result?.path).to.equal('/m/1');
    expect(result?.item).to.equal(model.byId.get('1'));
  });

  it('markup in a name is text to match, returned as it is', () => {
    const results = searchMenu(index, '<b>');
    expect(found(results)).to.deep.equal(['7']);
    expect(results[0]?.name).to.equal('<b>Report</b>');
  });

  it('an empty or white-space query finds nothing', () => {
    for (const query of ['', ' ', '\t\n', '　'])
      expect(searchMenu(index, query), JSON.stringify(query)).to.deep.equal([]);
  });

  it('surrounding and repeated spaces in the query do not matter', () => {
    expect(found(searchMenu(index, '  alarm   list '))).to.deep.equal(['2']);
  });

  it('full-width letters match their ASCII form', () => {
    expect(found(searchMenu(index, 'abc'))).to.deep.equal(['8']);
    expect(found(searchMenu(index, 'ａｂｃ'))).to.deep.equal(['8']);
  });

  it('the limit cuts the list, prefix matches kept first', () => {
    expect(found(searchMenu(index, 'a', 2))).to.deep.equal(['2', '3']);
    expect(found(searchMenu(index, 'stat', 2))).to.deep.equal(['1', '3']);
    expect(searchMenu(index, 'a', 0)).to.deep.equal([]);
    expect(searchMenu(index, 'a', -1)).to.deep.equal([]);
    expect(searchMenu(index, 'a', Number.NaN)).to.deep.equal([]);
    expect(searchMenu(index, 'a', 1.9).length).to.equal(1);
  });

  it('searchKeyOf is the comparison form', () => {
    expect(searchKeyOf('  Ａlarm \t LIST ')).to.equal('alarm list');
  });
});

describe('searchMenu over 5,000 leaves', () => {
  const many: Record<string, unknown>[] = [];
  for (let i = 0; i < 5000; i++) many.push(leaf(String(i), i % 2 === 0 ? `Pump ${i}` : `Main pump ${i}`));
  const big = buildSearchIndex(leavesOf(buildMenu(many).items));

  it(`returns at most ${MENU_SEARCH_LIMIT} results by default, prefix matches first`, () => {
    const results = searchMenu(big, 'pump');
    expect(big.size).to.equal(5000);
    expect(results.length).to.equal(MENU_SEARCH_LIMIT);
    expect(results.every((result) => result.name.startsWith('Pump'))).to.equal(true);
    expect(results[0]?.id).to.equal('0');
    expect(results[49]?.id).to.equal('98');
  });

  it('fills up with the other matches when few names start with the query', () => {
    const results = searchMenu(big, 'pump 4999', 5);
    expect(found(results)).to.deep.equal(['4999']);
    expect(found(searchMenu(big, 'ump 10', 3))).to.deep.equal(['10', '100', '101']);
  });

  it('finds one exact name among 5,000', () => {
    expect(found(searchMenu(big, 'main pump 4321'))).to.deep.equal(['4321']);
  });

  it('the same query answers the same results', () => {
    expect(searchMenu(big, 'pump 12')).to.deep.equal(searchMenu(big, 'pump 12'));
  });
});
