import { expect } from '@esm-bundle/chai';
import { markOf } from './mark';

describe('markOf', () => {
  it('is the first character of the name, surrogate pairs whole, blanks ignored', () => {
    expect(markOf('运行监视')).to.equal('运');
    expect(markOf('  Station overview')).to.equal('S');
    expect(markOf('𠮷野家')).to.equal('𠮷');
  });

  it('falls back for a blank name', () => {
    expect(markOf('   ', '·')).to.equal('·');
    expect(markOf('')).to.equal('');
  });
});
