import { expect } from '@esm-bundle/chai';
import { validateSiteField, validateSiteForm, validateSiteSearch } from './site';

const long = 'x'.repeat(21);
const twenty = 'x'.repeat(20);

describe('site search fields (max 20, warning names the field, search cancelled)', () => {
  it('lets empty and 20-character fields through', () => {
    expect(validateSiteSearch({})).to.deep.equal({ ok: true });
    expect(validateSiteSearch({ tenantId: twenty, tenantName: twenty, linkman: twenty })).to.deep.equal({
      ok: true,
    });
    expect(validateSiteSearch({ tenantId: null, tenantName: '', linkman: undefined })).to.deep.equal({
      ok: true,
    });
  });

  for (const field of ['tenantId', 'tenantName', 'linkman'] as const) {
    it(`refuses a 21-character ${field}, naming its label`, () => {
      expect(validateSiteSearch({ [field]: long })).to.deep.equal({
        ok: false,
        error: 'validation.maxLength',
        params: { field: `common:field.${field}`, max: 20 },
        field,
      });
    });
  }

  it('names the first too-long field in form order', () => {
    const result = validateSiteSearch({ linkman: long, tenantName: long });
    expect(result.ok).to.equal(false);
    if (!result.ok) expect(result.field).to.equal('tenantName');
  });

  it('counts characters, not bytes', () => {
    expect(validateSiteSearch({ tenantName: '站'.repeat(20) }).ok).to.equal(true);
    expect(validateSiteSearch({ tenantName: '站'.repeat(21) }).ok).to.equal(false);
  });
});

describe('site form (stationId, deptName, linkman required, max 20)', () => {
  const table: Array<[string, string | undefined, string | null]> = [
    ['missing', undefined, 'validation.required'],
    ['empty', '', 'validation.required'],
    ['whitespace only', '   ', 'validation.required'],
    ['one character', 'a', null],
    ['20 characters', twenty, null],
    ['21 characters', long, 'validation.maxLength'],
  ];
  for (const field of ['stationId', 'deptName', 'linkman'] as const) {
    for (const [name, value, error] of table) {
      it(`${field} ${name} -> ${error ?? 'ok'}`, () => {
        const result = validateSiteField(field, value);
        if (error === null) expect(result).to.deep.equal({ ok: true });
        else expect(result).to.deep.include({ ok: false, error });
        if (!result.ok) expect(result.params?.field).to.equal(`common:field.${field}`);
      });
    }
  }

  it('reports every bad field and the first one for a toast', () => {
    const result = validateSiteForm({ stationId: '', deptName: 'Dept', linkman: long });
    expect(result.ok).to.equal(false);
    if (result.ok) return;
    expect(Object.keys(result.errors)).to.deep.equal(['stationId', 'linkman']);
    expect(result.errors.linkman?.error).to.equal('validation.maxLength');
    expect(result.first).to.deep.equal({
      ok: false,
      error: 'validation.required',
      params: { field: 'common:field.stationId' },
      field: 'stationId',
    });
  });

  it('accepts a complete form', () => {
    expect(validateSiteForm({ stationId: 'S1', deptName: '一号站', linkman: '张三' })).to.deep.equal({
      ok: true,
    });
  });
});
