import { expect } from '@esm-bundle/chai';
import type { Site } from './rules';
import {
  CONTACT_INVALID,
  checkContact,
  checkSiteForm,
  checkSiteFormField,
  EMPTY_SITE_FORM,
  initialValues,
  SITE_FIELD_MAX,
  type SiteFormKey,
  type SiteFormValues,
  submitBody,
  typed,
} from './site-form';

const label = (field: SiteFormKey) => `site:${field}`;
const site: Site = {
  id: '42',
  stationId: 'HS0042',
  deptName: '飞来峡水电站',
  linkman: '周强',
  contactNumber: '13907311001',
  tenantId: '100001',
  joined: false,
};
const good: SiteFormValues = { stationId: 'HS9001', deptName: '新站', linkman: '王五', contactNumber: '' };

describe('site form rules (spec §5: stationId, deptName, linkman required, at most 20)', () => {
  it('checks each field: required (blank is missing), 20 characters, named by the form’s own label', () => {
    const table: [SiteFormKey, string, ReturnType<typeof checkSiteFormField>][] = [
      ['stationId', 'HS0001', { ok: true }],
      ['stationId', '', { ok: false, error: 'validation.required', params: { field: 'site:stationId' } }],
      ['deptName', '   ', { ok: false, error: 'validation.required', params: { field: 'site:deptName' } }],
      ['linkman', 'null', { ok: false, error: 'validation.required', params: { field: 'site:linkman' } }],
      ['deptName', '站'.repeat(SITE_FIELD_MAX), { ok: true }],
      [
        'deptName',
        '站'.repeat(SITE_FIELD_MAX + 1),
        { ok: false, error: 'validation.maxLength', params: { field: 'site:deptName', max: 20 } },
      ],
      [
        'stationId',
        'X'.repeat(21),
        { ok: false, error: 'validation.maxLength', params: { field: 'site:stationId', max: 20 } },
      ],
      // An emoji is one character, as the server counts.
      ['linkman', '😀'.repeat(20), { ok: true }],
      ['contactNumber', '', { ok: true }],
      ['contactNumber', '13907311001', { ok: true }],
      ['contactNumber', '0751-1234567', { ok: true }],
      ['contactNumber', ' 07511234567 ', { ok: true }],
      ['contactNumber', '12345', { ok: false, error: CONTACT_INVALID }],
      ['contactNumber', '15412345678', { ok: false, error: CONTACT_INVALID }],
      ['contactNumber', 'abc', { ok: false, error: CONTACT_INVALID }],
    ];
    for (const [field, value, expected] of table) {
      expect(checkSiteFormField(field, value, label), `${field}=${value}`).to.deep.equal(expected);
    }
  });

  it('the contact number is optional and otherwise a mobile or a landline number', () => {
    expect(checkContact('   ')).to.deep.equal({ ok: true });
    expect(checkContact('010-12345678')).to.deep.equal({ ok: true });
    expect(checkContact('1390731100')).to.deep.equal({ ok: false, error: CONTACT_INVALID });
  });

  it('the whole form answers its first failing field in form order, so nothing is sent', () => {
    expect(checkSiteForm(good, label)).to.deep.equal({ ok: true });
    const empty = checkSiteForm(EMPTY_SITE_FORM, label);
    expect(empty.ok).to.equal(false);
    expect(!empty.ok && empty.field).to.equal('stationId');
    const linkman = checkSiteForm({ ...good, linkman: '', contactNumber: 'x' }, label);
    expect(!linkman.ok && linkman.field).to.equal('linkman');
    const contact = checkSiteForm({ ...good, contactNumber: '123' }, label);
    expect(!contact.ok && contact.field).to.equal('contactNumber');
  });

  it('strips spec §5’s disallowed characters as they are typed', () => {
    const table: [string, string][] = [
      ['HS0001', 'HS0001'],
      ['<b>站</b>', 'b站/b'],
      ['a`b~c^d*e|f{g}h[i]j¥k“l”m‘n’', 'abcdefghijklmn'],
      ["'", ''],
      ['张三', '张三'],
    ];
    for (const [input, kept] of table) expect(typed(input), input).to.equal(kept);
  });

  it('starts empty for a new site and from the row for an edit', () => {
    expect(initialValues({ kind: 'add' })).to.deep.equal(EMPTY_SITE_FORM);
    expect(initialValues({ kind: 'edit', site })).to.deep.equal({
      stationId: 'HS0042',
      deptName: '飞来峡水电站',
      linkman: '周强',
      contactNumber: '13907311001',
    });
  });

  it('sends the values trimmed; an edit sends the row’s id', () => {
    const values = { stationId: ' HS9001 ', deptName: ' 新站', linkman: '王五 ', contactNumber: ' ' };
    expect(submitBody(values, { kind: 'add' })).to.deep.equal({
      stationId: 'HS9001',
      deptName: '新站',
      linkman: '王五',
      contactNumber: '',
    });
    expect(submitBody(values, { kind: 'edit', site })).to.deep.equal({
      id: '42',
      stationId: 'HS9001',
      deptName: '新站',
      linkman: '王五',
      contactNumber: '',
    });
  });
});
