import { expect } from '@esm-bundle/chai';
import { systemType } from '@ops/shared';
import { type LayoutState, parseLayout } from '../shared/layout-state';
import { activeSystem, systemLabels, systemNames, systemTypeOf } from './rules';

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

describe('system: what the chrome calls the console and its systems', () => {
  const words = {
    systemName: 'Operations console',
    manageSystem: 'Management system',
    visualSystem: 'Visual system',
  };
  const t = (key: keyof typeof words) => words[key];
  const config = { title: '运维控制台', manageSystemName: '运维管理系统', visualSystemName: '可视化系统' };
  const plain = parseLayout(null);
  it("zh: the site's names and title", () => {
    expect(systemLabels({ layout: plain, config, tenantId: '100001', lang: 'zh', t })).to.deep.equal({
      title: '运维控制台',
      manage: '运维管理系统',
      visual: '可视化系统',
    });
  });
  it("en: the console's own words in place of the site's Chinese defaults", () => {
    expect(systemLabels({ layout: plain, config, tenantId: '100001', lang: 'en', t })).to.deep.equal({
      title: 'Operations console',
      manage: 'Management system',
      visual: 'Visual system',
    });
  });
  it("en: the names a tenant gave, and the layout's title, in either language", () => {
    const own = parseLayout({
      indexTitle: '飞来峡',
      manageSystemName: 'Ops',
      visualSystemName: 'Big screen',
    });
    expect(systemLabels({ layout: own, config, tenantId: '100001', lang: 'en', t })).to.deep.equal({
      title: '飞来峡',
      manage: 'Ops',
      visual: 'Big screen',
    });
  });
  it('zh: an empty site title falls back to the console name', () => {
    const untitled = { ...config, title: '  ' };
    expect(
      systemLabels({ layout: plain, config: untitled, tenantId: '100001', lang: 'zh', t }).title,
    ).to.equal('Operations console');
  });
});
