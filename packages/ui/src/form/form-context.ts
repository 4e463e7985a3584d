import { createContext } from 'react';

/** What a validator returns: the rules in @ops/shared return this shape (the error is a text key). */
export type ValidationResult = { ok: true } | { ok: false; error: string; params?: Record<string, unknown> };
export type Validate = (value: string) => ValidationResult;
/** Turns a validator's error key into text (an i18n `t`); without one the key itself shows. */
export type ErrorText = (key: string, params?: Record<string, unknown>) => string;

export interface FieldHandle {
  /** Validates now, shows the result and returns whether the field is valid. */
  check(): boolean;
  focus(): void;
}

export interface FormContextValue {
  register(handle: FieldHandle): () => void;
  errorText?: ErrorText;
}

export const FormContext = createContext<FormContextValue | null>(null);
