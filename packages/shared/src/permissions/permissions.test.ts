import { expect } from '@esm-bundle/chai';
import { buttonPermissions, hasPermission } from './buttons';
import {
  canEnableVisual,
  canShowVisualSwitch,
  isAdminRole,
  menuItemVisible,
  parseLayoutState,
  showsAlarmPopup,
  showsAssistant,
  showsSiteSwitch,
  systemType,
} from './rules';

describe('button permission tree -> leaf-code map', () => {
  // The shape of GET /api/blade-system/menu/buttons: branches (menus) leading to buttons.
  const tree = [
    {
      id: '1',
      code: 'system',
      children: [
        {
          id: '2',
          code: 'site_switch',
          children: [
            { id: '3', code: 'switch_add', category: 2 },
            { id: '4', code: 'switch_view', category: 2 },
            { id: '5', code: 'switch_edit', category: 2, children: [] },
            { id: '6', code: 'switch_delete', category: 2, children: null },
          ],
        },
      ],
    },
    { id: '7', code: 'warring_log', category: 2 },
  ];

  it('keeps only the leaves, branch codes excluded', () => {
    expect(buttonPermissions(tree)).to.deep.equal({
      switch_add: true,
      switch_view: true,
      switch_edit: true,
      switch_delete: true,
      warring_log: true,
    });
  });

  it('accepts a single root node, and nothing at all', () => {
    expect(buttonPermissions(tree[1])).to.deep.equal({ warring_log: true });
    expect(buttonPermissions(null)).to.deep.equal({});
    expect(buttonPermissions(undefined)).to.deep.equal({});
    expect(buttonPermissions([])).to.deep.equal({});
  });

  it('skips leaves without a code and junk entries', () => {
    const junk = [{ code: '' }, { name: 'x' }, null, 'text', { code: 'ok' }] as never;
    expect(buttonPermissions(junk)).to.deep.equal({ ok: true });
  });

  it('handles a very deep tree', () => {
    let node: { code: string; children?: unknown[] } = { code: 'deep_leaf' };
    for (let i = 0; i < 5000; i++) node = { code: `branch${i}`, children: [node] };
    expect(buttonPermissions(node as never)).to.deep.equal({ deep_leaf: true });
  });

  it('answers hasPermission from the map', () => {
    const map = buttonPermissions(tree);
    expect(hasPermission(map, 'warring_log')).to.equal(true);
    expect(hasPermission(map, 'site_switch')).to.equal(false);
    expect(hasPermission(map, 'toString')).to.equal(false);
    expect(hasPermission({ warring_log: 'true' } as never, 'warring_log')).to.equal(false);
    expect(hasPermission(null, 'warring_log')).to.equal(false);
  });
});

describe('isAdminRole (DECISIONS 17)', () => {
  const table: Array<[unknown, boolean]> = [
    ['admin', true],
    ['Administrator', true],
    ['tenant_ADMIN', true],
    ['user,sysadmin', true],
    ['user, guest', false],
    ['adm', false],
    [['guest', 'SuperAdmin'], true],
    [['guest'], false],
    ['', false],
    [null, false],
  ];
  for (const [roles, ok] of table) {
    it(`${JSON.stringify(roles)} -> ${ok}`, () => expect(isAdminRole(roles as never)).to.equal(ok));
  }
});

describe('system type (spec §4)', () => {
  const visualOn = JSON.stringify({ layout: 'vertical', showVisual: true });
  const table: Array<[string, string, unknown, string]> = [
    ['100002', 'operator', visualOn, 'visual'],
    ['100002', 'operator', { showVisual: true }, 'visual'],
    ['100002', 'operator', { showVisual: 'true' }, 'visual'],
    ['000000', 'operator', visualOn, 'manage'],
    ['100002', 'admin', visualOn, 'manage'],
    ['100002', 'hzinfo', visualOn, 'manage'],
    ['100002', 'operator', { showVisual: false }, 'manage'],
    ['100002', 'operator', { showVisual: 1 }, 'manage'],
    ['100002', 'operator', '{}', 'manage'],
    ['100002', 'operator', 'not json', 'manage'],
    ['100002', 'operator', null, 'manage'],
  ];
  for (const [tenantId, account, layoutState, type] of table) {
    it(`tenant ${tenantId}, ${account}, ${JSON.stringify(layoutState)} -> ${type}`, () => {
      expect(systemType({ tenantId, account, layoutState: layoutState as never })).to.equal(type);
    });
  }

  it('reads a broken or non-object layout state as no preference', () => {
    expect(parseLayoutState('[1,2]')).to.deep.equal({});
    expect(parseLayoutState('null')).to.deep.equal({});
    expect(parseLayoutState('{"showVisual":true}')).to.deep.equal({ showVisual: true });
  });
});

