import { expect } from '@esm-bundle/chai';
import { envelopeData } from './envelope';

describe('envelopeData', () => {
  it('gives the data of the platform envelope, whatever it holds', () => {
    expect(envelopeData({ data: { code: 200, success: true, msg: '', data: [1, 2] } })).to.deep.equal([1, 2]);
    expect(envelopeData({ data: { code: 200, success: true, data: 0 } })).to.equal(0);
    expect(envelopeData({ data: { code: 200, success: true, data: null } })).to.equal(null);
  });

  it('gives undefined for an answer without an envelope', () => {
    for (const answer of [null, undefined, {}, { data: null }, { data: 'text' }, { data: { code: 200 } }])
      expect(envelopeData(answer), JSON.stringify(answer)).to.equal(undefined);
  });
});
