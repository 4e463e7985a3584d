import { expect } from '@esm-bundle/chai';
import { buildMenu, type MenuItem, menuStateForUrl } from '../menus/model';
import { columnFor, dropdownRows, sidebarFooterHeight, topLevelIdOf } from './rules';

// Two containers (one nested two deep), a first-level leaf, and a container's child leaf.
const model = buildMenu([
  {
    id: '1',
    name: '生产运行',
    path: '/prod',
    children: [
      { id: '11', name: '电站监视', path: '/station-monitor/overview/index' },
      {
        id: '12',
        name: '告警',
        path: '/alarm',
        children: [{ id: '121', name: '告警列表', path: '/alarm/list' }],
      },
    ],
  },
  {
    id: '2',
    name: '系统管理',
    path: '/system',
    children: [{ id: '21', name: '运行环境', path: '/test/index' }],
  },
  { id: '3', name: '个人信息', path: '/info/index' },
]);
const items = model.items;
const byId = (id: string) => model.byId.get(id) as MenuItem;
const at = (url: string) => menuStateForUrl(model, url);

describe('sidebar rules: the columns layout', () => {
  const cases: [string, string, string | null, string | null][] = [
    ['a deep item shows its first-level ancestor', '/alarm/list', null, '1'],
    ['an item of the second column shows that column', '/test/index', null, '2'],
    ['the user’s choice wins while it exists', '/alarm/list', '2', '2'],
    ['a chosen id that is no container is ignored', '/alarm/list', '3', '1'],
    ['a chosen id that is gone is ignored', '/test/index', 'gone', '2'],
    ['a first-level leaf page shows the first container', '/info/index', null, '1'],
    ['an unknown page shows the first container', '/nowhere', null, '1'],
  ];
  for (const [name, url, chosen, expected] of cases) {
    it(name, () => {
      const { active, open } = at(url);
      expect(columnFor(items, active, open, chosen)?.id ?? null).to.equal(expected);
    });
  }

  it('a menu without containers has no column', () => {
    const flat = buildMenu([{ id: '9', name: '首页', path: '/index' }]);
    expect(columnFor(flat.items, null, [], null)).to.equal(null);
    expect(columnFor([], null, [], null)).to.equal(null);
  });
});

describe('sidebar rules: the horizontal menu', () => {
  it('the first-level item holding the page is its first ancestor, or the page itself', () => {
    const deep = at('/alarm/list');
    expect(topLevelIdOf(deep.active, deep.open)).to.equal('1');
    const top = at('/info/index');
    expect(topLevelIdOf(top.active, top.open)).to.equal('3');
    const none = at('/nowhere');
    expect(topLevelIdOf(none.active, none.open)).to.equal(null);
  });

  it('a submenu lists every descendant in menu order with its depth', () => {
    expect(dropdownRows(byId('1')).map(({ item, depth }) => [item.id, depth])).to.deep.equal([
      ['11', 1],
      ['12', 1],
      ['121', 2],
    ]);
    expect(dropdownRows(byId('3'))).to.deep.equal([]);
  });
});

describe('sidebar rules: the footer', () => {
  const footers: [number, number][] = [
    [0, 63],
    [1, 95],
    [2, 127],
    [-1, 63],
    [1.5, 63],
    [Number.NaN, 63],
  ];
  for (const [count, expected] of footers) {
    it(`a footer of ${count} items is ${expected} px high`, () => {
      expect(sidebarFooterHeight(count)).to.equal(expected);
    });
  }
});
