import { ERROR_LOG_UPLOAD_URL, isHttpError } from '@ops/shared';
import { Button, confirm, Dialog } from '@ops/ui';
import { useId, useState } from 'react';
import { type ShellT, useShellText } from '../shared/i18n';
import { type ErrorLogRow, errorLogRows, errorLogSummary, uploadBody } from './rules';
import { ERROR_LOG_TEXTS } from './texts';
import { type ErrorLogServices, useEntries } from './use-entries';

/** One entry: its row, and below it the stack (and extra info) once expanded. Text only, never HTML. */
function EntryRows({ row, t }: { row: ErrorLogRow; t: ShellT }) {
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();
  return (
    <>
      <tr className="ops-error-log__row">
        <td className="ops-error-log__type">{row.type}</td>
        <td className="ops-error-log__url">{row.url}</td>
        <td className="ops-error-log__message">{row.message}</td>
        <td className="ops-error-log__time">
          {row.time}
          {row.uploaded && <span className="ops-error-log__sent">{t('sent')}</span>}
        </td>
        <td className="ops-error-log__details">
          {row.expandable ? (
            <button
              type="button"
              className="ops-ui-link-button ops-error-log__toggle"
              aria-expanded={expanded}
              aria-controls={detailsId}
              aria-label={t('stackOf', { type: row.type, time: row.time })}
              onClick={() => setExpanded((now) => !now)}
            >
              <span className="ops-error-log__chevron" aria-hidden="true" />
              {t('stack')}
            </button>
          ) : (
            <span className="ops-error-log__none">{t('noStack')}</span>
          )}
        </td>
      </tr>
      {row.expandable && (
        <tr id={detailsId} className="ops-error-log__expanded" hidden={!expanded}>
          <td colSpan={5}>
            {row.stack && (
              <>
                <h3>{t('stack')}</h3>
                <pre>{row.stack}</pre>
              </>
            )}
            {row.info && (
              <>
                <h3>{t('info')}</h3>
                <pre>{row.info}</pre>
              </>
            )}
          </td>
        </tr>
      )}
    </>
  );
}

/**
 * The error-log viewer (spec §2 Shell parts): a full-screen dialog listing the local error log (type,
 * url, message, time, an expandable stack), newest first. "Send logs" uploads what was not sent yet
 * (`POST error/upload`, docs/api.md section 8) and "Clear logs" empties the log, each after asking.
 */
export function ErrorLogDialog({
  services,
  open,
  onClose,
}: {
  services: ErrorLogServices;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useShellText(ERROR_LOG_TEXTS);
  const entries = useEntries(services.errorLog);
  const rows = errorLogRows(entries);
  const summary = errorLogSummary(entries);
  const [busy, setBusy] = useState<'send' | 'clear' | null>(null);
  const [problem, setProblem] = useState('');

  const send = async () => {
    if (busy || summary.pending === 0) return;
    setBusy('send');
    try {
      const go = await confirm({
        title: t('sendTitle'),
        message: t('sendConfirm', { count: summary.pending }),
      });
      if (!go) return;
      setProblem('');
      const count = await services.errorLog.upload((batch) =>
        services.http.post(ERROR_LOG_UPLOAD_URL, uploadBody(batch)),
      );
      services.notify.success(t('sentOk', { count }));
    } catch (error) {
      // The HTTP client has shown a refusal's message as a toast (spec §8); it stays here beside the list.
      const msg = isHttpError(error) ? error.msg : '';
      setProblem(msg ? t('sendFailed', { msg }) : t('sendFailedPlain'));
    } finally {
      setBusy(null);
    }
  };

  const clear = async () => {
    if (busy || summary.total === 0) return;
    setBusy('clear');
    try {
      const go = await confirm({
        title: t('clearTitle'),
        message: t('clearConfirm', { count: summary.total }),
        danger: true,
      });
      if (!go) return;
      services.errorLog.clear();
      setProblem('');
      services.notify.success(t('cleared'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Dialog
      open={open}
      label={t('title')}
      width="100vw"
      className="ops-error-log"
      onClose={onClose}
      footer={<Button onClick={onClose}>{t('close')}</Button>}
    >
      <div className="ops-error-log__toolbar">
        <p className="ops-error-log__summary">
          {t('summary', { total: summary.total, pending: summary.pending })}
        </p>
        <Button
          variant="primary"
          disabled={summary.pending === 0 || busy === 'clear'}
          loading={busy === 'send'}
          onClick={() => void send()}
        >
          {t('send')}
        </Button>
        <Button
          variant="danger"
          disabled={summary.total === 0 || busy === 'send'}
          loading={busy === 'clear'}
          onClick={() => void clear()}
        >
          {t('clear')}
        </Button>
      </div>
      {problem && (
        <p className="ops-error-log__problem" role="alert">
          {problem}
        </p>
      )}
      {rows.length === 0 ? (
        <p className="ops-error-log__empty">{t('empty')}</p>
      ) : (
        <div className="ops-error-log__scroll">
          <table className="ops-error-log__table" aria-label={t('entries')}>
            <thead>
              <tr>
                <th scope="col">{t('type')}</th>
                <th scope="col">{t('url')}</th>
                <th scope="col">{t('message')}</th>
                <th scope="col">{t('time')}</th>
                <th scope="col">{t('details')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <EntryRows key={row.id} row={row} t={t} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Dialog>
  );
}
