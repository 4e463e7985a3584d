import { fail, OK, type ValidationResult } from './result';
import { type EllipsisText, ellipsis } from './text';

/** A numeric control parameter is at most 16 characters long (spec §9). */
export const CONTROL_NUMBER_MAX = 16;
/** Parameter names longer than this are cut for display, with the full name as a tooltip. */
export const CONTROL_NAME_MAX = 6;

/** Digits with an optional leading minus and an optional fraction: what a device accepts as a number. */
const NUMERIC = /^-?\d+(?:\.\d+)?$/;

/** A bound from the device model: numbers or numeric strings; null, blank or junk means no bound. */
function bound(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

export interface ControlNumberLimits {
  minValue?: number | string | null;
  maxValue?: number | string | null;
}

/**
 * The on-blur check of a numeric parameter: blank passes (the field is optional); otherwise numeric, at
 * most 16 characters, not below minValue and not above maxValue. Surrounding spaces are ignored.
 */
export function validateControlNumber(
  value: string | number | null | undefined,
  limits: ControlNumberLimits = {},
): ValidationResult {
  const text = String(value ?? '').trim();
  if (text === '') return OK;
  if (!NUMERIC.test(text)) return fail('validation.notNumber');
  if (text.length > CONTROL_NUMBER_MAX) return fail('validation.numberTooLong', { max: CONTROL_NUMBER_MAX });
  const n = Number(text);
  const min = bound(limits.minValue);
  if (min !== null && n < min) return fail('validation.belowMin', { min });
  const max = bound(limits.maxValue);
  if (max !== null && n > max) return fail('validation.aboveMax', { max });
  return OK;
}

/** A parameter name for display: cut to 6 characters when longer, with the tooltip flag set. */
export const controlParamLabel = (name: string | null | undefined): EllipsisText =>
  ellipsis(name, CONTROL_NAME_MAX);

/** DECISIONS 13: `useCoefficient` is the divisor; missing, blank, 0 or not a number means 1. */
export function coefficientOf(useCoefficient: unknown): number {
  const n = bound(useCoefficient);
  return n === null || n === 0 ? 1 : n;
}

/**
 * The value sent for a typed number: typed / coefficient. Binary floating point would turn 1.1 / 0.1
 * into 11.000000000000002; rounding to 15 significant digits gives the decimal answer an operator expects.
 */
export function valueToSend(typed: string | number, useCoefficient: unknown): number {
  const n = typeof typed === 'number' ? typed : Number(String(typed).trim());
  return Number((n / coefficientOf(useCoefficient)).toPrecision(15));
}
