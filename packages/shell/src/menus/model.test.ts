import { expect } from '@esm-bundle/chai';
import {
  ancestorIdsOf,
  buildMenu,
  buildTopMenus,
  DEFAULT_MENU_ICON,
  findItemForUrl,
  iconOf,
  leavesOf,
  MAX_MENU_DEPTH,
  type MenuItem,
  type MenuModel,
  menuStateForUrl,
  queryOf,
} from './model';

const SM = 'station-monitor';

/** A menu item as `menu/routes` sends it (docs/api.md section 5). */
function node(id: string, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    parentId: '0',
    code: `code_${id}`,
    name: `name ${id}`,
    label: `name ${id}`,
    path: '',
    source: 'icon-monitor',
    icon: 'icon-monitor',
    category: 1,
    appCode: '',
    query: null,
    meta: { i18n: `menu.code_${id}`, roles: [], keepAlive: false },
    group: 'manage',
    isOpen: false,
    iframe: false,
    ...fields,
  };
}

/** The seeded menu of tenant 100001, shortened. */
const seeded = [
  node('3', {
    code: 'monitor',
    name: '运行监视',
    appCode: SM,
    children: [
      node('4', {
        parentId: '3',
        code: 'station_overview',
        name: '电站总览',
        path: `/${SM}/overview/index`,
        appCode: SM,
        meta: { i18n: 'menu.station_overview', roles: [], keepAlive: true },
      }),
      node('5', {
        parentId: '3',
        name: '告警管理',
        appCode: SM,
        children: [
          node('6', { parentId: '5', name: '告警列表', path: `/${SM}/alarm/index`, appCode: SM }),
          node('7', { parentId: '5', name: '告警统计', path: `/${SM}/alarm/statistics`, appCode: SM }),
        ],
      }),
    ],
  }),
  node('10', {
    name: '消息中心',
    path: '/noticeinfo/info',
    query: { type: 'notice', name: '通知公告' },
    icon: 'icon-message',
    source: 'icon-message',
  }),
  node('11', { name: '运行日报', path: '/embedded/station-report.html', iframe: true }),
  node('12', { name: '国家能源局', path: 'https://www.nea.gov.cn/', isOpen: true }),
  node('13', { name: '智能助手', path: '/intelligentSpeech/transmit', query: { isIframeApp: true } }),
];

const ids = (items: readonly MenuItem[]) => items.map((item) => item.id);

describe('buildMenu: the seeded shape', () => {
  const model = buildMenu(seeded);

  it('keeps the tree, in the server order, with no problems', () => {
    expect(model.problems).to.deep.equal([]);
    expect(ids(model.items)).to.deep.equal(['3', '10', '11', '12', '13']);
    expect(ids(model.items[0]?.children ?? [])).to.deep.equal(['4', '5']);
    expect(ids(model.byId.get('5')?.children ?? [])).to.deep.equal(['6', '7']);
    expect(model.byId.size).to.equal(9);
  });

  it('reads every field of an item', () => {
    expect(model.byId.get('4')).to.deep.equal({
      id: '4',
      parentId: '3',
      name: '电站总览',
      code: 'station_overview',
      path: `/${SM}/overview/index`,
      icon: 'icon-monitor',
      appCode: SM,
      query: null,
      meta: { i18n: 'menu.station_overview', keepAlive: true, roles: [] },
      group: 'manage',
      isOpen: false,
      iframe: false,
      target: { kind: 'route', to: `/${SM}/overview/index` },
      children: [],
    });
  });

  it('top-level items have no parent; containers without a path have no target', () => {
    expect(model.byId.get('3')?.parentId).to.equal(null);
    expect(model.byId.get('3')?.target).to.equal(null);
    expect(model.byId.get('6')?.parentId).to.equal('5');
  });

  it('decides every target with the path rules', () => {
    expect(model.byId.get('10')?.target).to.deep.equal({
      kind: 'route',
      to: `/noticeinfo/info?name=${encodeURIComponent('通知公告')}&type=notice`,
    });
    expect(model.byId.get('11')?.target).to.deep.equal({
      kind: 'route',
      to: `/myiframe/${encodeURIComponent('/embedded/station-report.html')}`,
    });
    expect(model.byId.get('12')?.target).to.deep.equal({ kind: 'window', url: 'https://www.nea.gov.cn/' });
    expect(model.byId.get('13')?.query).to.deep.equal({ isIframeApp: 'true' });
  });

  it('leavesOf lists the leaves in menu order', () => {
    expect(ids(leavesOf(model.items))).to.deep.equal(['4', '6', '7', '10', '11', '12', '13']);
  });

  it('ancestorIdsOf gives the chain, top level first', () => {
    expect(ancestorIdsOf(model, '7')).to.deep.equal(['3', '5']);
    expect(ancestorIdsOf(model, '4')).to.deep.equal(['3']);
    expect(ancestorIdsOf(model, '10')).to.deep.equal([]);
    expect(ancestorIdsOf(model, 'nope')).to.deep.equal([]);
  });
});

