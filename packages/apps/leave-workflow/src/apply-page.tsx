import type { HostProps } from '@ops/shared';
import { Button, Form, message, SelectField, TextareaField, TextField, useTexts } from '@ops/ui';
import { useLoad } from '@ops/ui/load';
import { useRef, useState } from 'react';
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
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const set = (field: keyof LeaveForm) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  const submit = async () => {
    if (load.state !== 'done' || sending.current || !isValidLeaveForm(form)) return;
    sending.current = true;
    setBusy(true);
    try {
      const started = await startLeave(
        http,
        startBody(form, load.data.definition.processDefinitionId),
        signal,
      );
      if (signal.aborted || !started) return;
      message.success(t('apply.submitted'));
      navigate(detailPath(started));
    } catch {
      // The console's client showed the server's message; the form keeps what was typed.
    } finally {
      sending.current = false;
      if (!signal.aborted) setBusy(false);
    }
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
          <Form label={t('apply.form')} onSubmit={submit} busy={busy} errorText={t} labelWidth={96}>
            <SelectField
              label={t('apply.leaveType')}
              required
              value={form.leaveType}
              onChange={set('leaveType')}
              validate={validateLeaveType}
              options={LEAVE_TYPES.map((type) => ({ value: type, label: t(`leaveType.${type}`) }))}
            />
            <TextField
              label={t('apply.startTime')}
              required
              value={form.startTime}
              onChange={set('startTime')}
              validate={validateTime}
              placeholder={TIME_FORMAT}
              hint={t('apply.timeHint')}
              maxLength={16}
            />
            <TextField
              label={t('apply.endTime')}
              required
              value={form.endTime}
              onChange={set('endTime')}
              validate={(value) => validateEndTime(value, form.startTime)}
              placeholder={TIME_FORMAT}
              maxLength={16}
            />
            <SelectField
              label={t('apply.approver')}
              required
              value={form.approverId}
              onChange={set('approverId')}
              validate={validateApprover}
              options={load.data.approvers.map((a) => ({
                value: a.id,
                label: `${a.realName}（${a.account}）`,
              }))}
            />
            <TextareaField
              label={t('apply.reason')}
              required
              value={form.reason}
              onChange={set('reason')}
              validate={validateReason}
              maxLength={REASON_MAX}
              rows={4}
            />
            <div className="ops-leave__actions">
              <Button type="submit" variant="primary" loading={busy}>
                {t('apply.submit')}
              </Button>
            </div>
          </Form>
        </>
      )}
    </PageFrame>
  );
}
