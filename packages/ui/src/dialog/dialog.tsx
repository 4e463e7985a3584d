import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useShoelace } from '../shoelace/load-shoelace';
import { useStylesheets } from '../theme/use-stylesheet';
import href from './dialog.css';
import { onEscape } from './escape';

import { DIALOG_WIDTH } from './widths';

export { DIALOG_WIDTH };

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
  /**
   * Where the focus goes after closing when what had it before the dialog opened cannot take it back (a
   * popover's entry that closed as the dialog opened, nothing when the dialog opened by itself): without
   * it a keyboard user's focus falls to the page's start.
   */
  returnFocus?: () => HTMLElement | null | undefined;
  /** A click on the overlay closes the dialog (default false: operators lose no input by a stray click). */
  closeOnOverlay?: boolean;
  footer?: ReactNode;
  children?: ReactNode;
  className?: string;
}

type SlDialog = HTMLElement & {
  updateComplete: Promise<unknown>;
  /** Shoelace's own (not in its typings): how an open dialog listens for Esc (see escape.ts). */
  addOpenListeners?: () => void;
};

/**
 * A modal dialog on `<sl-dialog>`: controlled by `open`; every close request goes through `onClose`.
 * Closed, it renders nothing (neither the element nor its content) and loads no Shoelace: on opening it
 * loads Shoelace if need be, then shows. After closing it stays until its hide animation has finished.
 */
export function Dialog({
  open,
  label,
  width = '50%',
  onClose,
  onAfterHide,
  returnFocus,
  closeOnOverlay = false,
  footer,
  children,
  className,
}: DialogProps) {
  const loaded = useShoelace(open);
  // The element is in the tree from opening until its hide animation has finished.
  const [present, setPresent] = useState(false);
  // The element has rendered once, closed: from then on `open` shows it as opening it later would (the
  // show animation, the focus moved in and given back on close), not as an element born open.
  const [ready, setReady] = useState(false);
  const shown = loaded && (open || present);
  useStylesheets(...(shown ? [href] : []));
  useEffect(() => {
    if (open && loaded) setPresent(true);
  }, [open, loaded]);
  useEffect(() => {
    // Closed again before it ever showed: there is no hide to wait for.
    if (!open && present && !ready) setPresent(false);
  }, [open, present, ready]);
  const mounted = useCallback((el: SlDialog | null) => {
    if (!el) return;
    // Esc is the console's (escape.ts): Shoelace's listener is never armed.
    el.addOpenListeners = () => {};
    let live = true;
    el.updateComplete.then(() => {
      // The dialog's title bar is a <header> in its shadow root, which browsers expose as a second
      // `banner` landmark beside the page's top bar; it is only the dialog's heading row.
      el.shadowRoot?.querySelector('header')?.setAttribute('role', 'presentation');
      if (live) setReady(true);
    });
    return () => {
      live = false;
      setReady(false);
    };
  }, []);
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
  // While shown open, Esc asks this dialog to close unless a dialog opened later is on top of it.
  const latestClose = useRef(onClose);
  useEffect(() => {
    latestClose.current = onClose;
  }, [onClose]);
  useEffect(() => {
    if (!(open && ready)) return;
    return onEscape(() => latestClose.current('keyboard'));
  }, [open, ready]);
  const afterHide = useCallback(
    (event: CustomEvent) => {
      // Nested Shoelace elements (tooltips, selects) fire their own sl-after-hide, which bubbles.
      if (event.target !== event.currentTarget) return;
      const dialog = event.currentTarget as HTMLElement;
      setPresent(false);
      onAfterHide?.();
      // After Shoelace's own return of the focus (a task it queued before this event), where it failed.
      if (returnFocus)
        setTimeout(() => {
          const active = document.activeElement;
          if (active && active !== document.body && active.isConnected && !dialog.contains(active)) return;
          returnFocus()?.focus();
        });
    },
    [onAfterHide, returnFocus],
  );
  if (!shown) return null;
  return (
    <sl-dialog
      ref={mounted}
      class={['ops-ui', 'ops-dialog', className].filter(Boolean).join(' ')}
      open={open && ready}
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
