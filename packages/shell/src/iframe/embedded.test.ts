import { expect } from '@esm-bundle/chai';
import { embeddedApp, isFramed } from './embedded';

describe('isIframeApp (spec §2): the app alone inside another page’s frame', () => {
  it('leaves the chrome out only when framed and the flag is on', () => {
    expect(embeddedApp('?isIframeApp=true', true)).to.equal(true);
    expect(embeddedApp('?name=x&isIframeApp=1', true)).to.equal(true);
    // Opened at the top (the menu item carries the flag): the chrome stays.
    expect(embeddedApp('?isIframeApp=true', false)).to.equal(false);
    expect(embeddedApp('?isIframeApp=false', true)).to.equal(false);
    expect(embeddedApp('', true)).to.equal(false);
  });

  it('knows a frame: another top, or a top it may not read', () => {
    const self = {};
    expect(isFramed({ self, top: self })).to.equal(false);
    expect(isFramed({ self, top: {} })).to.equal(true);
    const hidden = {
      self,
      get top(): unknown {
        throw new Error('blocked');
      },
    };
    expect(isFramed(hidden)).to.equal(true);
    // This test page itself runs at the top.
    expect(isFramed()).to.equal(window.self !== window.top);
  });
});
