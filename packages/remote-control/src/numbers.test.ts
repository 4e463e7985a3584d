import { expect } from '@esm-bundle/chai';
import { initialValues, paramFields, paramsToSend } from './numbers';

const PARAMS = [
  { paramsCode: 'P', paramsName: '有功功率设定值', paramsValue: '', useCoefficient: 1 },
  { paramsCode: 'Q', paramsName: '无功功率', paramsValue: '12', useCoefficient: 10 },
  { paramsCode: 'F', paramsName: '频率偏差', useCoefficient: 0.1 },
  { paramsCode: 'Z', paramsName: '零系数', useCoefficient: 0 },
];
const LIMITS = { minValue: 0, maxValue: 100 };

describe('numeric parameter form (spec §5, DECISIONS 13)', () => {
  it('cuts names longer than 6 characters, with the whole name as tooltip', () => {
    expect(paramFields(PARAMS).map((f) => [f.label, f.tooltip])).to.deep.equal([
      ['有功功率设定…', '有功功率设定值'],
      ['无功功率', null],
      ['频率偏差', null],
      ['零系数', null],
    ]);
  });

  it('starts from the items’ current values', () => {
    expect(initialValues(PARAMS)).to.deep.equal({ P: '', Q: '12', F: '', Z: '' });
  });

  const table: [string, Record<string, string>, ReturnType<typeof paramsToSend>][] = [
    ['every field blank sends nothing', { P: '', Q: ' ' }, { ok: false, reason: 'empty' }],
    ['blank fields are left out', { P: '50', Q: '' }, { ok: true, params: { P: 50 } }],
    ['the value is divided by its coefficient', { Q: '50' }, { ok: true, params: { Q: 5 } }],
    ['a coefficient below 1 multiplies', { F: '1.1' }, { ok: true, params: { F: 11 } }],
    ['a coefficient of 0 means 1', { Z: '7' }, { ok: true, params: { Z: 7 } }],
    ['surrounding spaces are ignored', { P: ' 42 ' }, { ok: true, params: { P: 42 } }],
    ['negative below min is refused', { P: '-1' }, { ok: false, reason: 'invalid', code: 'P' }],
    ['above max is refused', { Q: '100.5' }, { ok: false, reason: 'invalid', code: 'Q' }],
    ['min and max themselves pass', { P: '0', Q: '100' }, { ok: true, params: { P: 0, Q: 10 } }],
    ['text is refused', { P: '12a' }, { ok: false, reason: 'invalid', code: 'P' }],
    [
      'more than 16 characters is refused',
      { P: '1.00000000000000001' },
      { ok: false, reason: 'invalid', code: 'P' },
    ],
    [
      'the first invalid field is named',
      { P: '1', Q: 'x', F: 'y' },
      { ok: false, reason: 'invalid', code: 'Q' },
    ],
  ];
  for (const [name, values, expected] of table) {
    it(name, () => {
      expect(paramsToSend(PARAMS, values, LIMITS)).to.deep.equal(expected);
    });
  }

  it('without limits any number passes', () => {
    expect(paramsToSend(PARAMS, { P: '-5000' }, {})).to.deep.equal({ ok: true, params: { P: -5000 } });
  });
});