describe('buildMenu: fields', () => {
  it('name falls back to label; names are trimmed', () => {
    const model = buildMenu([node('1', { name: '', label: ' 标签 ', path: '/a/b' })]);
    expect(model.byId.get('1')?.name).to.equal('标签');
  });

  it('keeps a name with markup as plain text, exactly', () => {
    const name = '<img src=x onerror="alert(1)"><b>告警</b>';
    const model = buildMenu([node('1', { name, path: '/a/b' })]);
    expect(model.byId.get('1')?.name).to.equal(name);
    expect(model.problems).to.deep.equal([]);
  });

  it('numeric ids and names are text', () => {
    const model = buildMenu([node('x', { id: 7, parentId: 0, name: 2024, path: '/a/b' })]);
    expect(model.byId.get('7')?.name).to.equal('2024');
    expect(model.byId.get('7')?.parentId).to.equal(null);
  });

  it('flags: true, 1, "1" and "true" are true; anything else false', () => {
    const model = buildMenu([
      node('1', { path: 'https://a.example/', isOpen: 1 }),
      node('2', { path: 'https://a.example/', isOpen: '1' }),
      node('3', { path: 'https://a.example/', isOpen: 'true' }),
      node('4', { path: 'https://a.example/', isOpen: 'yes' }),
      node('5', { path: '/a/b', iframe: 1 }),
    ]);
    expect(['1', '2', '3', '4'].map((id) => model.byId.get(id)?.isOpen)).to.deep.equal([
      true,
      true,
      true,
      false,
    ]);
    expect(model.byId.get('4')?.target?.kind).to.equal('route');
    expect(model.byId.get('5')?.iframe).to.equal(true);
  });

  it('group is visual or manage', () => {
    const model = buildMenu([
      node('1', { path: '/a/b', group: 'visual' }),
      node('2', { path: '/a/b', group: 'other' }),
      node('3', { path: '/a/b', group: undefined }),
    ]);
    expect(['1', '2', '3'].map((id) => model.byId.get(id)?.group)).to.deep.equal([
      'visual',
      'manage',
      'manage',
    ]);
  });

  it('meta: i18n, keepAlive and string roles; missing meta is empty', () => {
    const model = buildMenu([
      node('1', { path: '/a/b', meta: { i18n: ' menu.x ', keepAlive: 'true', roles: ['admin', 3, ''] } }),
      node('2', { path: '/a/b', meta: null }),
    ]);
    expect(model.byId.get('1')?.meta).to.deep.equal({ i18n: 'menu.x', keepAlive: true, roles: ['admin'] });
    expect(model.byId.get('2')?.meta).to.deep.equal({ i18n: null, keepAlive: false, roles: [] });
  });

  it('children that are not an array mean a leaf', () => {
    const model = buildMenu([node('1', { path: '/a/b', children: { 0: node('2') } })]);
    expect(model.byId.get('1')?.children).to.deep.equal([]);
    expect(model.byId.has('2')).to.equal(false);
  });
});

