import { expect } from '@esm-bundle/chai';
import { allows, BUTTONS, permitted } from './permissions';

describe('system button permissions', () => {
  it('grants a code only when the session maps it to true', () => {
    expect(allows({ tenant_add: true }, BUTTONS.tenantAdd)).to.equal(true);
    expect(allows({ tenant_add: false }, BUTTONS.tenantAdd)).to.equal(false);
    expect(allows({}, BUTTONS.tenantAdd)).to.equal(false);
    expect(allows({ tenant_edit: true }, BUTTONS.tenantAdd)).to.equal(false);
  });

  it('does not count inherited keys', () => {
    const permission = Object.create({ user_add: true }) as Record<string, boolean>;
    expect(allows(permission, BUTTONS.userAdd)).to.equal(false);
  });

  it('has one code per button, all distinct', () => {
    const codes = Object.values(BUTTONS);
    expect(new Set(codes).size).to.equal(codes.length);
  });

  it('keeps only the items whose code is granted, in their order', () => {
    const can = (code: string) => allows({ user_add: true, user_reset: true }, code as never);
    const items = [
      { code: BUTTONS.userAdd, key: 'add' },
      { code: BUTTONS.userEdit, key: 'edit' },
      { code: BUTTONS.userReset, key: 'reset' },
    ];
    expect(permitted(can, items).map((i) => i.key)).to.deep.equal(['add', 'reset']);
  });
});
