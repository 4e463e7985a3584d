import '@ops/shoelace';
import { type ReactNode, useCallback } from 'react';
import { useStylesheets } from '../theme/use-stylesheet';
import href from './dialog.css';

/** Widths of the console's dialogs (spec §2), as a share of the window. */
export const DIALOG_WIDTH = {
  siteSwitch: '70%',
  message: '70%',
  alarm: '60%',
  confirm: '420px',
  filePreview: '70%',
} as const;

export type DialogCloseSource = 'close-button' | 'keyboard' | 'overlay';

export interface DialogProps {
  open: boolean;
  /** Title, and the dialog's accessible name. */
  label: string;
  /** CSS width: a percentage of the window (e.g. '70%') or a length. */
  width?: string;
  /** The user asked to close (close button, Esc, or a click on the overlay when `closeOnOverlay`). */
  onClose: (source: DialogCloseSource) => void;
  /** Called once the hide animation has finished. */
  onAfterHide?: () => void;
  /** A click on the overlay closes the dialog (default false: operators lose no input by a stray click). */
  closeOnOverlay?: boolean;
  footer?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** A modal dialog on `<sl-dialog>`: controlled by `open`; every close request goes through `onClose`. */
export function Dialog({
  open,
  label,
  width = '50%',
  onClose,
  onAfterHide,
  closeOnOverlay = false,
  footer,
  children,
  className,
}: DialogProps) {
  useStylesheets(href);
  const requestClose = useCallback(
    (event: CustomEvent<{ source: DialogCloseSource }>) => {
      if (event.target !== event.currentTarget) return;
      // The parent owns `open`: the element never hides itself.
      event.preventDefault();
      if (event.detail.source === 'overlay' && !closeOnOverlay) return;
      onClose(event.detail.source);
    },
    [onClose, closeOnOverlay],
  );
  const afterHide = useCallback(
    (event: CustomEvent) => {
      // Nested Shoelace elements (tooltips, selects) fire their own sl-after-hide, which bubbles.
      if (event.target === event.currentTarget) onAfterHide?.();
    },
    [onAfterHide],
  );
  return (
    <sl-dialog
      class={['ops-ui', 'ops-dialog', className].filter(Boolean).join(' ')}
      open={open}
      label={label}
      style={{ '--width': width }}
      onsl-request-close={requestClose}
      onsl-after-hide={afterHide}
    >
      {children}
      {footer !== undefined && (
        <div slot="footer" className="ops-dialog__footer">
          {footer}
        </div>
      )}
    </sl-dialog>
  );
}
