import { expect } from '@esm-bundle/chai';
import {
  DEFAULT_LAYOUT_STATE,
  isLayoutColor,
  LAYOUT_COLORS,
  LAYOUTS,
  type LayoutState,
  parseLayout,
} from './layout-state';

/** What the reference server stores for a new user (packages/server/src/db/seed.ts). */
const seeded = {
  layout: 'vertical',
  theme: '',
  indexTitle: '',
  fontSize: 'font-default',
  logoPosition: 'left',
  colorName: '#409EFF',
  language: 'zh',
  isCollapse: false,
  moreBtn: true,
  searchBtn: true,
  topMenuBtn: true,
  showVisual: false,
  manageSystemName: '运维管理系统',
  visualSystemName: '可视化系统',
  customColors: true,
};

describe('layout: the layout state (spec §3)', () => {
  it('the defaults: vertical, default theme, default font, logo left, #409EFF, custom colours on', () => {
    expect(DEFAULT_LAYOUT_STATE).to.deep.include({
      layout: 'vertical',
      theme: '',
      indexTitle: '',
      fontSize: 'font-default',
      logoPosition: 'left',
      colorName: '#409EFF',
      language: null,
      isCollapse: false,
      moreBtn: true,
      searchBtn: true,
      topMenuBtn: true,
      showVisual: false,
      manageSystemName: '',
      visualSystemName: '',
      customColors: true,
    });
    for (const field of LAYOUT_COLORS) expect(DEFAULT_LAYOUT_STATE[field], field).to.equal('');
  });

  const missing: [string, unknown][] = [
    ['null (the server sends null for no preference)', null],
    ['undefined', undefined],
    ['empty text', ''],
    ['text that is not JSON', '{"layout":'],
    ['JSON null', 'null'],
    ['a JSON list', '["classic"]'],
    ['a JSON number', '42'],
    ['a JSON string', '"classic"'],
    ['a number', 7],
    ['a list', ['classic']],
    ['an empty object', {}],
  ];
  for (const [name, raw] of missing) {
    it(`${name} gives the defaults`, () => {
      expect(parseLayout(raw)).to.deep.equal(DEFAULT_LAYOUT_STATE);
    });
  }

  it('reads what the server seeds', () => {
    const state = parseLayout(JSON.stringify(seeded));
    expect(state).to.deep.equal({
      ...DEFAULT_LAYOUT_STATE,
      language: 'zh',
      manageSystemName: '运维管理系统',
      visualSystemName: '可视化系统',
    });
  });

  it('reads every field of a full state, as text or as an object', () => {
    const full: LayoutState = {
      layout: 'columns',
      theme: 'theme-hzblack',
      indexTitle: '调度中心',
      fontSize: 'font-m',
      logoPosition: 'center',
      colorName: 'rgb(10, 20, 30)',
      language: 'en',
      isCollapse: true,
      moreBtn: false,
      searchBtn: false,
      topMenuBtn: false,
      showVisual: true,
      manageSystemName: 'Manage',
      visualSystemName: 'Visual',
      customColors: false,
      topBgColor: '#fff',
      topColor: '#000000',
      logoBgColor: '#123',
      logoColor: '#1234',
      menuBgColor: '#304156',
      menuColor: '#bfcbd9ff',
      menuActiveBgColor: 'rgba(0,0,0,0.5)',
      menuActiveColor: 'hsl(210, 50%, 40%)',
      menuHoverBgColor: 'hsla(210, 50%, 40%, .5)',
      menuHoverColor: '#abc',
      menuColumnsBgColor: '#1f2d3d',
      menuColumnsColor: '#BFCBD9',
    };
    expect(parseLayout(JSON.stringify(full))).to.deep.equal(full);
    expect(parseLayout(full)).to.deep.equal(full);
  });

  it('every layout, theme, font size and logo position is read', () => {
    for (const layout of LAYOUTS) expect(parseLayout({ layout }).layout).to.equal(layout);
    for (const theme of ['', 'theme-hzblue', 'theme-hzblack', 'theme-hzvisual']) {
      expect(parseLayout({ theme }).theme).to.equal(theme);
    }
    expect(parseLayout({ fontSize: 'font-m' }).fontSize).to.equal('font-m');
    for (const logoPosition of ['left', 'center', 'right']) {
      expect(parseLayout({ logoPosition }).logoPosition).to.equal(logoPosition);
    }
  });

  const fallbacks: [string, Record<string, unknown>, Partial<LayoutState>][] = [
    ['an unknown layout', { layout: 'horizontal' }, { layout: 'vertical' }],
    ['a layout in another case', { layout: 'Classic' }, { layout: 'vertical' }],
    ['a numeric layout', { layout: 1 }, { layout: 'vertical' }],
    ['an unknown theme', { theme: 'theme-pink' }, { theme: '' }],
    ['a null theme', { theme: null }, { theme: '' }],
    ['a font size in pixels', { fontSize: 16 }, { fontSize: 'font-default' }],
    ['an unknown logo position', { logoPosition: 'top' }, { logoPosition: 'left' }],
    [
      'a colour that is CSS with a url',
      { colorName: 'url(https://evil.example/x)' },
      { colorName: '#409EFF' },
    ],
    ['a colour with a declaration after it', { colorName: '#fff; display:none' }, { colorName: '#409EFF' }],
    ['a custom property colour', { topBgColor: 'var(--x)' }, { topBgColor: '' }],
    ['a colour name', { menuColor: 'red' }, { menuColor: '' }],
    ['a five-digit hex colour', { menuColor: '#12345' }, { menuColor: '' }],
    ['a numeric colour', { logoColor: 0xffffff }, { logoColor: '' }],
    ['an unknown language', { language: 'fr' }, { language: null }],
    [
      'a non-boolean flag',
      { isCollapse: 1, moreBtn: 0, searchBtn: 'yes' },
      { isCollapse: false, moreBtn: true, searchBtn: true },
    ],
    ['a title over 50 characters', { indexTitle: 'x'.repeat(51) }, { indexTitle: '' }],
    ['a system name over 50 characters', { manageSystemName: '名'.repeat(51) }, { manageSystemName: '' }],
    ['a numeric title', { indexTitle: 5 }, { indexTitle: '' }],
  ];
  for (const [name, raw, expected] of fallbacks) {
    it(`${name} falls back to its default, the other fields stay`, () => {
      const state = parseLayout({ layout: 'classic', theme: 'theme-hzblue', ...raw });
      expect(state).to.deep.include(expected);
      if (!('layout' in raw)) expect(state.layout).to.equal('classic');
      if (!('theme' in raw)) expect(state.theme).to.equal('theme-hzblue');
    });
  }

  it('flags stored as text are read (as the platform sometimes writes them)', () => {
    expect(parseLayout({ isCollapse: 'true', showVisual: 'true', moreBtn: 'false' })).to.deep.include({
      isCollapse: true,
      showVisual: true,
      moreBtn: false,
    });
  });

  it('languages in their platform forms are read', () => {
    expect(parseLayout({ language: 'en_US' }).language).to.equal('en');
    expect(parseLayout({ language: 'zh-CN' }).language).to.equal('zh');
  });

  it('names of exactly 50 characters (code points) are kept', () => {
    const title = '𝒳'.repeat(50);
    expect(parseLayout({ indexTitle: title }).indexTitle).to.equal(title);
  });

  it('unknown fields are dropped', () => {
    const state = parseLayout('{"layout":"classic","evil":"<img>","__proto__":{"polluted":true}}');
    expect(state).not.to.have.property('evil');
    expect(Object.keys(state).sort()).to.deep.equal(Object.keys(DEFAULT_LAYOUT_STATE).sort());
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
  });

  it('never throws, even on an object whose fields throw', () => {
    const hostile = {
      get layout(): unknown {
        throw new Error('boom');
      },
    };
    expect(parseLayout(hostile)).to.deep.equal(DEFAULT_LAYOUT_STATE);
  });

  it('does not change the object it was given', () => {
    const raw = { layout: 'classic', extra: 1 };
    parseLayout(raw);
    expect(raw).to.deep.equal({ layout: 'classic', extra: 1 });
  });

  const colours: [unknown, boolean][] = [
    ['#fff', true],
    ['#FFFFFF', true],
    ['#ffff', true],
    ['#ffffff80', true],
    ['rgb(1,2,3)', true],
    ['rgba(1, 2, 3, 0.5)', true],
    ['hsl(120, 50%, 50%)', true],
    ['#ff', false],
    ['#ggg', false],
    ['rgb(1,2)', false],
    ['rgb(1,2,3,4,5)', false],
    ['rgb(1 2 3)', false],
    ['expression(alert(1))', false],
    ['', false],
    [null, false],
  ];
  for (const [value, ok] of colours) {
    it(`${JSON.stringify(value)} ${ok ? 'is' : 'is not'} a layout colour`, () => {
      expect(isLayoutColor(value)).to.equal(ok);
    });
  }
});
