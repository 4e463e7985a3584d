import { Button, Form } from '@ops/ui';
import type { ReactNode } from 'react';
import { FormAlert } from '../shared/forms/fields';
import { errorTextOf } from '../shared/forms/rules';
import { useShellText } from '../shared/i18n';
import { PROFILE_TEXTS } from './texts';

/** The forms' label column: English labels are longer. */
export function useLabelWidth(): number {
  return useShellText(PROFILE_TEXTS).lang === 'en' ? 140 : 96;
}

/** The end of a tab's form: the server's refusal, if any, and the save button. */
export function TabEnd({
  error,
  busy,
  disabled = busy,
  label,
}: {
  error: string;
  busy: boolean;
  disabled?: boolean;
  label: string;
}) {
  return (
    <>
      <FormAlert text={error} className="ops-profile__error" />
      <div className="ops-profile__actions">
        <Button type="submit" variant="primary" loading={busy} disabled={disabled}>
          {label}
        </Button>
      </div>
    </>
  );
}

/** A tab's form: the profile's labels and error texts, its fields, then the refusal and the save button. */
export function TabForm({
  label,
  onSubmit,
  error,
  busy,
  saveLabel,
  children,
}: {
  label: string;
  onSubmit: () => void;
  error: string;
  busy: boolean;
  saveLabel: string;
  children: ReactNode;
}) {
  const { t } = useShellText(PROFILE_TEXTS);
  return (
    <Form
      onSubmit={onSubmit}
      label={label}
      errorText={errorTextOf(t)}
      labelWidth={useLabelWidth()}
      busy={busy}
    >
      {children}
      <TabEnd error={error} busy={busy} label={saveLabel} />
    </Form>
  );
}
