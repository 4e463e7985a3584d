import { expect } from '@esm-bundle/chai';
import { type UserMenuItem, userMenuItems } from './rules';

describe('top bar: what the user menu shows (spec §6)', () => {
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

  it('user menu: the mobile app entry only with a download address, before lock', () => {
    expect(
      userMenuItems({ stationFlag: false, tenantId: '100001', mobileAppUrl: '/downloads/a.apk' }),
    ).to.deep.equal(['home', 'personalInfo', 'mobileApp', 'lock', 'logout']);
    expect(userMenuItems({ stationFlag: false, tenantId: '100001', mobileAppUrl: '' })).to.deep.equal(
      without,
    );
  });
});