describe('queryOf', () => {
  it('keeps strings, numbers and booleans as text and drops other values', () => {
    expect(queryOf({ a: 'x', b: 2, c: false, d: null, e: { f: 1 }, g: [1], h: Number.NaN })).to.deep.equal({
      a: 'x',
      b: '2',
      c: 'false',
    });
  });

  it('reads the JSON text of an object', () => {
    expect(queryOf('{"type":"notice"}')).to.deep.equal({ type: 'notice' });
  });

  it('is null for nothing usable', () => {
    for (const value of [null, undefined, '', 'a=1', '{bad', [], [['a', '1']], {}, { a: null }, 5]) {
      expect(queryOf(value), JSON.stringify(value)).to.equal(null);
    }
  });
});

describe('iconOf', () => {
  it('takes icon, else source', () => {
    expect(iconOf({ icon: 'icon-home', source: 'icon-x' })).to.equal('icon-home');
    expect(iconOf({ icon: '', source: 'icon-x' })).to.equal('icon-x');
    expect(iconOf({ source: ' iconfont icon-x ' })).to.equal('iconfont icon-x');
  });

  it('a malformed icon name falls back to the default', () => {
    for (const icon of ['<svg onload=alert(1)>', 'icon x"', '1abc', 'a  b', 'x'.repeat(101), 42]) {
      expect(iconOf({ icon }), String(icon)).to.equal(DEFAULT_MENU_ICON);
    }
  });

  it('an unknown icon falls back to source, then to the default', () => {
    const isKnownIcon = (name: string) => name === 'icon-known';
    expect(iconOf({ icon: 'icon-unknown', source: 'icon-known' }, { isKnownIcon })).to.equal('icon-known');
    expect(iconOf({ icon: 'icon-unknown', source: 'icon-other' }, { isKnownIcon })).to.equal(
      DEFAULT_MENU_ICON,
    );
    expect(iconOf({ icon: 'icon-unknown' }, { isKnownIcon, defaultIcon: 'icon-dot' })).to.equal('icon-dot');
  });

  it('a known-icon check that throws counts as unknown', () => {
    const isKnownIcon = () => {
      throw new Error('boom');
    };
    expect(iconOf({ icon: 'icon-home' }, { isKnownIcon })).to.equal(DEFAULT_MENU_ICON);
  });

  it('buildMenu applies the check to every item', () => {
    const model = buildMenu([node('1', { path: '/a/b', icon: 'icon-gone', source: 'icon-gone' })], {
      isKnownIcon: (name) => name === 'icon-monitor',
    });
    expect(model.byId.get('1')?.icon).to.equal(DEFAULT_MENU_ICON);
    expect(model.problems).to.deep.equal([]);
  });
});

