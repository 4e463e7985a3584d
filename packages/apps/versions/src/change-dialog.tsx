import { type Http, isHttpError } from '@ops/shared';
import {
  Button,
  confirm,
  Dialog,
  Form,
  message,
  SelectField,
  TextareaField,
  TextField,
  useSubmit,
  useTexts,
} from '@ops/ui';
import { useEffect, useId, useState } from 'react';
import { pin, rollback, STALE, unpin } from './api';
import {
  checkIntegrity,
  checkReason,
  checkSpecifier,
  checkUrl,
  formatAt,
  type PinForm,
  REASON_MAX,
  type ScopeDetail,
  shortVersion,
} from './rules';
import { NS } from './texts';

/** The change the user is about to make. */
export type Pending =
  | { kind: 'pin'; specifier: string }
  | { kind: 'unpin'; specifier: string }
  /** `at`: the time of the history row it came from; `before`: the state before that row's change. */
  | { kind: 'rollback'; version: string; at: string; before: boolean };

const EMPTY: PinForm = { specifier: '', url: '', integrity: '', reason: '' };

/** Sends the change, if the scope is still at `version`; true when the scope moved. */
function send(http: Http, scope: string, version: string, change: Pending, form: PinForm): Promise<boolean> {
  if (change.kind === 'pin') return pin(http, scope, version, form);
  if (change.kind === 'unpin') return unpin(http, scope, version, change.specifier, form.reason);
  return rollback(http, scope, version, change.version, form.reason);
}

interface Props {
  http: Http;
  pending: Pending | null;
  scope: string;
  scopeName: string;
  /** The scope as the page read it: its version goes in If-Match. */
  detail: ScopeDetail;
  onClose: () => void;
  /** The change was made, or the scope moved meanwhile: read it again. */
  onChanged: () => void;
}

/**
 * Pin, unpin or rollback: a form with the reason (and for a pin the module, URL and optional integrity),
 * then a confirmation; the call carries the version the page read (If-Match). A stale version closes the
 * dialog with "the map changed meanwhile" and reloads the scope; any other refusal shows the server's
 * message in the dialog and changes nothing.
 */
export function ChangeDialog({ http, pending, scope, scopeName, detail, onClose, onChanged }: Props) {
  const { t } = useTexts(NS);
  const formId = useId();
  const [form, setForm] = useState<PinForm>(EMPTY);
  const doneText = (change: Pending, moved: boolean) =>
    change.kind === 'unpin'
      ? t('done.unpin', { specifier: change.specifier })
      : !moved
        ? t('done.unchanged', { scope: scopeName })
        : change.kind === 'pin'
          ? t('done.pin', { specifier: form.specifier })
          : t('done.rollback', { version: shortVersion(change.version) });

  // The toast of a change made, or null when the scope had moved meanwhile (412): the page reads it again.
  const { run, busy, error, setError } = useSubmit(
    async (change: Pending): Promise<string | null> => {
      try {
        return doneText(change, await send(http, scope, detail.version, change, form));
      } catch (err) {
        if (isHttpError(err) && err.status === STALE) return null;
        throw err;
      }
    },
    {
      fallback: t('failed'),
      onSuccess: (done) => {
        if (done) message.success(done);
        else message.warning(t('stale'), { duration: 6000 });
        onChanged();
      },
    },
  );
  // A new change starts from its own defaults.
  useEffect(() => {
    if (!pending) return;
    setForm({ ...EMPTY, specifier: pending.kind === 'rollback' ? '' : pending.specifier });
    setError('');
  }, [pending, setError]);

  const known = Object.keys(detail.map.imports).sort();
  const errorText = (key: string, params?: Record<string, unknown>) => t(key, params);
  const field = (name: keyof PinForm) => (value: string) => setForm((f) => ({ ...f, [name]: value }));

  const title = !pending
    ? ''
    : pending.kind === 'pin'
      ? t('form.pinTitle', { scope: scopeName })
      : pending.kind === 'unpin'
        ? t('form.unpinTitle', { specifier: pending.specifier })
        : t('form.rollbackTitle', { scope: scopeName, version: shortVersion(pending.version) });

  const submit = async () => {
    if (!pending || busy) return;
    const question =
      pending.kind === 'pin'
        ? t('confirm.pin', {
            scope: scopeName,
            specifier: form.specifier,
            url: form.url,
            reason: form.reason,
          })
        : pending.kind === 'unpin'
          ? t('confirm.unpin', { scope: scopeName, specifier: pending.specifier, reason: form.reason })
          : t('confirm.rollback', {
              scope: scopeName,
              version: shortVersion(pending.version),
              reason: form.reason,
            });
    const confirmed = await confirm({
      title: t('confirm.title'),
      message: question,
      confirmText: t('confirm.ok'),
      danger: pending.kind !== 'pin',
    });
    if (confirmed) await run(pending);
  };

  return (
    <Dialog
      open={pending !== null}
      label={title}
      width="640px"
      onClose={() => {
        if (!busy) onClose();
      }}
      footer={
        <>
          <Button onClick={onClose} disabled={busy}>
            {t('form.cancel')}
          </Button>
          <Button variant="primary" type="submit" form={formId} loading={busy}>
            {t('form.submit')}
          </Button>
        </>
      }
    >
      {pending && (
        <Form
          id={formId}
          label={title}
          onSubmit={() => void submit()}
          errorText={errorText}
          busy={busy}
          labelWidth={110}
        >
          {pending.kind === 'pin' && (
            <>
              <SelectField
                label={t('form.specifier')}
                value={form.specifier}
                onChange={field('specifier')}
                placeholder={t('form.specifierPlaceholder')}
                options={known.map((s) => ({ value: s, label: s }))}
                validate={(v) => checkSpecifier(v, known)}
                required
              />
              <TextField
                label={t('form.url')}
                value={form.url}
                onChange={field('url')}
                hint={t('form.urlHint')}
                validate={(v) => checkUrl(v)}
                maxLength={2000}
                required
              />
              <TextField
                label={t('form.integrity')}
                value={form.integrity}
                onChange={field('integrity')}
                hint={t('form.integrityHint')}
                validate={(v) => checkIntegrity(v)}
                maxLength={71}
              />
            </>
          )}
          {pending.kind === 'unpin' && (
            <p className="ops-app-versions__body">
              {t('form.unpinBody', { scope: scopeName, specifier: pending.specifier })}
            </p>
          )}
          {pending.kind === 'rollback' && (
            <p className="ops-app-versions__body">
              {t(pending.before ? 'form.rollbackBeforeBody' : 'form.rollbackBody', {
                scope: scopeName,
                version: shortVersion(pending.version),
                at: formatAt(pending.at),
              })}
            </p>
          )}
          <TextareaField
            label={t('form.reason')}
            value={form.reason}
            onChange={field('reason')}
            validate={(v) => checkReason(v)}
            maxLength={REASON_MAX}
            rows={3}
            required
          />
          {error && (
            <p className="ops-app-versions__error" role="alert">
              {error}
            </p>
          )}
        </Form>
      )}
    </Dialog>
  );
}
