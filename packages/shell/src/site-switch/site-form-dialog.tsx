import { TextField, useSubmit } from '@ops/ui';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { FormAlert } from '../shared/forms/fields';
import { FormDialog } from '../shared/forms/form-dialog';
import { errorTextOf } from '../shared/forms/rules';
import { useShellText } from '../shared/i18n';
import type { ShellServices } from '../shared/services';
import { submitSite } from './api';
import type { Site } from './rules';
import {
  checkSiteForm,
  checkSiteFormField,
  initialValues,
  SITE_FIELD_MAX,
  SITE_FORM_FIELDS,
  type SiteFormKey,
  type SiteFormMode,
  type SiteFormValues,
  submitBody,
  typed,
} from './site-form';
import { SITE_TEXTS } from './texts';

export interface SiteFormDialogProps {
  services: ShellServices;
  mode: SiteFormMode;
  /** Closed: with the saved site, or null when cancelled. */
  onDone: (saved: Site | null) => void;
}

/** A field's label as the form shows it, for the shared rules' messages. */
const labelKey = (field: SiteFormKey) => `${SITE_TEXTS}:${field}`;

/**
 * The site form (新增 / 编辑, spec §5): station id, name and contact required and at most 20 characters,
 * an optional contact number; nothing is sent while a field fails, and the server's refusal (a duplicate
 * station id, no permission, a site that is gone) shows in the form, which stays open.
 */
export function SiteFormDialog({ services, mode, onDone }: SiteFormDialogProps) {
  const { t, lang } = useShellText(SITE_TEXTS);
  const [values, setValues] = useState<SiteFormValues>(() => initialValues(mode));
  // Shared rules' messages from the shared texts (naming the field by this form's label), the rest ours.
  const errorText = errorTextOf(t);
  const saving = useSubmit(() => submitSite(services.http, submitBody(values, mode)), {
    fallback: t('saveFailed'),
    onSuccess: (saved) => {
      services.notify.success(t(mode.kind === 'add' ? 'added' : 'saved', { name: saved.deptName }));
      onDone(saved);
    },
  });

  const submit = () => {
    const check = checkSiteForm(values, labelKey);
    if (!check.ok) {
      if (!check.result.ok) services.notify.warning(errorText(check.result.error, check.result.params));
      return;
    }
    void saving.run();
  };

  return createPortal(
    <FormDialog
      title={t(mode.kind === 'add' ? 'addTitle' : 'editTitle')}
      width="480px"
      className="ops-site-form-dialog"
      onCancel={() => onDone(null)}
      cancelText={t('cancel')}
      submitText={t('save')}
      onSubmit={submit}
      busy={saving.busy}
      formLabel={t('formLabel')}
      errorText={errorText}
      labelWidth={lang === 'en' ? 110 : 84}
      formClassName="ops-site-form"
    >
      {SITE_FORM_FIELDS.map((field) => (
        <TextField
          key={field}
          label={t(field)}
          name={`ops-site-form-${field}`}
          value={values[field]}
          required={field !== 'contactNumber'}
          maxLength={SITE_FIELD_MAX}
          showCounter={field !== 'contactNumber'}
          autoComplete="off"
          onChange={(value) => setValues((v) => ({ ...v, [field]: typed(value) }))}
          validate={(value) => checkSiteFormField(field, value, labelKey)}
        />
      ))}
      <FormAlert text={saving.error} className="ops-site-form__refusal" />
    </FormDialog>,
    document.body,
  );
}