describe('buildMenu: bad input', () => {
  it('an answer that is not a list builds nothing and says so', () => {
    for (const raw of [null, undefined, {}, 'menu', 3]) {
      const model = buildMenu(raw);
      expect(model.items).to.deep.equal([]);
      expect(model.problems).to.deep.equal([{ id: null, reason: 'not-a-list' }]);
    }
  });

  it('entries that are not objects are skipped', () => {
    const model = buildMenu([null, 'x', 3, [node('9')], node('1', { path: '/a/b' })]);
    expect(ids(model.items)).to.deep.equal(['1']);
    expect(model.problems).to.deep.equal([
      { id: null, reason: 'not-an-object' },
      { id: null, reason: 'not-an-object' },
      { id: null, reason: 'not-an-object' },
      { id: null, reason: 'not-an-object' },
    ]);
  });

  it('an item without an id is skipped', () => {
    const model = buildMenu([node('', { path: '/a/b' }), node('1', { id: null, path: '/a/b' })]);
    expect(model.items).to.deep.equal([]);
    expect(model.problems).to.deep.equal([
      { id: null, reason: 'missing-id' },
      { id: null, reason: 'missing-id' },
    ]);
  });

  it('an item without a name or label is skipped, with its subtree', () => {
    const model = buildMenu([
      node('1', { name: '  ', label: '', children: [node('2', { parentId: '1', path: '/a/b' })] }),
      node('3', { name: undefined, label: undefined, path: '/a/b' }),
      node('4', { path: '/a/b' }),
    ]);
    expect(ids(model.items)).to.deep.equal(['4']);
    expect(model.problems).to.deep.equal([
      { id: '1', reason: 'missing-name' },
      { id: '2', reason: 'parent-skipped' },
      { id: '3', reason: 'missing-name' },
    ]);
  });

  it('duplicate ids: the first is kept, the later one skipped with its subtree', () => {
    const model = buildMenu([
      node('1', { name: 'first', path: '/a/first' }),
      node('1', { name: 'second', children: [node('2', { path: '/a/b' })] }),
      node('3', { children: [node('1', { name: 'third', path: '/a/third' })] }),
      node('4', { path: '/a/b' }),
    ]);
    expect(model.byId.get('1')?.name).to.equal('first');
    expect(ids(model.items)).to.deep.equal(['1', '4']);
    expect(model.problems).to.deep.equal([
      { id: '1', reason: 'duplicate-id' },
      { id: '2', reason: 'parent-skipped' },
      { id: '1', reason: 'duplicate-id' },
      { id: '3', reason: 'empty-container' },
    ]);
  });

  it('an id skipped first may be used by a later valid item', () => {
    const model = buildMenu([node('1', { name: '', label: '' }), node('1', { name: 'ok', path: '/a/b' })]);
    expect(model.byId.get('1')?.name).to.equal('ok');
    expect(model.problems).to.deep.equal([{ id: '1', reason: 'missing-name' }]);
  });

  it('unsafe paths are skipped, with their subtree', () => {
    const model = buildMenu([
      node('1', { path: 'javascript:alert(1)' }),
      node('2', { path: 'data:text/html,x' }),
      node('3', { path: 'VBScript:x' }),
      node('4', { path: 'javascript:x', children: [node('5', { path: '/a/b' })] }),
      node('6', { path: '//evil.example/' }),
      node('7', { path: 'relative/page' }),
      node('8', { path: '/x/index', appCode: '../x' }),
      node('9', { path: '/a/b' }),
    ]);
    expect(ids(model.items)).to.deep.equal(['9']);
    expect(model.problems).to.deep.equal([
      { id: '1', reason: 'unsafe-path' },
      { id: '2', reason: 'unsafe-path' },
      { id: '3', reason: 'unsafe-path' },
      { id: '4', reason: 'unsafe-path' },
      { id: '5', reason: 'parent-skipped' },
      { id: '6', reason: 'unsafe-path' },
      { id: '7', reason: 'invalid-path' },
      { id: '8', reason: 'invalid-app-code' },
    ]);
  });

  it('a container with a malformed app code and no path is skipped too', () => {
    const model = buildMenu([node('1', { appCode: 'a b', children: [node('2', { path: '/a/b' })] })]);
    expect(model.items).to.deep.equal([]);
    expect(model.problems).to.deep.equal([
      { id: '1', reason: 'invalid-app-code' },
      { id: '2', reason: 'parent-skipped' },
    ]);
  });

  it('an external path without isOpen or iframe is kept and opens in the iframe route', () => {
    const model = buildMenu([node('1', { path: 'https://example.com/page' })]);
    expect(model.problems).to.deep.equal([]);
    expect(model.byId.get('1')?.target).to.deep.equal({
      kind: 'route',
      to: `/myiframe/${encodeURIComponent('https://example.com/page')}`,
    });
  });

  it('a leaf without a path is skipped; a container whose children all went is skipped too', () => {
    const model = buildMenu([
      node('1'),
      node('2', { children: [node('3', { path: 'javascript:x' })] }),
      node('4', { children: [node('5', { children: [node('6')] })] }),
      node('7', { path: '/a/b', children: [node('8')] }),
    ]);
    expect(ids(model.items)).to.deep.equal(['7']);
    expect(model.byId.get('7')?.children).to.deep.equal([]);
    expect(model.problems).to.deep.equal([
      { id: '3', reason: 'unsafe-path' },
      { id: '1', reason: 'missing-path' },
      { id: '2', reason: 'empty-container' },
      { id: '4', reason: 'empty-container' },
      { id: '5', reason: 'empty-container' },
      { id: '6', reason: 'missing-path' },
      { id: '8', reason: 'missing-path' },
    ]);
  });

  it('a container with a path whose children all went stays, as a leaf', () => {
    const model = buildMenu([node('1', { path: '/a/b', children: [node('2', { name: '' })] })]);
    expect(ids(leavesOf(model.items))).to.deep.equal(['1']);
  });

  it('never throws on odd values anywhere', () => {
    const odd = [
      node('1', { name: { toString: 'x' }, label: undefined, path: '/a/b' }),
      node('2', { path: ['/a'], meta: 'x', query: 'x', icon: {}, children: 'x' }),
      node('3', { parentId: { id: 1 }, path: '/a/b', appCode: 7 }),
      Object.create(null),
      node('4', { path: 5 }),
    ];
    const model = buildMenu(odd);
    expect(ids(model.items)).to.deep.equal(['3']);
    expect(model.byId.get('3')?.target).to.deep.equal({ kind: 'route', to: '/7/a/b' });
    expect(model.problems.map((problem) => problem.reason)).to.deep.equal([
      'missing-name',
      'missing-id',
      'missing-path',
      'missing-path',
    ]);
  });
});

