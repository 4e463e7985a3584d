import { expect } from '@esm-bundle/chai';
import { buildMenu, menuStateForUrl } from '../menus/model';
import { breadcrumbOf, firstPageOf, visualHomePage, visualSections } from './rules';

const model = buildMenu([
  { id: '1', name: '总览', path: '/station-monitor/visual/index' },
  {
    id: '2',
    name: '可视化大屏',
    path: '/visual',
    children: [
      { id: '21', name: '储能总览大屏', path: '/station-monitor/visual/storage' },
      {
        id: '22',
        name: '分区',
        path: '/zone',
        children: [{ id: '221', name: '一区', path: '/station-monitor/visual/zone1' }],
      },
    ],
  },
  { id: '3', name: '外链', path: 'https://example.com/', isOpen: true },
]);

describe('visual chrome rules', () => {
  it('the left bar: loose pages without a heading, each container over all its pages', () => {
    const sections = visualSections(model.items).map((section) => ({
      heading: section.heading?.id ?? null,
      pages: section.pages.map((page) => page.id),
    }));
    expect(sections).to.deep.equal([
      { heading: null, pages: ['1'] },
      { heading: '2', pages: ['21', '221'] },
      { heading: null, pages: ['3'] },
    ]);
  });

  it('a container without pages shows nothing', () => {
    const empty = buildMenu([{ id: '9', name: '空', path: '/empty', children: [] }]);
    expect(visualSections(empty.items).every((section) => section.pages.length > 0)).to.equal(true);
  });

  it('the breadcrumb is the page’s containers, then the page; nothing off the menu', () => {
    const deep = menuStateForUrl(model, '/station-monitor/visual/zone1');
    expect(breadcrumbOf(model, deep.active, deep.open).map((item) => item.name)).to.deep.equal([
      '可视化大屏',
      '分区',
      '一区',
    ]);
    const none = menuStateForUrl(model, '/elsewhere');
    expect(breadcrumbOf(model, none.active, none.open)).to.deep.equal([]);
  });

  it('switching goes to the first page that is a console route', () => {
    expect(firstPageOf(model.items)?.id).to.equal('1');
    const externalFirst = buildMenu([
      { id: '3', name: '外链', path: 'https://example.com/', isOpen: true },
      { id: '4', name: '大屏', path: '/station-monitor/visual/index' },
    ]);
    expect(firstPageOf(externalFirst.items)?.id).to.equal('4');
    expect(firstPageOf([])).to.equal(null);
  });

  describe("the visual system's home opens its first page (issue 27)", () => {
    const at = (over: Partial<{ visual: boolean; pathname: string; home: string }>) => ({
      visual: true,
      pathname: '/index',
      home: '/index',
      index: '/index',
      ...over,
    });
    const table: [string, ReturnType<typeof at>, string | null][] = [
      ['the plain home in the visual system', at({}), '/station-monitor/visual/index'],
      ['the management system keeps its overview', at({ visual: false }), null],
      ['another page stays', at({ pathname: '/noticeinfo/info' }), null],
      [
        'a configured home stays the home',
        at({ home: '/station-monitor/overview/index', pathname: '/index' }),
        null,
      ],
    ];
    for (const [name, where, expected] of table) {
      it(name, () => expect(visualHomePage(where, model.items)).to.equal(expected));
    }
    it('a menu without pages (still loading) leads nowhere', () => {
      expect(visualHomePage(at({}), [])).to.equal(null);
    });
  });
});
