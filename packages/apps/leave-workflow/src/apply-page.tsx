import type { HostProps } from '@ops/shared';
import { Button, Form, message, SelectField, TextareaField, TextField, useSubmit, useTexts } from '@ops/ui';
import { useLoad } from '@ops/ui/load';
import { useState } from 'react';
import { fetchApprovers, fetchDefinition, startLeave } from './api';
import { Failed, Loading, PageFrame } from './common';
import {
  EMPTY_FORM,
  isValidLeaveForm,
  LEAVE_TYPES,
  type LeaveForm,
  REASON_MAX,
  startBody,
  TIME_FORMAT,
  validateApprover,
  validateEndTime,
  validateLeaveType,
  validateReason,
  validateTime,
} from './leave-form';
import { detailPath } from './pages';
import { NS } from './texts';

type Props = Pick<HostProps, 'http' | 'signal' | 'navigate'> & { processDefinitionId: string | null };

/** The apply form: a process definition (the route's, else the newest) and the tenant's approvers. */
export function ApplyPage({ http, signal, navigate, processDefinitionId }: Props) {
  const { t } = useTexts(NS);
  const { load, retry: reload } = useLoad(
    async (s) => {
      const [definition, approvers] = await Promise.all([
        fetchDefinition(http, processDefinitionId, s),
        fetchApprovers(http, s),
      ]);
      if (!definition) throw new Error('no process definition');
      return { definition, approvers };
    },
    processDefinitionId ?? '',
    signal,
  );
  const [form, setForm] = useState<LeaveForm>(EMPTY_FORM);
  // The console's client shows why a start failed; the form keeps what was typed.
  const save = useSubmit(
    (processDefinitionId: string) => startLeave(http, startBody(form, processDefinitionId), signal),
    {
      signal,
      onSuccess: (started) => {
        if (!started) return;
        message.success(t('apply.submitted'));
        navigate(detailPath(started));
      },
    },
  );
  /** A field's label (`apply.<label>`), value and setter: every field of the form is required. */
  const bind = (name: keyof LeaveForm, label: string = name) => ({
    label: t(`apply.${label}`),
    required: true,
    value: form[name],
    onChange: (value: string) => setForm((f) => ({ ...f, [name]: value })),
  });

  const submit = () => {
    if (load.state !== 'done' || !isValidLeaveForm(form)) return;
    void save.run(load.data.definition.processDefinitionId);
  };

  return (
    <PageFrame id="ops-leave-apply-title" title={t('apply.title')}>
      {load.state === 'loading' && <Loading />}
      {load.state === 'failed' && <Failed text={t('apply.failed')} onRetry={reload} />}
      {load.state === 'done' && (
        <>
          <p className="ops-leave__meta">
            {t('apply.definition', {
              name: load.data.definition.processDefinitionName,
              version: load.data.definition.version,
            })}
          </p>
          {load.data.approvers.length === 0 && <p role="alert">{t('apply.noApprovers')}</p>}
          <Form label={t('apply.form')} onSubmit={submit} busy={save.busy} errorText={t} labelWidth={96}>
            <SelectField
              {...bind('leaveType')}
              validate={validateLeaveType}
              options={LEAVE_TYPES.map((type) => ({ value: type, label: t(`leaveType.${type}`) }))}
            />
            <TextField
              {...bind('startTime')}
              validate={validateTime}
              placeholder={TIME_FORMAT}
              hint={t('apply.timeHint')}
              maxLength={16}
            />
            <TextField
              {...bind('endTime')}
              validate={(value) => validateEndTime(value, form.startTime)}
              placeholder={TIME_FORMAT}
              maxLength={16}
            />
            <SelectField
              {...bind('approverId', 'approver')}
              validate={validateApprover}
              options={load.data.approvers.map((a) => ({
                value: a.id,
                label: `${a.realName}（${a.account}）`,
              }))}
            />
            <TextareaField {...bind('reason')} validate={validateReason} maxLength={REASON_MAX} rows={4} />
            <div className="ops-leave__actions">
              <Button type="submit" variant="primary" loading={save.busy}>
                {t('apply.submit')}
              </Button>
            </div>
          </Form>
        </>
      )}
    </PageFrame>
  );
}
