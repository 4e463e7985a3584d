import { expect } from '@esm-bundle/chai';
import { flagOn, queryFlagOn } from './query-flags';

describe('route query flags (spec §2 iframeFlag, isIframeApp)', () => {
  it('is on for true and 1, as values or text in any case', () => {
    for (const on of [true, 1, 'true', 'TRUE', ' 1 ', 'True']) expect(flagOn(on), String(on)).to.equal(true);
    for (const off of [false, 0, 2, 'false', '0', '', 'yes', null, undefined, {}, []])
      expect(flagOn(off), JSON.stringify(off)).to.equal(false);
  });

  it('reads a query string with or without its question mark', () => {
    expect(queryFlagOn('?isIframeApp=true', 'isIframeApp')).to.equal(true);
    expect(queryFlagOn('a=1&iframeFlag=1', 'iframeFlag')).to.equal(true);
    expect(queryFlagOn('?isIframeApp=false', 'isIframeApp')).to.equal(false);
    expect(queryFlagOn('?isIframeApp', 'isIframeApp')).to.equal(false);
    expect(queryFlagOn('', 'isIframeApp')).to.equal(false);
  });
});
