import {
  type CSSProperties,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useMemo,
  useRef,
} from 'react';
import { useStylesheets } from '../theme/use-stylesheet';
import href from './form.css';
import { type ErrorText, type FieldHandle, FormContext } from './form-context';

export interface FormProps {
  /** Called only when every field inside is valid. */
  onSubmit: () => void;
  /** Accessible name of the form. */
  label?: string;
  /** The form's id: a submit button outside it (a dialog's footer) names it in its `form`. */
  id?: string;
  errorText?: ErrorText;
  /** Label column width in px (labels left of the fields); omit to stack labels above. */
  labelWidth?: number;
  /** A submit is under way: Enter and the submit buttons do nothing until it ends. */
  busy?: boolean;
  children: ReactNode;
  className?: string;
}

/**
 * The single-line inputs in which Enter submits the form (HTML's "fields that block implicit
 * submission"); Enter elsewhere (a textarea, a select, a button) keeps its own meaning.
 */
const SUBMIT_ON_ENTER = new Set([
  'text',
  'search',
  'url',
  'tel',
  'email',
  'password',
  'number',
  'date',
  'month',
  'week',
  'time',
  'datetime-local',
]);

/**
 * A form that validates every field on submit, shows each error inline and focuses the first invalid one.
 * Enter in a text or password field submits it, as in any native form, and does so itself: once, not while
 * `busy`, not for an input method's Enter, and also in a form with several fields and no submit button
 * (where the browser's own implicit submission would not happen).
 */
export function Form({
  onSubmit,
  label,
  id,
  errorText,
  labelWidth,
  busy = false,
  children,
  className,
}: FormProps) {
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
    if (busy) return;
    // Every field shows its error, not only the first.
    const invalid = [...fields.current].filter((field) => !field.check());
    if (invalid.length > 0) {
      invalid[0].focus();
      return;
    }
    onSubmit();
  };
  const submitOnEnter = (event: KeyboardEvent<HTMLFormElement>) => {
    const input = event.target;
    if (event.key !== 'Enter' || event.defaultPrevented) return;
    // Enter that confirms an input method's candidate (Chinese, Japanese) only ends the composition.
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    if (!(input instanceof HTMLInputElement) || input.form !== event.currentTarget) return;
    if (!SUBMIT_ON_ENTER.has(input.type)) return;
    // The form submits once, here: the browser's implicit submission (which happens with a native submit
    // button or a single field) would be a second one.
    event.preventDefault();
    if (event.repeat || busy) return;
    event.currentTarget.requestSubmit();
  };
  return (
    <FormContext.Provider value={context}>
      <form
        id={id}
        className={['ops-ui', 'ops-form', labelWidth ? 'ops-form--inline-labels' : '', className]
          .filter(Boolean)
          .join(' ')}
        style={labelWidth ? ({ '--ops-form-label-width': `${labelWidth}px` } as CSSProperties) : undefined}
        aria-label={label}
        noValidate
        onSubmit={submit}
        onKeyDown={submitOnEnter}
      >
        {children}
      </form>
    </FormContext.Provider>
  );
}
