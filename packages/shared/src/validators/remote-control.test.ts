import { expect } from '@esm-bundle/chai';
import { coefficientOf, controlParamLabel, validateControlNumber, valueToSend } from './remote-control';

describe('remote-control number (checked on blur)', () => {
  const table: Array<[string, unknown, object, string | null]> = [
    ['blank', '', {}, null],
    ['spaces only', '   ', {}, null],
    ['null', null, {}, null],
    ['an integer', '42', {}, null],
    ['a negative decimal', '-3.25', {}, null],
    ['a number value', 7, {}, null],
    ['surrounding spaces', ' 5 ', {}, null],
    ['letters', 'abc', {}, 'validation.notNumber'],
    ['a trailing letter', '12a', {}, 'validation.notNumber'],
    ['exponent notation', '1e5', {}, 'validation.notNumber'],
    ['a bare point', '1.', {}, 'validation.notNumber'],
    ['two points', '1.2.3', {}, 'validation.notNumber'],
    ['a plus sign', '+1', {}, 'validation.notNumber'],
    ['Infinity', 'Infinity', {}, 'validation.notNumber'],
    ['16 characters', '1234567890.12345', {}, null],
    ['17 characters', '1234567890.123456', {}, 'validation.numberTooLong'],
    ['16 digits with a minus (17 characters)', '-1234567890123456', {}, 'validation.numberTooLong'],
    ['equal to minValue', '10', { minValue: 10 }, null],
    ['below minValue', '9.99', { minValue: 10 }, 'validation.belowMin'],
    ['equal to maxValue', '100', { maxValue: 100 }, null],
    ['above maxValue', '100.01', { maxValue: 100 }, 'validation.aboveMax'],
    ['string bounds', '5', { minValue: '6', maxValue: '9' }, 'validation.belowMin'],
    ['negative bounds', '-5', { minValue: -10, maxValue: -1 }, null],
    ['null bounds', '5', { minValue: null, maxValue: null }, null],
    ['blank string bounds', '5', { minValue: '', maxValue: ' ' }, null],
    ['junk bounds are ignored', '5', { minValue: 'abc', maxValue: 'n/a' }, null],
    ['minValue 0 is a bound', '-1', { minValue: 0 }, 'validation.belowMin'],
    ['maxValue 0 is a bound', '1', { maxValue: '0' }, 'validation.aboveMax'],
    ['blank passes whatever the bounds', '', { minValue: 1, maxValue: 2 }, null],
  ];
  for (const [name, value, limits, error] of table) {
    it(`${name}: ${JSON.stringify(value)} ${JSON.stringify(limits)} -> ${error ?? 'ok'}`, () => {
      const result = validateControlNumber(value as string, limits);
      expect(result.ok ? null : result.error).to.equal(error);
    });
  }

  it('names the bound it broke', () => {
    expect(validateControlNumber('1', { minValue: '2' })).to.deep.equal({
      ok: false,
      error: 'validation.belowMin',
      params: { min: 2 },
    });
    expect(validateControlNumber('3', { maxValue: 2.5 })).to.deep.equal({
      ok: false,
      error: 'validation.aboveMax',
      params: { max: 2.5 },
    });
    expect(validateControlNumber('1'.repeat(17))).to.deep.equal({
      ok: false,
      error: 'validation.numberTooLong',
      params: { max: 16 },
    });
  });
});

describe('remote-control parameter names', () => {
  it('shows names of up to 6 characters whole', () => {
    expect(controlParamLabel('有功功率')).to.deep.equal({
      text: '有功功率',
      truncated: false,
      full: '有功功率',
    });
    expect(controlParamLabel('abcdef')).to.deep.equal({ text: 'abcdef', truncated: false, full: 'abcdef' });
  });

  it('cuts longer names to 6 characters and flags them for the tooltip', () => {
    expect(controlParamLabel('一号机组有功功率设定')).to.deep.equal({
      text: '一号机组有功…',
      truncated: true,
      full: '一号机组有功功率设定',
    });
  });
});

describe('useCoefficient (DECISIONS 13)', () => {
  const coefficients: Array<[unknown, number]> = [
    [undefined, 1],
    [null, 1],
    ['', 1],
    [0, 1],
    ['0', 1],
    ['abc', 1],
    [10, 10],
    ['10', 10],
    [0.1, 0.1],
    [-2, -2],
  ];
  for (const [input, coefficient] of coefficients) {
    it(`coefficient ${JSON.stringify(input)} -> ${coefficient}`, () =>
      expect(coefficientOf(input)).to.equal(coefficient));
  }

  const sends: Array<[string | number, unknown, number]> = [
    ['100', 10, 10],
    ['5', undefined, 5],
    ['5', 0, 5],
    ['1.1', 0.1, 11],
    ['0.3', 3, 0.1],
    [7, 2, 3.5],
    ['-6', '3', -2],
    ['1', 3, 0.333333333333333],
  ];
  for (const [typed, coefficient, sent] of sends) {
    it(`typed ${JSON.stringify(typed)} / ${JSON.stringify(coefficient)} sends ${sent}`, () => {
      expect(valueToSend(typed, coefficient)).to.equal(sent);
    });
  }
});
