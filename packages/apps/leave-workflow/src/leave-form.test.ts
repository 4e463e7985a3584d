import { expect } from '@esm-bundle/chai';
import {
  EMPTY_FORM,
  isCalendarMinute,
  isValidLeaveForm,
  type LeaveForm,
  startBody,
  validateComment,
  validateEndTime,
  validateLeaveForm,
  validateLeaveType,
  validateReason,
  validateTime,
} from './leave-form';

const VALID: LeaveForm = {
  leaveType: 'annual',
  startTime: '2026-08-03 09:00',
  endTime: '2026-08-05 18:00',
  approverId: '2',
  reason: '回老家参加婚礼',
};

const errorOf = (check: { ok: boolean; error?: string }) => (check.ok ? null : check.error);

describe('leave form rules', () => {
  it('accepts a complete form and builds the start-process body from it', () => {
    expect(isValidLeaveForm(VALID)).to.equal(true);
    expect(startBody({ ...VALID, startTime: ' 2026-08-03 09:00 ' }, 'leave_process:1:10001')).to.deep.equal({
      processDefinitionId: 'leave_process:1:10001',
      leaveType: 'annual',
      startTime: '2026-08-03 09:00',
      endTime: '2026-08-05 18:00',
      reason: '回老家参加婚礼',
      approverId: '2',
    });
  });

  it('asks for every field of an empty form', () => {
    const checks = validateLeaveForm(EMPTY_FORM);
    expect(
      Object.fromEntries(Object.entries(checks).map(([field, check]) => [field, errorOf(check)])),
    ).to.deep.equal({
      leaveType: 'error.required',
      startTime: 'error.required',
      endTime: 'error.required',
      approverId: 'error.required',
      reason: 'error.required',
    });
    expect(isValidLeaveForm(EMPTY_FORM)).to.equal(false);
  });

  it('takes a leave type only from the fixed set', () => {
    expect(validateLeaveType('sick').ok).to.equal(true);
    expect(errorOf(validateLeaveType('holiday'))).to.equal('error.leaveType');
  });

  it('takes times as YYYY-MM-DD HH:mm naming a real moment', () => {
    expect(validateTime('2026-02-28 23:59').ok).to.equal(true);
    expect(validateTime('2028-02-29 00:00').ok).to.equal(true);
    expect(errorOf(validateTime('2026/02/28 09:00'))).to.equal('error.timeFormat');
    expect(validateTime('2026-2-8 9:00')).to.deep.equal({
      ok: false,
      error: 'error.timeFormat',
      params: { format: 'YYYY-MM-DD HH:mm' },
    });
    expect(errorOf(validateTime('2026-02-29 09:00'))).to.equal('error.noSuchTime');
    expect(errorOf(validateTime('2026-04-31 09:00'))).to.equal('error.noSuchTime');
    expect(errorOf(validateTime('2026-05-01 24:00'))).to.equal('error.noSuchTime');
    expect(errorOf(validateTime('   '))).to.equal('error.required');
    expect(isCalendarMinute('2026-13-01 09:00')).to.equal(false);
  });

  it('wants the end after the start, compared only once the start is valid', () => {
    expect(validateEndTime('2026-08-03 09:01', '2026-08-03 09:00').ok).to.equal(true);
    expect(errorOf(validateEndTime('2026-08-03 09:00', '2026-08-03 09:00'))).to.equal('error.endBeforeStart');
    expect(errorOf(validateEndTime('2026-08-02 18:00', '2026-08-03 09:00'))).to.equal('error.endBeforeStart');
    expect(validateEndTime('2026-08-02 18:00', 'not yet typed').ok).to.equal(true);
    expect(errorOf(validateEndTime('', '2026-08-03 09:00'))).to.equal('error.required');
  });

  it('limits the reason to 200 characters counted as a reader counts them, without markup', () => {
    expect(validateReason('假'.repeat(200)).ok).to.equal(true);
    expect(validateReason('😀'.repeat(200)).ok).to.equal(true);
    expect(validateReason('x'.repeat(201))).to.deep.equal({
      ok: false,
      error: 'error.tooLong',
      params: { max: 200 },
    });
    expect(errorOf(validateReason('  \n '))).to.equal('error.required');
    expect(errorOf(validateReason('see <b>this</b>'))).to.equal('error.markup');
    expect(errorOf(validateReason('a `code` b'))).to.equal('error.markup');
  });

  it('makes the comment optional to approve and required to reject', () => {
    expect(validateComment('', 'ok').ok).to.equal(true);
    expect(validateComment('同意', 'ok').ok).to.equal(true);
    expect(errorOf(validateComment('  ', 'reject'))).to.equal('error.commentRequired');
    expect(validateComment('请补充病历', 'reject').ok).to.equal(true);
    expect(errorOf(validateComment('x'.repeat(201), 'ok'))).to.equal('error.tooLong');
    expect(errorOf(validateComment('<i>', 'ok'))).to.equal('error.markup');
  });
});