describe('visual switch, site switch, alarm popup and assistant (spec §6)', () => {
  it('lets every tenant but the platform enable visual display', () => {
    expect(canEnableVisual('100001')).to.equal(true);
    expect(canEnableVisual('000000')).to.equal(false);
    expect(canEnableVisual(undefined)).to.equal(false);
  });

  it('shows the visual switch only with the IMS flag, a visual menu and a non-platform tenant', () => {
    expect(canShowVisualSwitch({ imsEnabled: true, tenantId: '100002', hasVisualMenu: true })).to.equal(true);
    expect(canShowVisualSwitch({ imsEnabled: false, tenantId: '100002', hasVisualMenu: true })).to.equal(
      false,
    );
    expect(canShowVisualSwitch({ imsEnabled: true, tenantId: '100002', hasVisualMenu: false })).to.equal(
      false,
    );
    expect(canShowVisualSwitch({ imsEnabled: true, tenantId: '000000', hasVisualMenu: true })).to.equal(
      false,
    );
  });

  const site: Array<[unknown, unknown, boolean]> = [
    [true, '100001', true],
    [false, '100001', false],
    [true, '000000', false],
    [true, '', false],
    [undefined, '100001', false],
  ];
  for (const [flag, tenant, shown] of site) {
    it(`site switch with flag ${flag}, tenant ${JSON.stringify(tenant)} -> ${shown}`, () => {
      expect(showsSiteSwitch(flag as never, tenant as never)).to.equal(shown);
    });
  }

  const alarm: Array<[string | undefined, string | undefined, boolean]> = [
    ['admin', '1001', true],
    ['hzinfo', '1001', true],
    ['admin', '000000', false],
    ['hzinfo', '000000', false],
    ['operator', '1001', false],
    ['Admin', '1001', false],
    [undefined, '1001', false],
    ['admin', undefined, true],
  ];
  for (const [account, deptId, shown] of alarm) {
    it(`alarm popup for ${account} in dept ${deptId} -> ${shown}`, () => {
      expect(showsAlarmPopup(account, deptId)).to.equal(shown);
    });
  }

  const robot: Array<[unknown, 'manage' | 'visual', boolean]> = [
    ['1', 'manage', true],
    [1, 'manage', true],
    ['1', 'visual', false],
    ['0', 'manage', false],
    [0, 'manage', false],
    [true, 'manage', false],
    [undefined, 'manage', false],
  ];
  for (const [flag, type, shown] of robot) {
    it(`assistant with gglmOpenRelation ${JSON.stringify(flag)} in ${type} -> ${shown}`, () => {
      expect(showsAssistant(flag, type)).to.equal(shown);
    });
  }
});

describe('menuItemVisible', () => {
  const table: Array<[unknown, unknown, boolean]> = [
    [{}, ['guest'], true],
    [{ meta: {} }, [], true],
    [{ meta: { roles: [] } }, [], true],
    [{ meta: { roles: null } }, [], true],
    [{ meta: { roles: ['admin'] } }, ['admin'], true],
    [{ meta: { roles: ['admin', 'operator'] } }, ['operator'], true],
    [{ meta: { roles: ['admin'] } }, ['operator'], false],
    [{ meta: { roles: ['admin'] } }, [], false],
    [{ meta: { roles: 'admin,operator' } }, 'guest,operator', true],
    [{ meta: { roles: ['admin'] } }, 'sysadmin', false],
  ];
  for (const [item, roles, shown] of table) {
    it(`${JSON.stringify(item)} for ${JSON.stringify(roles)} -> ${shown}`, () => {
      expect(menuItemVisible(item as never, roles as never)).to.equal(shown);
    });
  }
});
