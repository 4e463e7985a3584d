import { expect } from '@esm-bundle/chai';
import {
  ellipsis,
  NAME_MAX,
  nameCounter,
  validateIndexTitle,
  validateLockPassword,
  validateSystemName,
} from './text';

describe('lock password', () => {
  it('is required', () => {
    for (const value of ['', null, undefined]) {
      expect(validateLockPassword(value)).to.deep.equal({
        ok: false,
        error: 'validation.lockPasswordRequired',
      });
    }
  });

  it('accepts any non-empty password, spaces included (passwords are not trimmed)', () => {
    expect(validateLockPassword('1')).to.deep.equal({ ok: true });
    expect(validateLockPassword(' ')).to.deep.equal({ ok: true });
  });
});

describe('index title and system names (50 characters)', () => {
  const at = 'a'.repeat(NAME_MAX);
  const over = 'a'.repeat(NAME_MAX + 1);

  it('accepts up to 50 characters, empty included', () => {
    expect(validateIndexTitle(at).ok).to.equal(true);
    expect(validateIndexTitle('').ok).to.equal(true);
    expect(validateSystemName(at, 'manageSystemName').ok).to.equal(true);
  });

  it('refuses 51 characters naming the field and the limit', () => {
    expect(validateIndexTitle(over)).to.deep.equal({
      ok: false,
      error: 'validation.maxLength',
      params: { field: 'common:field.indexTitle', max: 50 },
    });
    expect(validateSystemName(over, 'visualSystemName')).to.deep.equal({
      ok: false,
      error: 'validation.maxLength',
      params: { field: 'common:field.visualSystemName', max: 50 },
    });
  });

  it('counts Chinese characters and emoji as one character each', () => {
    expect(validateIndexTitle('水'.repeat(50)).ok).to.equal(true);
    expect(validateIndexTitle('😀'.repeat(50)).ok).to.equal(true);
    expect(validateIndexTitle('😀'.repeat(51)).ok).to.equal(false);
  });

  it('has a counter of characters against 50', () => {
    expect(nameCounter('水电站')).to.deep.equal({ count: 3, max: 50, over: false, text: '3/50' });
    expect(nameCounter(undefined).text).to.equal('0/50');
    expect(nameCounter(over)).to.include({ count: 51, over: true, text: '51/50' });
  });
});

describe('ellipsis beyond 20 characters', () => {
  const table: Array<[string, string, boolean]> = [
    ['', '', false],
    ['short', 'short', false],
    ['a'.repeat(20), 'a'.repeat(20), false],
    ['a'.repeat(21), `${'a'.repeat(20)}…`, true],
    ['一二三四五六七八九十一二三四五六七八九十一', '一二三四五六七八九十一二三四五六七八九十…', true],
    ['😀'.repeat(21), `${'😀'.repeat(20)}…`, true],
  ];
  for (const [input, text, truncated] of table) {
    it(`${JSON.stringify(input)} -> ${JSON.stringify(text)}`, () => {
      expect(ellipsis(input, 20)).to.deep.equal({ text, truncated, full: input });
    });
  }

  it('defaults to 20 and treats a missing text as empty', () => {
    expect(ellipsis('b'.repeat(21)).truncated).to.equal(true);
    expect(ellipsis(null)).to.deep.equal({ text: '', truncated: false, full: '' });
  });
});
