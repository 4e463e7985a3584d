import { expect } from '@esm-bundle/chai';
import { dragPosition, openAction, pressOutcome, ROBOT_LONG_PRESS_MS } from './rules';

describe('assistant robot rules (spec §9)', () => {
  it('a press held 1000 ms drags, a shorter one clicks', () => {
    const table: [number, string][] = [
      [0, 'click'],
      [999, 'click'],
      [ROBOT_LONG_PRESS_MS, 'drag'],
      [5000, 'drag'],
    ];
    for (const [ms, outcome] of table) expect(pressOutcome(ms), String(ms)).to.equal(outcome);
  });

  it('keeps the dragged robot whole inside the window', () => {
    const robot = { width: 60, height: 60 };
    const viewport = { width: 1366, height: 768 };
    const grab = { x: 30, y: 30 };
    const table: [[number, number], [number, number]][] = [
      [
        [500, 400],
        [470, 370],
      ],
      [
        [0, 0],
        [8, 8],
      ],
      [
        [2000, 2000],
        [1298, 700],
      ],
    ];
    for (const [[x, y], [ex, ey]] of table)
      expect(dragPosition({ x, y }, grab, robot, viewport), `${x},${y}`).to.deep.equal({ x: ex, y: ey });
  });

  it('mounts the parcel on the first request and publishes later ones', () => {
    expect(openAction(false, {})).to.equal('mount');
    expect(openAction(false, { question: '告警' })).to.equal('mount-then-publish');
    expect(openAction(true, {})).to.equal('publish');
    expect(openAction(true, { question: '告警' })).to.equal('publish');
  });
});
