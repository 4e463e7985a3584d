import { expect } from '@esm-bundle/chai';
import { manualClock } from '@ops/shared/test-support';
import { CAPTCHA_RESEND_SECONDS, createCaptchaCountdown } from './countdown';

describe('captcha send countdown (spec §4, 60 s)', () => {
  it('counts down every second and blocks until the end', () => {
    const clock = manualClock(1000);
    const countdown = createCaptchaCountdown(clock);
    const seen: number[] = [];
    countdown.subscribe((s) => seen.push(s.left));
    expect(countdown.state()).to.deep.equal({ left: 0, blocked: false });
    expect(countdown.start()).to.equal(true);
    expect(countdown.state()).to.deep.equal({ left: CAPTCHA_RESEND_SECONDS, blocked: true });
    clock.advance(1000);
    expect(countdown.state().left).to.equal(59);
    clock.advance(58_000);
    expect(countdown.state()).to.deep.equal({ left: 1, blocked: true });
    expect(countdown.start(), 'blocked until the end').to.equal(false);
    clock.advance(999);
    expect(countdown.state().blocked).to.equal(true);
    clock.advance(1);
    expect(countdown.state()).to.deep.equal({ left: 0, blocked: false });
    expect(seen[0]).to.equal(60);
    expect(seen.at(-1)).to.equal(0);
    expect(seen).to.have.length(61);
    expect(countdown.start(), 'may send again').to.equal(true);
    countdown.dispose();
  });
});
