import type { FormResult, ValidationResult } from '@ops/shared';
import { type Dispatch, type SetStateAction, useState } from 'react';
import { fieldOf } from './rules';

/** What a field row takes from its form: its value, its change and its part of the form's rule. */
export interface FieldBinding {
  value: string;
  onChange: (value: string) => void;
  validate: () => ValidationResult;
}

/**
 * A form's values under one whole-form rule (a shared validator that reads every field: a confirmation
 * against the new password, the account inside a password): each field is bound to its value and to its
 * own part of that rule.
 */
export function useFormValues<V extends { [K in keyof V]: string }>(
  initial: V | (() => V),
  check: (values: V) => FormResult<string>,
): {
  values: V;
  setValues: Dispatch<SetStateAction<V>>;
  bind: (field: keyof V & string) => FieldBinding;
} {
  const [values, setValues] = useState<V>(initial);
  const bind = (field: keyof V & string): FieldBinding => ({
    value: values[field],
    onChange: (value) => setValues((current) => ({ ...current, [field]: value })),
    validate: () => fieldOf(check(values), field),
  });
  return { values, setValues, bind };
}
