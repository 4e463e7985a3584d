import { type CSSProperties, type FormEvent, type ReactNode, useMemo, useRef } from 'react';
import { useStylesheets } from '../theme/use-stylesheet';
import href from './form.css';
import { type ErrorText, type FieldHandle, FormContext } from './form-context';

export interface FormProps {
  /** Called only when every field inside is valid. */
  onSubmit: () => void;
  /** Accessible name of the form. */
  label?: string;
  errorText?: ErrorText;
  /** Label column width in px (labels left of the fields); omit to stack labels above. */
  labelWidth?: number;
  children: ReactNode;
  className?: string;
}

/** A form that validates every field on submit, shows each error inline and focuses the first invalid one. */
export function Form({ onSubmit, label, errorText, labelWidth, children, className }: FormProps) {
  useStylesheets(href);
  const fields = useRef(new Set<FieldHandle>());
  const context = useMemo(
    () => ({
      register(handle: FieldHandle) {
        fields.current.add(handle);
        return () => fields.current.delete(handle);
      },
      errorText,
    }),
    [errorText],
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Every field shows its error, not only the first.
    const invalid = [...fields.current].filter((field) => !field.check());
    if (invalid.length > 0) {
      invalid[0].focus();
      return;
    }
    onSubmit();
  };
  return (
    <FormContext.Provider value={context}>
      <form
        className={['ops-ui', 'ops-form', labelWidth ? 'ops-form--inline-labels' : '', className]
          .filter(Boolean)
          .join(' ')}
        style={labelWidth ? ({ '--ops-form-label-width': `${labelWidth}px` } as CSSProperties) : undefined}
        aria-label={label}
        noValidate
        onSubmit={submit}
      >
        {children}
      </form>
    </FormContext.Provider>
  );
}
