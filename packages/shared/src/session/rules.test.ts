import { expect } from '@esm-bundle/chai';
import { manualClock } from '../../test-support/clock';
import { sha256Hex } from './sha256';
import { sha256HexSync } from './sha256-pure';
import { isTokenDue, startTokenAgeCheck } from './token-age';

describe('token age', () => {
  const cases: [
    string,
    { token: string; refreshToken: string; tokenTime: number },
    number,
    boolean,
    boolean,
  ][] = [
    ['young token', { token: 'a', refreshToken: 'r', tokenTime: 0 }, 2_999_999, false, false],
    ['exactly the token time', { token: 'a', refreshToken: 'r', tokenTime: 0 }, 3_000_000, false, true],
    ['older', { token: 'a', refreshToken: 'r', tokenTime: 1_000 }, 4_000_000, false, true],
    ['due but a refresh is running', { token: 'a', refreshToken: 'r', tokenTime: 0 }, 9e9, true, false],
    ['no token', { token: '', refreshToken: 'r', tokenTime: 0 }, 9e9, false, false],
    ['no refresh token', { token: 'a', refreshToken: '', tokenTime: 0 }, 9e9, false, false],
  ];
  for (const [name, state, now, refreshing, due] of cases) {
    it(`${name}: ${due ? 'due' : 'not due'}`, () => {
      expect(isTokenDue(state, now, 3000, refreshing)).to.equal(due);
    });
  }

  it('checks every 10 s and starts one refresh when due and none is running', async () => {
    const clock = manualClock(0);
    const state = { token: 'a', refreshToken: 'r', tokenTime: 0 };
    let refreshing = false;
    const calls: number[] = [];
    const stop = startTokenAgeCheck({
      session: { get: () => state },
      clock,
      tokenTimeSec: 3000,
      isRefreshing: () => refreshing,
      refresh: async () => {
        calls.push(clock.now());
        refreshing = true;
      },
    });
    clock.advance(2_990_000);
    expect(calls).to.deep.equal([]);
    clock.advance(10_000);
    expect(calls).to.deep.equal([3_000_000]);
    clock.advance(60_000);
    expect(calls).to.have.length(1);
    refreshing = false;
    state.tokenTime = 3_050_000;
    clock.advance(10_000);
    expect(calls).to.have.length(1);
    stop();
    clock.advance(10_000_000);
    expect(calls).to.have.length(1);
    expect(clock.pending()).to.equal(0);
  });

  it('keeps checking after a failed refresh', () => {
    const clock = manualClock(0);
    let calls = 0;
    startTokenAgeCheck({
      session: { get: () => ({ token: 'a', refreshToken: 'r', tokenTime: 0 }) },
      clock,
      tokenTimeSec: 1,
      isRefreshing: () => false,
      refresh: () => {
        calls++;
        return Promise.reject(new Error('offline'));
      },
    });
    clock.advance(30_000);
    expect(calls).to.equal(3);
  });
});

describe('sha-256', () => {
  it('matches the reference vectors and the browser digest', async () => {
    const enc = (s: string) => new TextEncoder().encode(s);
    expect(sha256HexSync(enc(''))).to.equal(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    expect(sha256HexSync(enc('abc'))).to.equal(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    for (const text of ['a'.repeat(55), 'b'.repeat(56), 'c'.repeat(64), '锁屏密码 ✓'.repeat(30)]) {
      expect(sha256HexSync(enc(text))).to.equal(await sha256Hex(text));
    }
  });
});