describe('buildMenu: a flat list with parentId', () => {
  it('hangs each entry under the entry its parentId names, in list order', () => {
    const model = buildMenu([
      node('6', { parentId: '5', path: '/a/six' }),
      node('3'),
      node('5', { parentId: '3' }),
      node('4', { parentId: '3', path: '/a/four' }),
      node('7', { parentId: '5', path: '/a/seven' }),
    ]);
    expect(model.problems).to.deep.equal([]);
    expect(ids(model.items)).to.deep.equal(['3']);
    expect(ids(model.byId.get('3')?.children ?? [])).to.deep.equal(['5', '4']);
    expect(ids(model.byId.get('5')?.children ?? [])).to.deep.equal(['6', '7']);
    expect(model.byId.get('6')?.parentId).to.equal('5');
    expect(ancestorIdsOf(model, '7')).to.deep.equal(['3', '5']);
  });

  it('a parentId naming nothing in the answer means top level', () => {
    const model = buildMenu([node('1', { parentId: '999', path: '/a/b' })]);
    expect(ids(model.items)).to.deep.equal(['1']);
    expect(model.byId.get('1')?.parentId).to.equal(null);
  });

  it('a nested item hangs under the item that holds it, whatever its parentId says', () => {
    const model = buildMenu([
      node('1', { children: [node('2', { parentId: '3', path: '/a/b' })] }),
      node('3', { path: '/a/c' }),
    ]);
    expect(model.byId.get('2')?.parentId).to.equal('1');
    expect(ids(model.byId.get('3')?.children ?? [])).to.deep.equal([]);
  });

  it('in a tree, every top-level entry is top level, whatever its parentId names', () => {
    const model = buildMenu([
      node('1', { parentId: '2', children: [node('3', { parentId: '1', path: '/a/c' })] }),
      node('2', { parentId: '2', path: '/a/b' }),
    ]);
    expect(model.problems).to.deep.equal([]);
    expect(ids(model.items)).to.deep.equal(['1', '2']);
    expect(model.byId.get('1')?.parentId).to.equal(null);
  });

  it('a parentId naming a skipped item skips the entry and its subtree', () => {
    const model = buildMenu([
      node('2', { parentId: '1', path: '/a/b' }),
      node('1', { name: '', label: '' }),
      node('3', { parentId: '2', path: '/a/c' }),
      node('4', { path: '/a/d' }),
    ]);
    expect(ids(model.items)).to.deep.equal(['4']);
    expect(model.problems).to.deep.equal([
      { id: '1', reason: 'missing-name' },
      { id: '2', reason: 'parent-skipped' },
      { id: '3', reason: 'parent-skipped' },
    ]);
  });

  it('a cycle in parentId is skipped, with what hangs below it, and never loops', () => {
    const model = buildMenu([
      node('1', { parentId: '2', path: '/a/one' }),
      node('2', { parentId: '3' }),
      node('3', { parentId: '1' }),
      node('4', { parentId: '3', path: '/a/four' }),
      node('5', { parentId: '5', path: '/a/self' }),
      node('6', { path: '/a/six' }),
    ]);
    expect(ids(model.items)).to.deep.equal(['6']);
    expect(model.problems).to.deep.equal([
      { id: '1', reason: 'cycle' },
      { id: '2', reason: 'cycle' },
      { id: '3', reason: 'cycle' },
      { id: '4', reason: 'cycle' },
      { id: '5', reason: 'cycle' },
    ]);
  });

  it('an object met twice (a shared reference) is read once', () => {
    const shared = node('2', { path: '/a/b' });
    const root = node('1', { children: [shared, shared] });
    const model = buildMenu([root, shared]);
    expect(ids(model.byId.get('1')?.children ?? [])).to.deep.equal(['2']);
    expect(model.problems).to.deep.equal([
      { id: '2', reason: 'cycle' },
      { id: '2', reason: 'cycle' },
    ]);
  });

  it('an object that contains itself never loops', () => {
    const loop = node('1', { path: '/a/b' });
    loop.children = [loop];
    const model = buildMenu([loop]);
    expect(ids(model.items)).to.deep.equal(['1']);
    expect(model.problems).to.deep.equal([{ id: '1', reason: 'cycle' }]);
  });
});

