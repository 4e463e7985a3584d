import { type SanitizerVariant, sanitizeInput } from '@ops/shared';
import { type ChangeEvent, type ReactNode, useState } from 'react';
import { useUiText } from '../i18n/use-ui-text';
import { useStylesheets } from '../theme/use-stylesheet';
import href from './form.css';
import type { ErrorText, Validate } from './form-context';
import { type FieldState, useField } from './use-field';

export interface FieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  validate?: Validate;
  errorText?: ErrorText;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  /** Shown and sent but not editable (a value the page decided, e.g. the tenant of the site's domain). */
  readOnly?: boolean;
  placeholder?: string;
  /** Help text under the field. */
  hint?: string;
  className?: string;
}

/**
 * Free text loses spec §5's disallowed characters as it is typed (DECISIONS 12): the default set unless a
 * looser variant is named; false keeps everything (a field whose value is code, not prose). Passwords are
 * never sanitised (DECISIONS 6).
 */
export type FieldSanitizer = SanitizerVariant | false;

export interface TextFieldProps extends FieldProps {
  /** Enforced limit; with `showCounter` a counter shows the count against it. */
  maxLength?: number;
  showCounter?: boolean;
  autoComplete?: string;
  sanitize?: FieldSanitizer;
}

export interface TextareaFieldProps extends FieldProps {
  /** Enforced limit with a character counter (index title 50, feedback 150). */
  maxLength?: number;
  rows?: number;
  sanitize?: FieldSanitizer;
}

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectFieldProps extends FieldProps {
  options: SelectOption[];
}

function describedBy(field: FieldState<HTMLElement>, hint: boolean, counter: boolean) {
  return (
    [hint && field.hintId, counter && field.counterId, field.error && field.errorId]
      .filter(Boolean)
      .join(' ') || undefined
  );
}

/**
 * What every control of a field carries: its id, name, value and state, its descriptions, and the check
 * after each change (`recheck`: once the field has been left or submitted; `checkNow`: at once).
 */
function controlProps<E extends HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
  field: FieldState<E>,
  props: FieldProps,
  counter: boolean,
  check: 'recheck' | 'checkNow',
  sanitize: FieldSanitizer = false,
) {
  return {
    ref: field.ref,
    id: field.inputId,
    name: props.name,
    value: props.value,
    disabled: props.disabled,
    readOnly: props.readOnly,
    required: props.required,
    'aria-invalid': field.error ? true : undefined,
    'aria-describedby': describedBy(field, Boolean(props.hint), counter),
    onChange: (event: ChangeEvent<E>) => {
      const value = sanitize ? sanitizeInput(event.target.value, sanitize) : event.target.value;
      props.onChange(value);
      field[check](value);
    },
    onBlur: field.onBlur,
  };
}

function Counter({ id, count, max }: { id: string; count: number; max: number }) {
  const t = useUiText();
  return (
    <span className="ops-field__counter">
      <span aria-hidden="true">
        {count}/{max}
      </span>
      <span id={id} className="ops-ui-visually-hidden">
        {t('counter', { n: count, max })}
      </span>
    </span>
  );
}

function FieldFrame({
  field,
  props: { label, required, hint, className },
  children,
  counter,
}: {
  field: FieldState<HTMLElement>;
  props: FieldProps;
  children: ReactNode;
  counter?: ReactNode;
}) {
  useStylesheets(href);
  return (
    <div
      className={['ops-ui', 'ops-field', field.error ? 'ops-field--invalid' : '', className]
        .filter(Boolean)
        .join(' ')}
    >
      <label className="ops-field__label" htmlFor={field.inputId}>
        {required && (
          <span className="ops-field__required" aria-hidden="true">
            *
          </span>
        )}
        {label}
      </label>
      <div className="ops-field__control">
        {children}
        {counter}
        {hint && (
          <div id={field.hintId} className="ops-field__hint">
            {hint}
          </div>
        )}
        <div id={field.errorId} className="ops-field__error">
          {field.error}
        </div>
      </div>
    </div>
  );
}

function InputField({ type, ...props }: TextFieldProps & { type: 'text' | 'password' }) {
  const field = useField<HTMLInputElement>(props.value, props.validate, props.errorText);
  const t = useUiText();
  const [visible, setVisible] = useState(false);
  const counter = Boolean(props.showCounter) && props.maxLength !== undefined;
  return (
    <FieldFrame field={field} props={props}>
      <div className="ops-input">
        <input
          {...controlProps(
            field,
            props,
            counter,
            'recheck',
            type === 'password' ? false : (props.sanitize ?? 'default'),
          )}
          className="ops-input__inner"
          type={type === 'password' && !visible ? 'password' : 'text'}
          placeholder={props.placeholder}
          maxLength={props.maxLength}
          autoComplete={props.autoComplete ?? (type === 'password' ? 'current-password' : undefined)}
        />
        {counter && <Counter id={field.counterId} count={props.value.length} max={props.maxLength!} />}
        {type === 'password' && (
          <button
            type="button"
            className="ops-input__toggle"
            aria-label={visible ? t('hidePassword') : t('showPassword')}
            aria-pressed={visible}
            disabled={props.disabled}
            onClick={() => setVisible((v) => !v)}
          >
            <EyeIcon crossed={visible} />
          </button>
        )}
      </div>
    </FieldFrame>
  );
}

/** The show / hide password glyph: an eye, struck through while the password is shown. */
function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
      {crossed && <path d="M4 4l16 16" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />}
    </svg>
  );
}

/** A text input with a label, inline error and optional counter. */
export function TextField(props: TextFieldProps) {
  return <InputField {...props} type="text" />;
}

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<TextFieldProps, 'showCounter' | 'sanitize'>) {
  return <InputField {...props} type="password" />;
}

/** A multi-line input with a character counter against `maxLength`. */
export function TextareaField(props: TextareaFieldProps) {
  const field = useField<HTMLTextAreaElement>(props.value, props.validate, props.errorText);
  const counter = props.maxLength !== undefined;
  return (
    <FieldFrame
      field={field}
      props={props}
      counter={counter && <Counter id={field.counterId} count={props.value.length} max={props.maxLength!} />}
    >
      <textarea
        {...controlProps(field, props, counter, 'recheck', props.sanitize ?? 'default')}
        className="ops-textarea"
        rows={props.rows ?? 3}
        placeholder={props.placeholder}
        maxLength={props.maxLength}
      />
    </FieldFrame>
  );
}

/** A native select (keyboard and screen-reader behaviour for free) styled like the inputs. */
export function SelectField(props: SelectFieldProps) {
  const t = useUiText();
  const field = useField<HTMLSelectElement>(props.value, props.validate, props.errorText);
  return (
    <FieldFrame field={field} props={props}>
      <div className="ops-select">
        <select
          {...controlProps(field, props, false, 'checkNow')}
          className="ops-select__inner"
          data-placeholder={props.value === '' ? '' : undefined}
        >
          {/* The placeholder stands for '' unless an option is '' itself (a filter's "all"). */}
          {!props.options.some((option) => option.value === '') && (
            <option value="" disabled>
              {props.placeholder ?? t('selectPlaceholder')}
            </option>
          )}
          {props.options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </FieldFrame>
  );
}
