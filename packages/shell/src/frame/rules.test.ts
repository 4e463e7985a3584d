import { expect } from '@esm-bundle/chai';
import { systemType } from '@ops/shared';
import {
  activeSystem,
  type Breakpoint,
  clampSidebarWidth,
  DEFAULT_LAYOUT_STATE,
  isLayoutColor,
  LAYOUT_COLORS,
  LAYOUTS,
  type LayoutFrame,
  type LayoutState,
  layoutFrame,
  parseLayout,
  parseSidebarWidth,
  SIDEBAR_WIDTH,
  screenBreakpoint,
  showsThemeDrawer,
  systemNames,
  systemTypeOf,
  topMenuWidth,
  type UserMenuItem,
  userMenuItems,
  WHEEL_STEP,
  wheelScrollLeft,
} from './rules';

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

describe('layout: the four layouts', () => {
  const frames: [string, LayoutFrame][] = [
    ['vertical', { menuMode: 'vertical', sidebar: true, columnsBar: false, topBarFullWidth: false }],
    ['classic', { menuMode: 'vertical', sidebar: true, columnsBar: false, topBarFullWidth: true }],
    ['transverse', { menuMode: 'horizontal', sidebar: false, columnsBar: false, topBarFullWidth: true }],
    ['columns', { menuMode: 'columns', sidebar: true, columnsBar: true, topBarFullWidth: false }],
  ];
  it('there are four', () => {
    expect(LAYOUTS).to.deep.equal(['vertical', 'classic', 'transverse', 'columns']);
  });
  for (const [layout, frame] of frames) {
    it(`${layout}`, () => {
      expect(layoutFrame(parseLayout({ layout }).layout)).to.deep.equal(frame);
    });
  }
});

describe('layout: sizes (spec §9, DECISIONS 18)', () => {
  const breakpoints: [number, Breakpoint][] = [
    [1920, 3],
    [1366, 3],
    [1200, 3],
    [1199, 2],
    [992, 2],
    [991, 1],
    [768, 1],
    [767, 0],
    [0, 0],
    [-5, 0],
    [Number.NaN, 0],
  ];
  for (const [width, expected] of breakpoints) {
    it(`width ${width} is breakpoint ${expected}`, () => {
      expect(screenBreakpoint(width)).to.equal(expected);
    });
  }

  const widths: [number, number][] = [
    [300, 300],
    [210, 210],
    [400, 400],
    [209, 210],
    [0, 210],
    [-100, 210],
    [401, 400],
    [10_000, 400],
    [300.4, 300],
    [300.6, 301],
    [Number.NaN, 210],
    [Number.POSITIVE_INFINITY, 210],
  ];
  for (const [width, expected] of widths) {
    it(`a dragged sidebar of ${width} px is ${expected} px`, () => {
      expect(clampSidebarWidth(width)).to.equal(expected);
    });
  }

  it('the sidebar limits are 210 to 400, 210 at first', () => {
    expect(SIDEBAR_WIDTH).to.deep.equal({ min: 210, max: 400, initial: 210 });
  });

  const stored: [unknown, number][] = [
    [320, 320],
    ['320', 320],
    [' 320 ', 320],
    ['320.6', 321],
    ['500', 400],
    [100, 210],
    ['320px', 210],
    ['-300', 210],
    ['1e3', 210],
    ['', 210],
    ['abc', 210],
    [null, 210],
    [undefined, 210],
    [Number.NaN, 210],
    [{ width: 300 }, 210],
    [true, 210],
  ];
  for (const [value, expected] of stored) {
    it(`a persisted width of ${JSON.stringify(value)} reads as ${expected}`, () => {
      expect(parseSidebarWidth(value)).to.equal(expected);
    });
  }

  const topMenus: [number, number][] = [
    [1920, 1320],
    [1366, 766],
    [601, 1],
    [600, 700],
    [400, 700],
    [0, 700],
    [Number.NaN, 700],
  ];
  for (const [window, expected] of topMenus) {
    it(`a window of ${window} px gives a top menu of ${expected} px`, () => {
      expect(topMenuWidth(window)).to.equal(expected);
    });
  }

  it('the wheel step is 60', () => {
    expect(WHEEL_STEP).to.equal(60);
  });

  const wheel: [string, number, number, number, number][] = [
    ['down scrolls right by 60', 0, 100, 500, 60],
    ['a small delta still scrolls a whole step', 100, 3, 500, 160],
    ['up scrolls left by 60', 200, -100, 500, 140],
    ['no delta does not scroll', 200, 0, 500, 200],
    ['not past the end', 480, 100, 500, 500],
    ['not before the start', 30, -100, 500, 0],
    ['nothing to scroll', 0, 100, 0, 0],
    ['a negative max is nothing to scroll', 0, 100, -20, 0],
    ['a position past the end comes back', 800, 100, 500, 500],
    ['a non-finite position counts as 0', Number.NaN, 100, 500, 60],
    ['a non-finite delta does not scroll', 100, Number.NaN, 500, 100],
  ];
  for (const [name, left, deltaY, max, expected] of wheel) {
    it(`wheel: ${name}`, () => {
      expect(wheelScrollLeft(left, deltaY, max)).to.equal(expected);
    });
  }
});

