import type { MouseEvent, ReactNode, Ref } from 'react';
import { useStylesheets } from '../theme/use-stylesheet';
import href from './button.css';

export type ButtonVariant = 'default' | 'primary' | 'danger' | 'text';
export type ButtonSize = 'small' | 'default' | 'large';

export interface ButtonProps {
  children: ReactNode;
  /** default: outlined; primary: filled with the brand colour; danger: destructive; text: no frame. */
  variant?: ButtonVariant;
  /** small 30 px, default 32 px, large 40 px (the sign-in cards' buttons). */
  size?: ButtonSize;
  /** `submit` submits its form (or the form named by `form`); `button` by default. */
  type?: 'button' | 'submit';
  /** The id of the form a submit button outside it submits. */
  form?: string;
  /** Work under way: a spinner shows, the button is busy and clicks do nothing (it keeps its focus). */
  loading?: boolean;
  disabled?: boolean;
  /** Takes the full width of its container. */
  block?: boolean;
  className?: string;
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
  ref?: Ref<HTMLButtonElement>;
}

/** A native `<button>` in the console's look: its name is its text, in every language. */
export function Button({
  children,
  variant = 'default',
  size = 'default',
  type = 'button',
  form,
  loading = false,
  disabled = false,
  block = false,
  className,
  onClick,
  ref,
}: ButtonProps) {
  useStylesheets(href);
  const classes = [
    'ops-btn',
    `ops-btn--${variant}`,
    size !== 'default' && `ops-btn--${size}`,
    block && 'ops-btn--block',
    loading && 'ops-btn--loading',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      ref={ref}
      type={type}
      form={form}
      className={classes}
      disabled={disabled}
      aria-busy={loading || undefined}
      aria-disabled={loading && !disabled ? true : undefined}
      onClick={(event) => {
        // A busy button neither runs its action nor submits its form again.
        if (loading) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    >
      {loading && <span className="ops-btn__spinner" aria-hidden="true" />}
      <span className="ops-btn__label">{children}</span>
    </button>
  );
}
