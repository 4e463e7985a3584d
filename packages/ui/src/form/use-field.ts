import { type RefObject, useContext, useEffect, useId, useRef, useState } from 'react';
import { type ErrorText, FormContext, type Validate } from './form-context';

export interface FieldState<E extends HTMLElement> {
  ref: RefObject<E | null>;
  inputId: string;
  errorId: string;
  hintId: string;
  counterId: string;
  error: string | null;
  onBlur(): void;
  /** Shows the result for this value now (a select's choice is final, no need to wait for blur). */
  checkNow(value: string): void;
  /** Call from onChange with the new value: once the field has shown a result, it re-checks as you type. */
  recheck(value: string): void;
}

/** Validation wiring shared by every field: on blur, on submit (through the Form), and again while fixing. */
export function useField<E extends HTMLElement>(
  value: string,
  validate: Validate | undefined,
  errorText: ErrorText | undefined,
): FieldState<E> {
  const form = useContext(FormContext);
  const id = useId();
  const ref = useRef<E>(null);
  const [error, setError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const toText = errorText ?? form?.errorText ?? ((key: string) => key);

  const run = (current: string) => {
    const result = validate ? validate(current) : { ok: true as const };
    setError(result.ok ? null : toText(result.error, result.params));
    return result.ok;
  };
  const latest = useRef({ run, value });
  latest.current = { run, value };

  useEffect(
    () =>
      form?.register({
        check: () => {
          setTouched(true);
          return latest.current.run(latest.current.value);
        },
        focus: () => ref.current?.focus(),
      }),
    [form],
  );

  return {
    ref,
    inputId: `${id}-input`,
    errorId: `${id}-error`,
    hintId: `${id}-hint`,
    counterId: `${id}-counter`,
    error,
    onBlur() {
      setTouched(true);
      run(value);
    },
    checkNow(next) {
      setTouched(true);
      run(next);
    },
    recheck(next) {
      if (touched) run(next);
    },
  };
}
