import type { RemoteControlParam } from '@ops/shared';
import {
  type ControlNumberLimits,
  controlParamLabel,
  validateControlNumber,
  valueToSend,
} from '@ops/shared/rules';

/**
 * The numeric parameter form (type 3) as data, on the shared rules of spec §5 (`@ops/shared/rules`):
 * each field is checked on blur (numeric, at most 16 characters, within minValue and maxValue; blank
 * passes); a name longer than 6 characters shows cut, with the whole name as its tooltip; the value sent
 * is the typed value divided by the coefficient (DECISIONS 13). Blank fields are not sent; a form with
 * every field blank sends nothing.
 */

export type ParamValues = Readonly<Record<string, string>>;

export interface ParamField {
  code: string;
  /** The name as shown: cut to 6 characters plus an ellipsis when longer. */
  label: string;
  /** The whole name, for the tooltip, when the label is cut. */
  tooltip: string | null;
  name: string;
}

export function paramFields(params: readonly RemoteControlParam[]): ParamField[] {
  return params.map((p) => {
    const label = controlParamLabel(p.paramsName);
    return {
      code: p.paramsCode,
      name: p.paramsName,
      label: label.text,
      tooltip: label.truncated ? label.full : null,
    };
  });
}

/** The form's first values: each parameter's current value, if the item has one. */
export function initialValues(params: readonly RemoteControlParam[]): Record<string, string> {
  return Object.fromEntries(params.map((p) => [p.paramsCode, p.paramsValue ?? '']));
}

export type ParamsOutcome =
  | { ok: true; params: Record<string, number> }
  | { ok: false; reason: 'invalid'; code: string }
  | { ok: false; reason: 'empty' };

/** What a send of the form carries: every filled field valid, at least one filled, divided by its coefficient. */
export function paramsToSend(
  params: readonly RemoteControlParam[],
  values: ParamValues,
  limits: ControlNumberLimits,
): ParamsOutcome {
  const out: Record<string, number> = {};
  for (const p of params) {
    const text = (values[p.paramsCode] ?? '').trim();
    if (!validateControlNumber(text, limits).ok) return { ok: false, reason: 'invalid', code: p.paramsCode };
    if (text === '') continue;
    out[p.paramsCode] = valueToSend(text, p.useCoefficient);
  }
  return Object.keys(out).length === 0 ? { ok: false, reason: 'empty' } : { ok: true, params: out };
}
