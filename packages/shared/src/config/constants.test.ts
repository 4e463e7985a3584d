import { expect } from '@esm-bundle/chai';
import {
  AUTO_HEIGHT_RESERVE_PX,
  autoHeight,
  avatarOf,
  DEFAULT_AVATAR,
  LOGIN_THEME,
  REF_TERMINAL,
  TYPING_MS_PER_CHAR,
} from './constants';

describe('the constants of spec §9', () => {
  it('has the values the spec gives', () => {
    expect({
      DEFAULT_AVATAR,
      LOGIN_THEME,
      AUTO_HEIGHT_RESERVE_PX,
      TYPING_MS_PER_CHAR,
      REF_TERMINAL,
    }).to.deep.equal({
      DEFAULT_AVATAR: '/img/bg/img-logo.png',
      LOGIN_THEME: 'one',
      AUTO_HEIGHT_RESERVE_PX: 180,
      TYPING_MS_PER_CHAR: 100,
      REF_TERMINAL: '2',
    });
  });

  it('an auto-height view leaves 180 px of the window, never less than nothing', () => {
    expect(autoHeight(900)).to.equal(720);
    expect(autoHeight(100)).to.equal(0);
  });

  it('a user without an avatar shows the default one', () => {
    expect(avatarOf('')).to.equal('/img/bg/img-logo.png');
    expect(avatarOf(undefined)).to.equal('/img/bg/img-logo.png');
    expect(avatarOf(' /files/me.png ')).to.equal('/files/me.png');
  });
});
