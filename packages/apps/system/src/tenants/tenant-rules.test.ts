import { expect } from '@esm-bundle/chai';
import { SETTING_CASES, TENANT_CASES } from '../../test-support/rule-cases';
import {
  canEnableVisual,
  checkTenantField,
  EMPTY_TENANT,
  isCalendarDate,
  SETTING_RULES,
  settingParams,
  tenantBody,
} from './tenant-rules';

describe('tenant rules', () => {
  it('refuse every bad value of the shared table and take every good one (the server does the same)', () => {
    for (const [field, cases] of Object.entries(TENANT_CASES)) {
      const f = field as keyof typeof TENANT_CASES;
      for (const value of cases.bad)
        expect(checkTenantField(f, value).ok, `${field} ${value}`).to.equal(false);
      for (const value of cases.good)
        expect(checkTenantField(f, value).ok, `${field} ${value}`).to.equal(true);
    }
    for (const [field, cases] of Object.entries(SETTING_CASES)) {
      const rule = SETTING_RULES[field as keyof typeof SETTING_CASES];
      for (const value of cases.bad) expect(rule(value).ok, `${field} ${value}`).to.equal(false);
      for (const value of cases.good) expect(rule(value).ok, `${field} ${value}`).to.equal(true);
    }
  });

  it('check the value as sent: surrounding blanks do not count', () => {
    expect(checkTenantField('contactNumber', ' 13812345678 ').ok).to.equal(true);
    expect(checkTenantField('tenantName', `  ${'名'.repeat(50)}  `).ok).to.equal(true);
    expect(checkTenantField('tenantName', '  ')).to.deep.equal({ ok: false, error: 'rules.required' });
  });

  it('say why: the key of the first failing rule', () => {
    expect(checkTenantField('tenantName', '名'.repeat(51))).to.deep.equal({
      ok: false,
      error: 'rules.maxChars',
      params: { max: 50 },
    });
    expect(checkTenantField('linkman', 'a<b')).to.deep.equal({ ok: false, error: 'rules.shownText' });
    expect(checkTenantField('contactNumber', '12345')).to.deep.equal({
      ok: false,
      error: 'rules.contactNumber',
    });
  });

  it('send the trimmed fields and the flags as 0 or 1, with the id only when editing', () => {
    const form = { ...EMPTY_TENANT, tenantName: ' 新租户 ', linkman: ' 王五', stationFlag: true };
    expect(tenantBody(form)).to.deep.equal({
      tenantName: '新租户',
      domain: '',
      kind: 'hydropower',
      linkman: '王五',
      contactNumber: '',
      address: '',
      stationFlag: 1,
      visualFlag: 0,
    });
    expect(tenantBody(form, '7')).to.include({ id: '7', tenantName: '新租户' });
  });

  it('let every tenant but 000000 enable the visual system', () => {
    expect(canEnableVisual('000000')).to.equal(false);
    expect(canEnableVisual('100001')).to.equal(true);
    expect(canEnableVisual(undefined)).to.equal(true);
  });

  it('know real calendar days', () => {
    expect(isCalendarDate('2024-02-29')).to.equal(true);
    expect(isCalendarDate('2025-02-29')).to.equal(false);
    expect(isCalendarDate('2025-04-31')).to.equal(false);
    expect(isCalendarDate('2025-04-30 23:59:59')).to.equal(true);
    expect(isCalendarDate('2025-04-30 12:60:00')).to.equal(false);
  });

  it('apply the settings to every chosen tenant in one call', () => {
    expect(settingParams(['3', '4'], { accountNumber: ' -1 ', expireTime: '2026-12-31' })).to.deep.equal({
      ids: '3,4',
      accountNumber: '-1',
      expireTime: '2026-12-31',
    });
  });
});