describe('buildMenu: depth', () => {
  const chain = (length: number) => {
    const list: Record<string, unknown>[] = [];
    for (let i = 1; i <= length; i++)
      list.push(node(String(i), { parentId: String(i - 1), path: `/a/p${i}` }));
    return list;
  };

  it(`keeps ${MAX_MENU_DEPTH} levels and skips the deeper ones`, () => {
    const model = buildMenu(chain(MAX_MENU_DEPTH + 2));
    expect(model.byId.size).to.equal(MAX_MENU_DEPTH);
    expect(model.byId.get(String(MAX_MENU_DEPTH))?.children).to.deep.equal([]);
    expect(model.problems).to.deep.equal([
      { id: String(MAX_MENU_DEPTH + 1), reason: 'too-deep' },
      { id: String(MAX_MENU_DEPTH + 2), reason: 'too-deep' },
    ]);
  });

  it('the depth is an option', () => {
    expect(buildMenu(chain(5), { maxDepth: 2 }).byId.size).to.equal(2);
  });

  it('a nested chain 5,000 deep neither overflows the stack nor loops', () => {
    let tree: Record<string, unknown> = node('5000', { path: '/a/leaf' });
    for (let i = 4999; i >= 1; i--) tree = node(String(i), { children: [tree] });
    const model = buildMenu([tree]);
    // Levels beyond the limit go, so the containers above them have nothing left and go too.
    expect(model.items).to.deep.equal([]);
    expect(model.problems.length).to.equal(5000);
    expect(model.problems.filter((problem) => problem.reason === 'too-deep').length).to.equal(
      5000 - MAX_MENU_DEPTH,
    );
  });
});

/** 5,000 items: 50 top-level containers, each with 9 submenus of 10 leaves (50 * (1 + 9 * 11) = 5,000). */
function bigMenu(): Record<string, unknown>[] {
  const tops: Record<string, unknown>[] = [];
  for (let t = 0; t < 50; t++) {
    const subs: Record<string, unknown>[] = [];
    for (let s = 0; s < 9; s++) {
      const leaves: Record<string, unknown>[] = [];
      for (let l = 0; l < 10; l++) {
        leaves.push(node(`${t}-${s}-${l}`, { path: `/app${t}/m${s}/p${l}`, appCode: `app${t}` }));
      }
      subs.push(node(`${t}-${s}`, { children: leaves }));
    }
    tops.push(node(`${t}`, { children: subs }));
  }
  return tops;
}

