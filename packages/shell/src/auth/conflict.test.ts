import { expect } from '@esm-bundle/chai';
import { manualClock } from '@ops/shared/test-support';
import { CONFLICT_SECONDS, conflictUuid, createConflictCountdown } from './conflict';

describe('login conflict countdown (spec §4, 30 s)', () => {
  it('confirm retries with the uuid and ends the countdown', () => {
    const clock = manualClock();
    const conflict = createConflictCountdown('u-1', clock);
    expect(conflict.state()).to.deep.equal({ phase: 'asking', left: CONFLICT_SECONDS, uuid: 'u-1' });
    clock.advance(10_000);
    expect(conflict.state().left).to.equal(20);
    expect(conflict.confirm()).to.equal(true);
    expect(conflict.state().phase).to.equal('confirmed');
    clock.advance(30_000);
    expect(conflict.state().phase, 'a later timeout is ignored').to.equal('confirmed');
  });

  it('cancel abandons the login', () => {
    const clock = manualClock();
    const conflict = createConflictCountdown('u-2', clock);
    conflict.cancel();
    expect(conflict.state().phase).to.equal('cancelled');
    expect(conflict.confirm(), 'a late confirm is ignored').to.equal(false);
  });

  it('the timeout abandons the login after 30 s', () => {
    const clock = manualClock();
    const conflict = createConflictCountdown('u-3', clock);
    const phases: string[] = [];
    conflict.subscribe((s) => phases.push(`${s.phase}:${s.left}`));
    clock.advance(29_999);
    expect(conflict.state().phase).to.equal('asking');
    clock.advance(1);
    expect(conflict.state().phase).to.equal('timed-out');
    expect(phases.at(-1)).to.equal('timed-out:0');
    expect(conflict.confirm()).to.equal(false);
  });

  it('reads the uuid of a conflict answer only', () => {
    expect(conflictUuid({ code: 1800100001, data: { uuid: 'abc' } })).to.equal('abc');
    expect(conflictUuid({ code: '1800100001', data: { uuid: 'abc' } })).to.equal('abc');
    expect(conflictUuid({ code: 400, data: { uuid: 'abc' } })).to.equal('');
    expect(conflictUuid(null)).to.equal('');
  });
});
