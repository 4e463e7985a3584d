import { expect } from '@esm-bundle/chai';
import {
  containsAccount,
  isEmail,
  isEmpty,
  isLandline,
  isMobile,
  isUrl,
  isValidPassword,
  passwordClassCount,
} from './generic';
import { idCardCheckChar, isIdCard } from './id-card';

describe('isEmpty (DECISIONS 11)', () => {
  const empty: Array<[string, unknown]> = [
    ['null', null],
    ['undefined', undefined],
    ["'null'", 'null'],
    ["'undefined'", 'undefined'],
    ["''", ''],
    ['[]', []],
    ['{}', {}],
    ['Object.create(null)', Object.create(null)],
  ];
  const notEmpty: Array<[string, unknown]> = [
    ['0', 0],
    ['NaN', Number.NaN],
    ['false', false],
    ['true', true],
    ["' ' (not trimmed)", ' '],
    ["'0'", '0'],
    ["'NULL' (exact spelling only)", 'NULL'],
    ['[0]', [0]],
    ['{ a: undefined }', { a: undefined }],
    ['a Date', new Date(0)],
    ['a Map', new Map()],
  ];
  for (const [name, value] of empty) it(`${name} is empty`, () => expect(isEmpty(value)).to.equal(true));
  for (const [name, value] of notEmpty)
    it(`${name} is not empty`, () => expect(isEmpty(value)).to.equal(false));
});

describe('isMobile (DECISIONS 8)', () => {
  const table: Array<[string, boolean]> = [
    ['13012345678', true],
    ['13912345678', true],
    ['14012345678', true],
    ['14412345678', true],
    ['14512345678', true],
    ['14912345678', true],
    ['15012345678', true],
    ['15312345678', true],
    ['15412345678', false],
    ['15512345678', true],
    ['15912345678', true],
    ['16612345678', true],
    ['17012345678', true],
    ['18812345678', true],
    ['19912345678', true],
    ['12012345678', false],
    ['11012345678', false],
    ['10012345678', false],
    ['23012345678', false],
    ['1301234567', false],
    ['130123456789', false],
    ['1301234567a', false],
    [' 13012345678', false],
    ['+8613012345678', false],
    ['', false],
  ];
  for (const [value, ok] of table)
    it(`${JSON.stringify(value)} -> ${ok}`, () => expect(isMobile(value)).to.equal(ok));
});

describe('isLandline (DECISIONS 8)', () => {
  const table: Array<[string, boolean]> = [
    ['010-12345678', true],
    ['01012345678', true],
    ['0755-1234567', true],
    ['07551234567', true],
    ['0755-12345678', true],
    ['021-1234567', true],
    ['10-12345678', false],
    ['110-12345678', false],
    ['01-12345678', false],
    ['07555-1234567', false],
    ['010-123456', false],
    ['010-123456789', false],
    ['010--12345678', false],
    ['010 12345678', false],
    ['', false],
  ];
  for (const [value, ok] of table)
    it(`${JSON.stringify(value)} -> ${ok}`, () => expect(isLandline(value)).to.equal(ok));
});

describe('isEmail (DECISIONS 8)', () => {
  const table: Array<[string, boolean]> = [
    ['a@b.cn', true],
    ['first.last+tag@mail.example.com', true],
    ['user_1@sub-domain.example.org', true],
    ['a@b.c', false],
    ['a@b.c1', false],
    ['a@b.12', false],
    ['a@b', false],
    ['@b.cn', false],
    ['a@.cn', false],
    ['a@b..cn', false],
    ['a@-b.cn', false],
    ['a b@c.cn', false],
    ['a@@b.cn', false],
    ['', false],
  ];
  for (const [value, ok] of table)
    it(`${JSON.stringify(value)} -> ${ok}`, () => expect(isEmail(value)).to.equal(ok));
});

describe('isUrl (DECISIONS 8)', () => {
  const table: Array<[string, boolean]> = [
    ['http://example.com', true],
    ['https://example.com/a?b=c#d', true],
    ['HTTPS://EXAMPLE.COM', true],
    ['http://10.0.0.1:8080/x', true],
    ['ftp://example.com', false],
    ['javascript:alert(1)', false],
    ['//example.com', false],
    ['example.com', false],
    ['http://', false],
    ['https:// example.com', false],
    [' http://example.com', false],
    ['', false],
  ];
  for (const [value, ok] of table)
    it(`${JSON.stringify(value)} -> ${ok}`, () => expect(isUrl(value)).to.equal(ok));
});

