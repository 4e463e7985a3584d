/**
 * The rules of the leave request and of a decision, as the server applies them (docs/api.md section 15),
 * checked before anything is sent. A failure is a text key of the `leave-workflow` namespace.
 */

export const LEAVE_TYPES = ['annual', 'sick', 'personal', 'compensatory', 'marriage', 'parental'] as const;
export type LeaveType = (typeof LEAVE_TYPES)[number];

export const REASON_MAX = 200;
export const COMMENT_MAX = 200;
/** The format of the leave's start and end, to the minute. */
export const TIME_FORMAT = 'YYYY-MM-DD HH:mm';

export type Check = { ok: true } | { ok: false; error: string; params?: Record<string, unknown> };

const OK: Check = { ok: true };
const fail = (error: string, params?: Record<string, unknown>): Check =>
  params ? { ok: false, error, params } : { ok: false, error };

export interface LeaveForm {
  leaveType: string;
  startTime: string;
  endTime: string;
  approverId: string;
  reason: string;
}

export type LeaveField = keyof LeaveForm;

export const EMPTY_FORM: LeaveForm = {
  leaveType: '',
  startTime: '',
  endTime: '',
  approverId: '',
  reason: '',
};

/** Characters as a reader counts them (code points), as the server counts them. */
export const charCount = (value: string) => Array.from(value).length;

const MARKUP = /[<>`]/;
const MINUTE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;

/** A `YYYY-MM-DD HH:mm` naming a real moment (no 2026-02-30, no 24:00). */
export function isCalendarMinute(text: string): boolean {
  const match = MINUTE.exec(text);
  if (!match) return false;
  const [y, mo, d, h, mi] = match.slice(1).map(Number) as [number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi));
  return (
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    date.getUTCHours() === h &&
    date.getUTCMinutes() === mi
  );
}

export function validateLeaveType(value: string): Check {
  if (value === '') return fail('error.required');
  return (LEAVE_TYPES as readonly string[]).includes(value) ? OK : fail('error.leaveType');
}

export function validateTime(value: string): Check {
  const text = value.trim();
  if (text === '') return fail('error.required');
  if (!MINUTE.test(text)) return fail('error.timeFormat', { format: TIME_FORMAT });
  return isCalendarMinute(text) ? OK : fail('error.noSuchTime');
}

/** The end: a valid time after the start (compared only once the start itself is valid). */
export function validateEndTime(value: string, start: string): Check {
  const own = validateTime(value);
  if (!own.ok) return own;
  if (!validateTime(start).ok) return OK;
  return value.trim() > start.trim() ? OK : fail('error.endBeforeStart');
}

export function validateApprover(value: string): Check {
  return value === '' ? fail('error.required') : OK;
}

function validateText(value: string, max: number): Check {
  if (charCount(value) > max) return fail('error.tooLong', { max });
  return MARKUP.test(value) ? fail('error.markup') : OK;
}

export function validateReason(value: string): Check {
  if (value.trim() === '') return fail('error.required');
  return validateText(value, REASON_MAX);
}

/** A decision's comment: optional to approve, required to reject. */
export function validateComment(value: string, flag: 'ok' | 'reject'): Check {
  if (flag === 'reject' && value.trim() === '') return fail('error.commentRequired');
  return validateText(value, COMMENT_MAX);
}

/** Every field's result, in the form's order. */
export function validateLeaveForm(form: LeaveForm): Record<LeaveField, Check> {
  return {
    leaveType: validateLeaveType(form.leaveType),
    startTime: validateTime(form.startTime),
    endTime: validateEndTime(form.endTime, form.startTime),
    approverId: validateApprover(form.approverId),
    reason: validateReason(form.reason),
  };
}

export const isValidLeaveForm = (form: LeaveForm) =>
  Object.values(validateLeaveForm(form)).every((check) => check.ok);

/** The body of `start-process` for a valid form: times trimmed, the reason as typed. */
export function startBody(form: LeaveForm, processDefinitionId: string) {
  return {
    processDefinitionId,
    leaveType: form.leaveType,
    startTime: form.startTime.trim(),
    endTime: form.endTime.trim(),
    reason: form.reason,
    approverId: form.approverId,
  };
}