describe('buildMenu: 5,000 items', () => {
  it('builds a tree of 5,000 items correctly', () => {
    const model = buildMenu(bigMenu());
    expect(model.problems).to.deep.equal([]);
    expect(model.byId.size).to.equal(5000);
    expect(model.items.length).to.equal(50);
    const leaves = leavesOf(model.items);
    expect(leaves.length).to.equal(4500);
    expect(leaves[0]?.id).to.equal('0-0-0');
    expect(leaves[4499]?.id).to.equal('49-8-9');
    expect(ancestorIdsOf(model, '49-8-9')).to.deep.equal(['49', '49-8']);
    expect(findItemForUrl(model, '/app49/m8/p9')?.id).to.equal('49-8-9');
    expect(findItemForUrl(model, '/app7/m3/p2/detail/1')?.id).to.equal('7-3-2');
  });

  it('builds a flat list of 5,000 items, with duplicates and a cycle among them', () => {
    const flat: Record<string, unknown>[] = [];
    for (let i = 0; i < 100; i++) flat.push(node(`c${i}`));
    for (let i = 0; i < 4890; i++) flat.push(node(`l${i}`, { parentId: `c${i % 100}`, path: `/a/p${i}` }));
    for (let i = 0; i < 5; i++) flat.push(node(`l${i}`, { path: '/dup/x' }));
    flat.push(node('x1', { parentId: 'x5', path: '/a/x' }));
    for (let i = 2; i <= 5; i++) flat.push(node(`x${i}`, { parentId: `x${i - 1}` }));
    expect(flat.length).to.equal(5000);
    const model = buildMenu(flat);
    expect(model.byId.size).to.equal(4990);
    expect(model.items.length).to.equal(100);
    expect(model.byId.get('c7')?.children.length).to.equal(49);
    expect(model.byId.get('l0')?.path).to.equal('/a/p0');
    expect(model.problems.filter((problem) => problem.reason === 'duplicate-id').length).to.equal(5);
    expect(
      model.problems.filter((problem) => problem.reason === 'cycle').map((problem) => problem.id),
    ).to.deep.equal(['x1', 'x2', 'x3', 'x4', 'x5']);
  });
});

describe('findItemForUrl and menuStateForUrl', () => {
  const model: MenuModel = buildMenu([
    node('1', {
      appCode: SM,
      children: [
        node('2', { path: `/${SM}/overview/index`, appCode: SM }),
        node('3', {
          appCode: SM,
          children: [
            node('4', { path: `/${SM}/alarm/index`, appCode: SM }),
            node('5', { path: `/${SM}/alarm/statistics`, appCode: SM }),
          ],
        }),
      ],
    }),
    node('10', { path: '/noticeinfo/info', query: { type: 'notice', name: '通知公告' } }),
    node('11', { path: '/noticeinfo/info', query: { type: 'alarm' } }),
    node('12', { path: '/noticeinfo/info' }),
    node('13', { path: '/embedded/station-report.html', iframe: true }),
    node('14', { path: 'https://www.nea.gov.cn/', isOpen: true }),
    node('15', { path: '/site/运行/index' }),
    node('16', { path: '/index' }),
    node('17', { path: `/${SM}/alarm/statistics`, appCode: SM, name: 'same route, later' }),
  ]);

  const rows: [string, string, string | null][] = [
    ['the exact route', `/${SM}/alarm/statistics`, '5'],
    ['the first item of a route when several have it', `/${SM}/alarm/statistics?x=1`, '5'],
    ['a trailing slash', `/${SM}/overview/index/`, '2'],
    ['a deep link below a route', `/${SM}/alarm/statistics/detail/9`, '5'],
    ['a deep link below the module of an index route', `/${SM}/overview/detail/9`, '2'],
    ['the module path of an index route', `/${SM}/overview`, '2'],
    ['the longest match wins', `/${SM}/alarm/index/x`, '4'],
    ['the item whose query the URL carries', '/noticeinfo/info?type=alarm&name=x', '11'],
    [
      'all of its query, any order',
      `/noticeinfo/info?name=${encodeURIComponent('通知公告')}&type=notice`,
      '10',
    ],
    ['the item without query when no query fits', '/noticeinfo/info?type=other', '12'],
    ['the item without query for the bare path', '/noticeinfo/info', '12'],
    [
      'the iframe route of an iframe item',
      `/myiframe/${encodeURIComponent('/embedded/station-report.html')}`,
      '13',
    ],
    ['non-ASCII paths, encoded in the URL', `/site/${encodeURIComponent('运行')}/index`, '15'],
    ['a hash route', `#/${SM}/alarm/index`, '4'],
    ['the home page', '/index', '16'],
    ['/ is no prefix of every path', '/unknown/page', null],
    ['an unknown path', '/other', null],
    ['a window item is never active', 'https://www.nea.gov.cn/', null],
    ['a prefix covers whole segments only', `/${SM}/overviewX`, null],
  ];
  for (const [title, url, expected] of rows) {
    it(`${title}: ${url}`, () => {
      expect(findItemForUrl(model, url)?.id ?? null).to.equal(expected);
    });
  }

  it('an item whose query differs is still the closest item for its page', () => {
    const only = buildMenu([node('1', { path: '/noticeinfo/info', query: { type: 'notice' } })]);
    expect(findItemForUrl(only, '/noticeinfo/info?type=alarm')?.id).to.equal('1');
  });

  it('the state opens the ancestors of the active item', () => {
    const state = menuStateForUrl(model, `/${SM}/alarm/statistics`);
    expect(state.active?.id).to.equal('5');
    expect(state.open).to.deep.equal(['1', '3']);
  });

  it('prePath keeps the submenu of the page it names open', () => {
    const state = menuStateForUrl(
      model,
      `/work/process/leave/detail/p/b?prePath=${encodeURIComponent(`/${SM}/alarm/index`)}`,
    );
    expect(state.active).to.equal(null);
    expect(state.open).to.deep.equal(['1', '3']);
  });

  it('prePath naming a submenu keeps that submenu open too, without repeating ids', () => {
    const withPath = buildMenu([
      node('1', {
        children: [node('2', { path: '/a/list', children: [node('3', { path: '/a/list/item' })] })],
      }),
    ]);
    const state = menuStateForUrl(withPath, '/a/list/item?prePath=/a/list');
    expect(state.active?.id).to.equal('3');
    expect(state.open).to.deep.equal(['1', '2']);
  });

  it('a prePath that is no path or names nothing changes nothing', () => {
    expect(menuStateForUrl(model, '/other?prePath=javascript:x').open).to.deep.equal([]);
    expect(menuStateForUrl(model, '/other?prePath=/nothing').open).to.deep.equal([]);
  });
});