describe('layout: what the top bar and user menu show (spec §6, DECISIONS 17)', () => {
  const drawer: [string, string | string[] | null | undefined, boolean][] = [
    ['admin', 'admin', true],
    ['administrator', 'administrator', true],
    ['any case', 'TenantAdmin', true],
    ['one of several', 'operator,sysadmin', true],
    ['one of several with spaces', 'operator, ADMIN ', true],
    ['a list', ['viewer', 'Admin'], true],
    ['operator', 'operator', false],
    ['several without admin', 'operator,viewer', false],
    ['adm is not admin', 'adm', false],
    ['empty', '', false],
    ['null', null, false],
    ['undefined', undefined, false],
  ];
  for (const [name, roles, expected] of drawer) {
    it(`theme drawer for ${name}: ${expected}`, () => {
      expect(showsThemeDrawer(roles)).to.equal(expected);
    });
  }

  const all: UserMenuItem[] = ['home', 'personalInfo', 'switchSite', 'returnToMainSite', 'lock', 'logout'];
  const without: UserMenuItem[] = ['home', 'personalInfo', 'lock', 'logout'];
  const menus: [string, boolean | null | undefined, string | null | undefined, UserMenuItem[]][] = [
    ['station flag on, tenant 100001', true, '100001', all],
    ['station flag off', false, '100001', without],
    ['station flag unknown', undefined, '100001', without],
    ['the platform tenant 000000', true, '000000', without],
    ['no tenant', true, '', without],
    ['a null tenant', true, null, without],
  ];
  for (const [name, stationFlag, tenantId, expected] of menus) {
    it(`user menu: ${name}`, () => {
      expect(userMenuItems({ stationFlag, tenantId })).to.deep.equal(expected);
    });
  }
});

describe('layout: system type (spec §4)', () => {
  const table: [string, string, string, Partial<LayoutState>, 'manage' | 'visual'][] = [
    [
      'visual: another tenant, another account, showVisual on',
      '100002',
      'viewer',
      { showVisual: true },
      'visual',
    ],
    ['manage: showVisual off', '100002', 'viewer', { showVisual: false }, 'manage'],
    ['manage: the platform tenant', '000000', 'viewer', { showVisual: true }, 'manage'],
    ['manage: admin', '100002', 'admin', { showVisual: true }, 'manage'],
    ['manage: hzinfo', '100001', 'hzinfo', { showVisual: true }, 'manage'],
  ];
  for (const [name, tenantId, account, layout, expected] of table) {
    it(name, () => {
      const parsed = parseLayout(layout);
      expect(systemTypeOf({ tenantId, account }, parsed)).to.equal(expected);
      // The same answer as the shared rule on the raw layout state.
      expect(systemType({ tenantId, account, layoutState: JSON.stringify(layout) })).to.equal(expected);
    });
  }

  it('a layout state stored as text with showVisual "true" is visual, like the shared rule', () => {
    const raw = '{"showVisual":"true"}';
    expect(systemTypeOf({ tenantId: '100002', account: 'viewer' }, parseLayout(raw))).to.equal('visual');
    expect(systemType({ tenantId: '100002', account: 'viewer', layoutState: raw })).to.equal('visual');
  });

  it('a corrupt layout state is manage', () => {
    expect(systemTypeOf({ tenantId: '100002', account: 'viewer' }, parseLayout('{showVisual'))).to.equal(
      'manage',
    );
  });
});

describe('layout: system names (spec §6)', () => {
  const config = { manageSystemName: '运维管理系统', visualSystemName: '可视化系统' };
  const renamed = parseLayout({ manageSystemName: 'Ops', visualSystemName: 'Big screen' });

  it('a tenant may rename both systems', () => {
    expect(systemNames(renamed, config, '100001')).to.deep.equal({ manage: 'Ops', visual: 'Big screen' });
  });

  it('the platform tenant keeps the configured names', () => {
    expect(systemNames(renamed, config, '000000')).to.deep.equal({
      manage: '运维管理系统',
      visual: '可视化系统',
    });
  });

  it('an unset or blank name is the configured one', () => {
    const partly = parseLayout({ manageSystemName: '  ' });
    expect(systemNames(partly, config, '100001')).to.deep.equal({
      manage: '运维管理系统',
      visual: '可视化系统',
    });
  });

  it('no tenant keeps the configured names', () => {
    expect(systemNames(renamed, config, undefined)).to.deep.equal({
      manage: '运维管理系统',
      visual: '可视化系统',
    });
  });
});

describe('layout rules: the system a tab shows (spec §4)', () => {
  const user = { tenantId: '100002', account: 'admin' };
  const cases: [string, 'manage' | 'visual', unknown, 'manage' | 'visual'][] = [
    ['nothing stored: the rule', 'manage', null, 'manage'],
    [
      'this user switched to visual',
      'manage',
      { tenantId: '100002', account: 'admin', type: 'visual' },
      'visual',
    ],
    [
      'this user returned to manage',
      'visual',
      { tenantId: '100002', account: 'admin', type: 'manage' },
      'manage',
    ],
    [
      'another account’s choice is ignored',
      'manage',
      { tenantId: '100002', account: 'viewer', type: 'visual' },
      'manage',
    ],
    [
      'another tenant’s choice is ignored',
      'manage',
      { tenantId: '100001', account: 'admin', type: 'visual' },
      'manage',
    ],
    ['an unknown type is ignored', 'visual', { tenantId: '100002', account: 'admin', type: 'big' }, 'visual'],
    ['a text is ignored', 'manage', 'visual', 'manage'],
  ];
  for (const [name, rule, stored, expected] of cases) {
    it(name, () => expect(activeSystem(rule, stored, user)).to.equal(expected));
  }
});