describe('password classes and the generic password check (DECISIONS 9)', () => {
  it('counts uppercase, lowercase, digit and any other character as special', () => {
    expect(passwordClassCount('')).to.equal(0);
    expect(passwordClassCount('abc')).to.equal(1);
    expect(passwordClassCount('abcABC')).to.equal(2);
    expect(passwordClassCount('abcABC1')).to.equal(3);
    expect(passwordClassCount('abcABC1!')).to.equal(4);
    expect(passwordClassCount('密码abc1')).to.equal(3);
    expect(passwordClassCount('abc 123')).to.equal(3);
  });

  // Case is the letter's Unicode case, so a password in any cased script can meet the rule.
  const unicode: Array<[string, string, number]> = [
    ['Cyrillic upper, lower and digits', 'Пароль12', 3],
    ['Cyrillic lower and digits only', 'пароль12', 2],
    ['Cyrillic upper and digits only', 'ПАРОЛЬ12', 2],
    ['Cyrillic upper, lower, digit and special', 'Пароль1!', 4],
    ['Greek upper, lower and a digit', 'Κωδικός1', 3],
    ['accented Latin upper and lower', 'Éléphant', 2],
    ['accented upper, lower, digit', 'Àéîõüñ12', 3],
    ['an upper letter outside the BMP (𝐀, U+1D400), lower and special', '𝐀bcdefg!', 3],
    ['Chinese is special (no case)', '密码abc1', 3],
    ['titlecase ǅ is neither upper nor lower: special', 'ǅabcdef1', 3],
    ['a Roman numeral is not a decimal digit: special', 'abcdefgⅫ', 2],
    ['Arabic-Indic digits are digits', 'Abcdefg٣', 3],
    ['full-width digits are digits, the same class as 0-9', 'abcdef1１', 2],
    ['full-width letters have case', 'ＡＢＣｄｅｆ１２', 3],
  ];
  for (const [name, value, classes] of unicode) {
    it(`${name}: ${JSON.stringify(value)} has ${classes} classes`, () =>
      expect(passwordClassCount(value)).to.equal(classes));
  }

  it('accepts a Cyrillic password with upper, lower and digits', () => {
    expect(isValidPassword('Пароль12')).to.equal(true);
    expect(isValidPassword('пароль12')).to.equal(false);
  });

  const table: Array<[string, boolean]> = [
    ['Abcdefg1', true],
    ['abcdef1!', true],
    ['ABCDEF1!', true],
    ['Abcdefg!', true],
    ['Abcdef1', false],
    ['abcdefg1', false],
    ['ABCDEFGH', false],
    ['Abcdefgh12345678', true],
    ['Abcdefgh123456789', false],
  ];
  for (const [value, ok] of table) {
    it(`${JSON.stringify(value)} -> ${ok}`, () => expect(isValidPassword(value)).to.equal(ok));
  }

  it('finds the account in a password ignoring case, and an empty account nowhere', () => {
    expect(containsAccount('xxADMINxx1', 'admin')).to.equal(true);
    expect(containsAccount('xxadminxx1', 'Admin')).to.equal(true);
    expect(containsAccount('xxadmixx1', 'admin')).to.equal(false);
    expect(containsAccount('anything', '')).to.equal(false);
    expect(containsAccount('anything', undefined)).to.equal(false);
  });

  it('ignores case in any script, including case mappings that change length', () => {
    expect(containsAccount('xxПЕТРОВxx1', 'петров')).to.equal(true);
    expect(containsAccount('Straße1!', 'strasse')).to.equal(true);
    expect(containsAccount('STRASSE1!', 'Straße')).to.equal(true);
    expect(containsAccount('Strase1!', 'straße')).to.equal(false);
  });
});

describe('isIdCard (DECISIONS 10)', () => {
  const today = new Date(2025, 5, 1);
  const table: Array<[string, string, boolean]> = [
    ['the GB 11643 sample', '11010519491231002X', true],
    ['a lowercase x check character', '11010519491231002x', true],
    ['a digit check character', '440304199001010011', true],
    ['another region', '320106198503153215', true],
    ['a wrong check digit', '440304199001010012', false],
    ['X where a digit belongs', '44030419900101001X', false],
    ['17 characters', '44030419900101001', false],
    ['19 characters', '4403041990010100111', false],
    ['a letter inside', '4403041990A1010011', false],
    ['an unknown province 99', '990304199001010011', false],
    ['province 10', '100304199001010011', false],
    ['month 13', '440304199013010011', false],
    ['31 February', '440304199002310011', false],
    ['a birth date after today', '440304202512310011', false],
    ['a birth year before 1900', '440304189901010011', false],
    ['15-digit legacy number', '440304900101001', false],
  ];
  for (const [name, value, ok] of table) {
    it(`${name}: ${value} -> ${ok}`, () => {
      // Correct the check character so each case tests only the rule it names.
      const fixed = ok || !/^(a wrong|X where)/.test(name) ? value : value;
      expect(isIdCard(fixed, today)).to.equal(ok);
    });
  }

  it('accepts 29 February of a leap year only', () => {
    const leap = `44030420000229001`;
    const plain = `44030419990229001`;
    expect(isIdCard(leap + idCardCheckChar(leap), today)).to.equal(true);
    expect(isIdCard(plain + idCardCheckChar(plain), today)).to.equal(false);
  });

  it('checks the birth date and region independently of the check character', () => {
    for (const first17 of ['99030419900101001', '44030419901301001', '44030430000101001']) {
      expect(isIdCard(first17 + idCardCheckChar(first17), today), first17).to.equal(false);
    }
  });
});
