import type { RemoteControlRequest } from '@ops/shared';
import { validateControlNumber } from '@ops/shared/rules';
import { Button, confirm, Dialog, message, useTexts } from '@ops/ui';
import { useId, useReducer, useState } from 'react';
import {
  asksBeforeClosing,
  BREAKER_INITIAL,
  BREAKER_STEPS,
  breakerReducer,
  canSend,
  canWithdraw,
  selectable,
  WITHDRAW,
} from './breaker';
import { type CommandParams, choiceParams, type SendOutcome } from './command';
import { initialValues, paramFields, paramsToSend } from './numbers';
import { RC_NS } from './texts';

export type Send = (item: RemoteControlRequest, params: CommandParams) => Promise<SendOutcome | null>;

interface Tip {
  kind: 'error' | 'success';
  text: string;
}

/** What the dialog tells of an outcome (spec §8): a toast, and the tip in the dialog. */
export function useReport() {
  const { t } = useTexts(RC_NS);
  return (outcome: SendOutcome): Tip | null => {
    if (outcome.ok) {
      const text = outcome.message || t('send');
      message.success(text);
      return { kind: 'success', text };
    }
    if (outcome.kind === 'canceled') return null;
    const text = outcome.kind === 'timeout' ? t('timeout') : outcome.message || t('unknown');
    if (outcome.kind === 'timeout' || !outcome.shown) message.error(text);
    return { kind: 'error', text };
  };
}

/**
 * The remote-control dialog of one item (spec §2): site, device and function, then by type: 0 the status
 * options, 1 the control options or a fixed label, 2 the breaker steps with withdraw (spec §4), 3 the
 * numeric parameter form (spec §5). Every button is disabled while a command is in flight.
 */