describe('buildTopMenus', () => {
  it('reads the top menus in order', () => {
    const model = buildTopMenus([
      {
        id: '1',
        code: 'workbench',
        name: '工作台',
        source: 'icon-home',
        path: '',
        sort: 1,
        meta: { i18n: 'menu.top.workbench' },
      },
      {
        id: 2,
        code: 'production',
        name: '生产运行',
        source: 'icon-monitor',
        path: '/x/y',
        sort: 2,
        meta: 'x',
      },
    ]);
    expect(model.problems).to.deep.equal([]);
    expect(model.items).to.deep.equal([
      { id: '1', code: 'workbench', name: '工作台', icon: 'icon-home', path: '', i18n: 'menu.top.workbench' },
      { id: '2', code: 'production', name: '生产运行', icon: 'icon-monitor', path: '/x/y', i18n: null },
    ]);
  });

  it('skips and reports bad entries', () => {
    const model = buildTopMenus(
      [
        null,
        { code: 'x', name: 'x' },
        { id: '1', name: '<b>x</b>', source: 'icon-gone' },
        { id: '1', name: 'again' },
        { id: '2', name: '' },
        { id: '3', name: 'x', path: 'javascript:x' },
      ],
      { isKnownIcon: () => false },
    );
    expect(model.items).to.deep.equal([
      { id: '1', code: '', name: '<b>x</b>', icon: DEFAULT_MENU_ICON, path: '', i18n: null },
    ]);
    expect(model.problems).to.deep.equal([
      { id: null, reason: 'not-an-object' },
      { id: null, reason: 'missing-id' },
      { id: '1', reason: 'duplicate-id' },
      { id: '2', reason: 'missing-name' },
      { id: '3', reason: 'unsafe-path' },
    ]);
  });

  it('an answer that is not a list', () => {
    expect(buildTopMenus({ data: [] })).to.deep.equal({
      items: [],
      problems: [{ id: null, reason: 'not-a-list' }],
    });
  });
});
