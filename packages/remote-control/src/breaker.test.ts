import { expect } from '@esm-bundle/chai';
import {
  asksBeforeClosing,
  BREAKER_INITIAL,
  type BreakerEvent,
  type BreakerState,
  breakerReducer,
  canSend,
  canWithdraw,
  selectable,
} from './breaker';

const run = (events: BreakerEvent[], from: BreakerState = BREAKER_INITIAL) =>
  events.reduce(breakerReducer, from);
const select = (value: 0 | 1 | 2 | 3): BreakerEvent => ({ type: 'select', value });
const SEND: BreakerEvent = { type: 'send' };
const WITHDRAW: BreakerEvent = { type: 'withdraw' };
const OK: BreakerEvent = { type: 'succeeded' };
const FAIL: BreakerEvent = { type: 'failed' };

/** What a user sees: the selectable steps, send, withdraw, whether closing asks, and whether it closed. */
const view = (state: BreakerState) => ({
  selectable: selectable(state),
  send: canSend(state),
  withdraw: canWithdraw(state),
  asks: asksBeforeClosing(state),
  sent: state.sent,
  done: state.done,
});

describe('breaker dialog (spec §4, DECISIONS 14)', () => {
  const table: [string, BreakerEvent[], ReturnType<typeof view>][] = [
    [
      'initially only pre-split and pre-close are selectable; nothing to send',
      [],
      { selectable: [0, 2], send: false, withdraw: false, asks: false, sent: null, done: false },
    ],
    [
      'choosing a pre-step enables send',
      [select(0)],
      { selectable: [0, 2], send: true, withdraw: false, asks: false, sent: null, done: false },
    ],
    [
      'a confirm cannot be chosen first',
      [select(1)],
      { selectable: [0, 2], send: false, withdraw: false, asks: false, sent: null, done: false },
    ],
    [
      'while the pre-step is in flight nothing is selectable or sendable',
      [select(0), SEND],
      { selectable: [], send: false, withdraw: false, asks: false, sent: null, done: false },
    ],
    [
      'a successful pre-split records it, enables withdraw, and only split is selectable',
      [select(0), SEND, OK],
      { selectable: [1], send: false, withdraw: true, asks: true, sent: 0, done: false },
    ],
    [
      'a successful pre-close leaves only close',
      [select(2), SEND, OK],
      { selectable: [3], send: false, withdraw: true, asks: true, sent: 2, done: false },
    ],
    [
      'choosing the confirm enables send',
      [select(0), SEND, OK, select(1)],
      { selectable: [1], send: true, withdraw: true, asks: true, sent: 0, done: false },
    ],
    [
      'the other pre-step cannot be chosen while one is armed',
      [select(0), SEND, OK, select(2)],
      { selectable: [1], send: false, withdraw: true, asks: true, sent: 0, done: false },
    ],
    [
      'the mismatched confirm cannot be chosen',
      [select(0), SEND, OK, select(3)],
      { selectable: [1], send: false, withdraw: true, asks: true, sent: 0, done: false },
    ],
    [
      'a successful split closes and resets',
      [select(0), SEND, OK, select(1), SEND, OK],
      { selectable: [], send: false, withdraw: false, asks: false, sent: null, done: true },
    ],
    [
      'a successful close closes and resets',
      [select(2), SEND, OK, select(3), SEND, OK],
      { selectable: [], send: false, withdraw: false, asks: false, sent: null, done: true },
    ],
    [
      'a failed pre-step clears the sent breaker (it may be sent again)',
      [select(0), SEND, FAIL],
      { selectable: [0, 2], send: true, withdraw: false, asks: false, sent: null, done: false },
    ],
    [
      'a failed confirm keeps the sent breaker, allows the confirm again, and disables withdraw',
      [select(0), SEND, OK, select(1), SEND, FAIL],
      { selectable: [1], send: true, withdraw: false, asks: false, sent: 0, done: false },
    ],
    [
      'the confirm sent again after a failure closes',
      [select(0), SEND, OK, select(1), SEND, FAIL, SEND, OK],
      { selectable: [], send: false, withdraw: false, asks: false, sent: null, done: true },
    ],
    [
      'withdraw in flight disables everything',
      [select(0), SEND, OK, WITHDRAW],
      { selectable: [], send: false, withdraw: false, asks: false, sent: 0, done: false },
    ],
    [
      'a successful withdraw returns to the pre-steps',
      [select(0), SEND, OK, WITHDRAW, OK],
      { selectable: [0, 2], send: false, withdraw: false, asks: false, sent: null, done: false },
    ],
    [
      'after withdrawing, the other pre-step can be armed',
      [select(0), SEND, OK, WITHDRAW, OK, select(2), SEND, OK],
      { selectable: [3], send: false, withdraw: true, asks: true, sent: 2, done: false },
    ],
    [
      'a failed withdraw keeps the armed pre-step and withdraw',
      [select(2), SEND, OK, WITHDRAW, FAIL],
      { selectable: [3], send: false, withdraw: true, asks: true, sent: 2, done: false },
    ],
    [
      'withdraw is not possible before a pre-step',
      [select(0), WITHDRAW],
      { selectable: [0, 2], send: true, withdraw: false, asks: false, sent: null, done: false },
    ],
    [
      'a second send while one is in flight changes nothing',
      [select(0), SEND, SEND],
      { selectable: [], send: false, withdraw: false, asks: false, sent: null, done: false },
    ],
    [
      'an answer with nothing in flight changes nothing',
      [OK, FAIL],
      { selectable: [0, 2], send: false, withdraw: false, asks: false, sent: null, done: false },
    ],
    [
      'choosing while in flight changes nothing',
      [select(0), SEND, select(2)],
      { selectable: [], send: false, withdraw: false, asks: false, sent: null, done: false },
    ],
  ];

  for (const [name, events, expected] of table) {
    it(name, () => {
      expect(view(run(events))).to.deep.equal(expected);
    });
  }

  it('keeps the step that was sent selected, so the operator sees which confirm comes next (spec §4)', () => {
    const table: [BreakerEvent[], number | null, boolean][] = [
      [[select(0), SEND, OK], 0, false],
      [[select(2), SEND, OK], 2, false],
      // The sent step stays chosen but cannot be sent again; the confirm is the one other step.
      [[select(0), SEND, OK, select(0)], 0, false],
      [[select(0), SEND, OK, select(1)], 1, true],
      [[select(2), SEND, OK, select(3)], 3, true],
      // A failed pre-step or confirm keeps what was chosen: it may be sent again.
      [[select(0), SEND, FAIL], 0, true],
      [[select(2), SEND, OK, select(3), SEND, FAIL], 3, true],
      // A failed withdraw keeps the armed step shown; a successful one starts afresh.
      [[select(2), SEND, OK, WITHDRAW, FAIL], 2, false],
      [[select(2), SEND, OK, WITHDRAW, OK], null, false],
    ];
    for (const [events, selected, send] of table) {
      const state = run(events);
      expect([state.selected, canSend(state)], JSON.stringify(events)).to.deep.equal([selected, send]);
    }
  });

  it('sends the selected value: the pending value is what goes to the server', () => {
    expect(run([select(2), SEND]).pending).to.equal(2);
    expect(run([select(0), SEND, OK, select(1), SEND]).pending).to.equal(1);
    expect(run([select(0), SEND, OK, WITHDRAW]).pending).to.equal(4);
  });
});
