import { expect } from '@esm-bundle/chai';
import { DEFAULT_LAYOUT_STATE, type LayoutState } from '../shared/layout-state';
import {
  editLayout,
  hasChanges,
  layoutDefaults,
  layoutStateText,
  showsThemeDrawer,
  themeLook,
} from './theme';

const state = (fields: Partial<LayoutState> = {}): LayoutState => ({ ...DEFAULT_LAYOUT_STATE, ...fields });

describe('theme: the look of a layout state', () => {
  it('the defaults set nothing', () => {
    expect(themeLook(state())).to.deep.equal({ classes: [], properties: {} });
  });

  it('a named theme is its class only: custom colours and the primary colour stay off', () => {
    const look = themeLook(state({ theme: 'theme-hzblack', colorName: '#ff0000', topBgColor: '#000000' }));
    expect(look).to.deep.equal({ classes: ['theme-hzblack'], properties: {} });
  });

  it('the default theme takes the primary colour and the custom colours that are set', () => {
    const look = themeLook(state({ colorName: '#13c2c2', topBgColor: '#001529', menuColor: '' }));
    expect(look.classes).to.deep.equal([]);
    expect(look.properties).to.deep.equal({ '--ops-primary': '#13c2c2', '--ops-top-bg': '#001529' });
  });

  it('custom colours turned off leave the theme’s own', () => {
    const look = themeLook(state({ customColors: false, topBgColor: '#001529' }));
    expect(look.properties).to.deep.equal({});
  });

  it('the large font is a class; the default size sets nothing', () => {
    expect(themeLook(state({ fontSize: 'font-m' })).classes).to.deep.equal(['font-m']);
    expect(themeLook(state({ fontSize: 'font-default' })).classes).to.deep.equal([]);
    expect(themeLook(state({ theme: 'theme-hzblue', fontSize: 'font-m' })).classes).to.deep.equal([
      'theme-hzblue',
      'font-m',
    ]);
  });
});

describe('theme: layout editing (spec §4)', () => {
  const tenant = '100001';

  it('another layout resets the draft to that layout’s defaults, keeping the language', () => {
    const draft = state({ theme: 'theme-hzblue', indexTitle: '站', isCollapse: true, language: 'en' });
    expect(editLayout(draft, { field: 'layout', value: 'columns' }, tenant)).to.deep.equal(
      layoutDefaults('columns', 'en'),
    );
  });

  it('the same layout again changes nothing', () => {
    const draft = state({ indexTitle: '站' });
    expect(editLayout(draft, { field: 'layout', value: 'vertical' }, tenant)).to.equal(draft);
  });

  it('the default theme turns custom colours on; a named theme turns them off', () => {
    const named = editLayout(state(), { field: 'theme', value: 'theme-hzvisual' }, tenant);
    expect(named).to.include({ theme: 'theme-hzvisual', customColors: false });
    expect(editLayout(named, { field: 'theme', value: '' }, tenant)).to.include({
      theme: '',
      customColors: true,
    });
  });

  it('a name of 50 characters is taken; 51 are refused and the draft stays', () => {
    const fifty = '站'.repeat(50);
    expect(editLayout(state(), { field: 'indexTitle', value: fifty }, tenant).indexTitle).to.equal(fifty);
    const draft = state({ indexTitle: 'x' });
    expect(editLayout(draft, { field: 'indexTitle', value: `${fifty}站` }, tenant)).to.equal(draft);
  });

  it('the platform tenant 000000 can neither show the visual display nor rename the systems (§6)', () => {
    const draft = state();
    expect(editLayout(draft, { field: 'showVisual', value: true }, '000000')).to.equal(draft);
    expect(editLayout(draft, { field: 'manageSystemName', value: '平台' }, '000000')).to.equal(draft);
    expect(editLayout(draft, { field: 'showVisual', value: true }, tenant).showVisual).to.equal(true);
    expect(editLayout(draft, { field: 'visualSystemName', value: '大屏' }, tenant).visualSystemName).to.equal(
      '大屏',
    );
  });

  it('other fields take the value as given', () => {
    expect(editLayout(state(), { field: 'searchBtn', value: false }, tenant).searchBtn).to.equal(false);
    expect(editLayout(state(), { field: 'topBgColor', value: '#001529' }, tenant).topBgColor).to.equal(
      '#001529',
    );
  });

  it('changes are any field that differs; the saved text is the whole state as JSON', () => {
    expect(hasChanges(state(), state())).to.equal(false);
    expect(hasChanges(state(), state({ moreBtn: false }))).to.equal(true);
    expect(JSON.parse(layoutStateText(state({ layout: 'classic' })))).to.deep.equal(
      state({ layout: 'classic' }),
    );
  });
});

describe('theme: who sees the theme drawer (DECISIONS 17)', () => {
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
});