export function ControlDialog({
  item,
  open,
  busy,
  send,
  onClose,
}: {
  item: RemoteControlRequest;
  open: boolean;
  busy: boolean;
  send: Send;
  onClose: () => void;
}) {
  const { t } = useTexts(RC_NS);
  const common = useTexts('common').t;
  const report = useReport();
  const id = useId();
  const [tip, setTip] = useState<Tip | null>(null);
  const [choice, setChoice] = useState<number | string | null>(
    item.modelClassifyId === 1 && item.options?.length === 1 ? (item.options[0]?.value ?? null) : null,
  );
  const [breaker, dispatch] = useReducer(breakerReducer, BREAKER_INITIAL);
  const [values, setValues] = useState<Record<string, string>>(() => initialValues(item.params ?? []));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const limits = { minValue: item.minValue, maxValue: item.maxValue };
  const type = item.modelClassifyId;

  const checkField = (code: string, text: string) => {
    const result = validateControlNumber(text, limits);
    setErrors((now) => {
      const { [code]: _old, ...rest } = now;
      return result.ok ? rest : { ...rest, [code]: common(result.error, result.params) };
    });
    return result.ok;
  };

  const deliver = async (params: CommandParams) => {
    const outcome = await send(item, params);
    if (!outcome) return null;
    setTip(report(outcome));
    return outcome;
  };

  const sendChoice = async () => {
    if (type === 2) {
      if (!canSend(breaker) || breaker.selected === null) return;
      const value = breaker.selected;
      dispatch({ type: 'send' });
      const outcome = await deliver({ value });
      if (!outcome) return;
      dispatch({ type: outcome.ok ? 'succeeded' : 'failed' });
      // A confirm that went through closes the dialog (DECISIONS 14).
      if (outcome.ok && (value === 1 || value === 3)) onClose();
      return;
    }
    if (type === 3) {
      const fields = item.params ?? [];
      const allValid = fields.map((p) => checkField(p.paramsCode, values[p.paramsCode] ?? '')).every(Boolean);
      const outcome = paramsToSend(fields, values, limits);
      if (!allValid || !outcome.ok) {
        setTip({
          kind: 'error',
          text: outcome.ok || outcome.reason === 'invalid' ? t('paramsInvalid') : t('paramsEmpty'),
        });
        return;
      }
      const sent = await deliver(outcome.params);
      if (sent?.ok) onClose();
      return;
    }
    if (choice === null || (type !== 0 && type !== 1)) return;
    const sent = await deliver(choiceParams(type, choice));
    if (sent?.ok) onClose();
  };

  const withdraw = async () => {
    if (!canWithdraw(breaker)) return false;
    dispatch({ type: 'withdraw' });
    const outcome = await deliver({ value: WITHDRAW });
    if (!outcome) return false;
    dispatch({ type: outcome.ok ? 'succeeded' : 'failed' });
    return outcome.ok;
  };

  const requestClose = async () => {
    if (busy) return;
    if (type === 2 && asksBeforeClosing(breaker) && breaker.sent !== null) {
      const step = t(`step${breaker.sent}`);
      const yes = await confirm({
        title: t('askTitle'),
        message: t('askWithdraw', { step }),
        confirmText: t('askYes'),
        cancelText: t('askNo'),
      });
      if (yes && !(await withdraw())) return;
    }
    onClose();
  };

  const sendDisabled =
    busy ||
    (type === 2 && !canSend(breaker)) ||
    ((type === 0 || type === 1) && choice === null) ||
    (type === 3 && (item.params?.length ?? 0) === 0);
  const armedText =
    type === 2 && breaker.sent !== null && breaker.pending === null
      ? t('armed', { step: t(`step${breaker.sent}`), confirm: t(`step${breaker.sent + 1}`) })
      : null;

  return (
    <Dialog
      open={open}
      label={t('label')}
      width="520px"
      className="ops-rc-dialog"
      onClose={() => void requestClose()}
      footer={
        <>
          {type === 2 && (
            <Button disabled={busy || !canWithdraw(breaker)} onClick={() => void withdraw()}>
              {t('withdraw')}
            </Button>
          )}
          {type !== 2 && (
            <Button disabled={busy} onClick={() => void requestClose()}>
              {t('cancel')}
            </Button>
          )}
          <Button variant="primary" loading={busy} disabled={sendDisabled} onClick={() => void sendChoice()}>
            {t('send')}
          </Button>
        </>
      }
    >
      <dl className="ops-rc-facts">
        <dt>{t('site')}</dt>
        <dd>{item.projectName}</dd>
        <dt>{t('device')}</dt>
        <dd>{item.deviceName}</dd>
        <dt>{t('function')}</dt>
        <dd>{item.name}</dd>
      </dl>

      {(type === 0 || (type === 1 && (item.options?.length ?? 0) > 1)) && (
        <fieldset className="ops-rc-options" disabled={busy}>
          <legend>{type === 0 ? t('status') : t('control')}</legend>
          {(item.options ?? []).map((option) => (
            <label key={option.value} className="ops-rc-option">
              <input
                type="radio"
                name={`${id}-choice`}
                value={option.value}
                checked={choice === option.value}
                onChange={() => setChoice(option.value)}
              />
              <span>{option.label}</span>
            </label>
          ))}
        </fieldset>
      )}

      {type === 1 && item.options?.length === 1 && (
        <p className="ops-rc-fixed">
          <span className="ops-rc-fixed__label">{t('fixed')}</span>
          <span>{item.options[0]?.label}</span>
        </p>
      )}

      {type === 2 && (
        <fieldset className="ops-rc-steps">
          <legend>{t('steps')}</legend>
          <div className="ops-rc-steps__buttons">
            {BREAKER_STEPS.map((step) => (
              <button
                key={step}
                type="button"
                className="ops-rc-step"
                aria-pressed={breaker.selected === step}
                disabled={busy || !selectable(breaker).includes(step)}
                onClick={() => dispatch({ type: 'select', value: step })}
              >
                {t(`step${step}`)}
              </button>
            ))}
          </div>
          {armedText && <p className="ops-rc-armed">{armedText}</p>}
        </fieldset>
      )}

      {type === 3 && (
        <fieldset className="ops-rc-params" disabled={busy}>
          <legend>
            {t('params')}
            {(item.minValue != null || item.maxValue != null) && (
              <span className="ops-rc-range">
                {t('range', { min: item.minValue ?? '-∞', max: item.maxValue ?? '∞' })}
              </span>
            )}
          </legend>
          {paramFields(item.params ?? []).map((field) => {
            const error = errors[field.code];
            const inputId = `${id}-${field.code}`;
            return (
              <div key={field.code} className={`ops-rc-param${error ? ' ops-rc-param--invalid' : ''}`}>
                <label htmlFor={inputId} title={field.tooltip ?? undefined}>
                  {field.label}
                </label>
                <input
                  id={inputId}
                  className="ops-ui-control"
                  aria-label={field.name}
                  inputMode="decimal"
                  maxLength={32}
                  value={values[field.code] ?? ''}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${inputId}-error` : undefined}
                  onChange={(event) => {
                    const text = event.currentTarget.value;
                    setValues((now) => ({ ...now, [field.code]: text }));
                    if (errors[field.code]) checkField(field.code, text);
                  }}
                  onBlur={(event) => checkField(field.code, event.currentTarget.value)}
                />
                {error && (
                  <span id={`${inputId}-error`} className="ops-rc-param__error">
                    {error}
                  </span>
                )}
              </div>
            );
          })}
        </fieldset>
      )}

      {tip && (
        <p className={`ops-rc-tip ops-rc-tip--${tip.kind}`} role={tip.kind === 'error' ? 'alert' : 'status'}>
          {tip.text}
        </p>
      )}
    </Dialog>
  );
}
