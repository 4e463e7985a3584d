import { PasswordField, TextField, type Validate } from '@ops/ui';
import type { ShellT } from '../i18n';
import { requiredField, requiredPassword } from './rules';

/** What the sign-in and register forms' field rows take. */
interface RowProps {
  /** The form's texts: the row's label is `t(key)` of its own key. */
  t: ShellT;
  value: string;
  onChange: (value: string) => void;
  /** The row's rule; "required" by default. */
  validate?: Validate;
  /** On the sign-in card the label also shows as the placeholder (the card hides its labels). */
  card?: boolean;
  name?: string;
}

const placeholderOf = (card: boolean | undefined, text: string) => (card ? text : undefined);

/** The tenant id of every sign-in and register form; `optional` where a mode only offers it. */
export function TenantField({
  t,
  card,
  optional = false,
  validate,
  ...field
}: RowProps & { optional?: boolean; readOnly?: boolean; hint?: string }) {
  return (
    <TextField
      label={t('tenantId')}
      placeholder={placeholderOf(card, t('tenantId'))}
      validate={optional ? undefined : (validate ?? requiredField('tenantId'))}
      required={!optional}
      {...field}
    />
  );
}

/** The account of the password sign-in and of the register form. */
export function AccountField({ t, card, validate = requiredField('account'), ...field }: RowProps) {
  return (
    <TextField
      label={t('account')}
      placeholder={placeholderOf(card, t('account'))}
      validate={validate}
      autoComplete="username"
      required
      {...field}
    />
  );
}

/**
 * A password row (required): `text` is its label's key (password, password2, oldPassword...); `fresh`
 * marks a password being chosen, which the browser may offer to generate and must not fill in.
 */
export function PasswordInput({
  t,
  text = 'password',
  fresh = false,
  card,
  validate = requiredPassword(text),
  ...field
}: RowProps & { text?: string; fresh?: boolean }) {
  return (
    <PasswordField
      label={t(text)}
      placeholder={placeholderOf(card, t(text))}
      validate={validate}
      autoComplete={fresh ? 'new-password' : undefined}
      required
      {...field}
    />
  );
}

/** Why the last submit failed, when the form is the one to say it (an alert, so it is read out). */
export function FormAlert({ text, className }: { text: string; className: string }) {
  return text ? (
    <p className={className} role="alert">
      {text}
    </p>
  ) : null;
}
