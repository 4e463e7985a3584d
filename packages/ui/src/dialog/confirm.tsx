import { useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Button } from '../button/button';
import { useUiText } from '../i18n/use-ui-text';
import { DIALOG_WIDTH, Dialog } from './dialog';

export interface ConfirmOptions {
  message: string;
  /** Dialog title and accessible name (default: 'Confirm'). */
  title?: string;
  confirmText?: string;
  cancelText?: string;
  width?: string;
  /** Seconds until the dialog cancels itself (a live countdown is shown); none by default. */
  countdown?: number;
  /** Marks a destructive confirm button. */
  danger?: boolean;
}

export interface ConfirmDialogProps extends ConfirmOptions {
  open: boolean;
  /** true when confirmed; false on cancel, close, Esc or when the countdown runs out. */
  onResult: (confirmed: boolean) => void;
  onAfterHide?: () => void;
}

/** Seconds left, counted from a deadline so a busy main thread cannot stretch the countdown. */
function useCountdown(seconds: number | undefined, running: boolean, onDone: () => void): number | null {
  const [left, setLeft] = useState(seconds ?? null);
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    if (seconds === undefined || !running) return;
    const deadline = Date.now() + seconds * 1000;
    setLeft(seconds);
    const timer = setInterval(() => {
      const remaining = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) {
        clearInterval(timer);
        done.current();
      }
    }, 250);
    return () => clearInterval(timer);
  }, [seconds, running]);
  return left;
}

/** A yes/no dialog; with `countdown` it also cancels itself when the time is up. */
export function ConfirmDialog({
  open,
  message,
  title,
  confirmText,
  cancelText,
  width = DIALOG_WIDTH.confirm,
  countdown,
  danger = false,
  onResult,
  onAfterHide,
}: ConfirmDialogProps) {
  const t = useUiText();
  const left = useCountdown(countdown, open, () => onResult(false));
  return (
    <Dialog
      open={open}
      label={title ?? t('confirmTitle')}
      width={width}
      className="ops-confirm"
      onClose={() => onResult(false)}
      onAfterHide={onAfterHide}
      footer={
        <>
          <Button onClick={() => onResult(false)}>{cancelText ?? t('cancel')}</Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={() => onResult(true)}>
            {confirmText ?? t('ok')}
          </Button>
        </>
      }
    >
      <div className="ops-confirm__body">
        <span className="ops-confirm__icon" aria-hidden="true">
          !
        </span>
        <div>
          <p className="ops-confirm__message">{message}</p>
          {left !== null && (
            <p className="ops-confirm__timer" role="timer">
              {t('countdown', { n: left })}
            </p>
          )}
        </div>
      </div>
    </Dialog>
  );
}

/**
 * Opens a confirm dialog of its own (outside any React tree) and resolves true when the user confirms,
 * false when they cancel or close it, or when `countdown` seconds pass.
 */
export function confirm(options: ConfirmOptions | string): Promise<boolean> {
  const opts = typeof options === 'string' ? { message: options } : options;
  const host = document.createElement('div');
  host.className = 'ops-confirm-host';
  document.body.append(host);
  const root = createRoot(host);
  return new Promise<boolean>((resolve) => {
    let settled = false;
    const dispose = () => {
      if (!host.isConnected) return;
      host.remove();
      // Not inside React's own callback (sl-after-hide may fire during a commit).
      queueMicrotask(() => root.unmount());
    };
    const settle = (confirmed: boolean) => {
      if (settled) return;
      settled = true;
      resolve(confirmed);
      root.render(<ConfirmDialog {...opts} open={false} onResult={() => {}} onAfterHide={dispose} />);
      // The hide animation may not run (reduced motion, hidden tab): never leave the host behind.
      setTimeout(dispose, 1000);
    };
    root.render(<ConfirmDialog {...opts} open onResult={settle} />);
  });
}

/** The countdown variant: resolves false when the user cancels or `seconds` (default 30) pass. */
export function confirmWithCountdown(options: ConfirmOptions & { countdown?: number }): Promise<boolean> {
  return confirm({ countdown: 30, ...options });
}
