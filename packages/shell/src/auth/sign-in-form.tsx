import { Form } from '@ops/ui';
import type { ReactNode } from 'react';
import { errorTextOf } from '../shared/forms/rules';
import { CardButton } from '../shared/public-frame';
import type { AuthT } from './texts';

/** A sign-in mode's form on the card: its fields, then the sign-in button, both held while one runs. */
export function SignInForm({
  label,
  onSubmit,
  t,
  busy,
  children,
}: {
  label: string;
  onSubmit: () => void;
  t: AuthT;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <Form
      onSubmit={onSubmit}
      label={label}
      errorText={errorTextOf(t)}
      busy={busy}
      className="ops-login__form"
    >
      {children}
      <CardButton type="submit" loading={busy} disabled={busy}>
        {t('login')}
      </CardButton>
    </Form>
  );
}
