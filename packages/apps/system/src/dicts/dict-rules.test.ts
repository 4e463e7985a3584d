import { expect } from '@esm-bundle/chai';
import { BAD_DICT_VALUES, GOOD_DICT_VALUES } from '../../test-support/dict-cases';
import { DICT_RULES, dictBody, dictFormOf, dictOptions, isReadOnly, readDictEntry } from './dict-rules';

const row = (extra: Record<string, unknown>) =>
  readDictEntry({
    id: '1',
    parentId: '0',
    tenantId: '100001',
    code: 'trade',
    dictKey: '-1',
    dictValue: '行业',
    ...extra,
  });

describe('dictionary rules', () => {
  it('a tenant may change only its own unsealed rows; the platform owns the shared ones', () => {
    expect(isReadOnly(row({}), '100001')).to.equal(false);
    expect(isReadOnly(row({ tenantId: '000000' }), '100001')).to.equal(true);
    expect(isReadOnly(row({ tenantId: '000000' }), '000000')).to.equal(false);
    expect(isReadOnly(row({ isSealed: 1 }), '100001')).to.equal(true);
  });

  it('a select of a dictionary shows dictValue and submits dictKey', () => {
    const entries = [
      row({ dictKey: 'zh_CN', dictValue: '中文' }),
      row({ dictKey: 'en_US', dictValue: 'English' }),
    ];
    expect(dictOptions(entries)).to.deep.equal([
      { value: 'zh_CN', label: '中文' },
      { value: 'en_US', label: 'English' },
    ]);
  });

  it('checks the fields as the server does (one table for both)', () => {
    for (const [field, value] of BAD_DICT_VALUES)
      expect(DICT_RULES[field](value).ok, `${field} ${value}`).to.equal(false);
    for (const [field, value] of GOOD_DICT_VALUES)
      expect(DICT_RULES[field](value).ok, `${field} ${value}`).to.equal(true);
  });

  it('a new dictionary has key -1; a new entry takes its dictionary’s code and id; an edit keeps its own', () => {
    const parent = row({ id: '7', code: 'color' });
    expect(dictFormOf(null, null)).to.deep.equal({
      code: '',
      dictKey: '-1',
      dictValue: '',
      sort: '0',
      remark: '',
    });
    const form = { ...dictFormOf(null, parent), dictKey: 'red', dictValue: '红', sort: '2' };
    expect(dictBody(form, null, parent)).to.deep.equal({
      parentId: '7',
      code: 'color',
      dictKey: 'red',
      dictValue: '红',
      sort: 2,
      remark: '',
    });
    const entry = row({ id: '9', parentId: '7', code: 'color', dictKey: 'red', dictValue: '红', sort: 2 });
    expect(dictBody({ ...dictFormOf(entry, parent), dictValue: '大红' }, entry, parent)).to.deep.equal({
      id: '9',
      parentId: '7',
      code: 'color',
      dictKey: 'red',
      dictValue: '大红',
      sort: 2,
      remark: '',
    });
  });
});
