import { confirm } from '@ops/ui';
import { type Load, useLoad, wasCancelled } from '@ops/ui/load';
import { useRef, useState } from 'react';
import { useShellText } from '../shared/i18n';
import type { ShellServices } from '../shared/services';
import { fetchCart, removeLines, setQuantity, submitRequisition } from './api';
import { type Cart, type CartLine, canSubmit, EMPTY_CART } from './rules';
import { CART_TEXTS } from './texts';

export interface CartState {
  load: Load<Cart>;
  retry: () => void;
  /** The cart once loaded. */
  current: Cart | null;
  /** A change of the cart is under way (the submit included): the cart's controls wait for it. */
  busy: boolean;
  /** The change under way is the submit. */
  submitting: boolean;
  /** Sets a part's quantity (adds it when not in the cart); false when it was refused or did not run. */
  changeQuantity: (partId: string, quantity: number) => Promise<boolean>;
  remove: (lines: readonly CartLine[]) => Promise<boolean>;
  /** Asks, then submits the cart with the reason; true once submitted. */
  submit: (reason: string) => Promise<boolean>;
}

/**
 * The user's cart as the server keeps it, and the changes to it: one at a time, each answered with the
 * cart. `onSubmitted` follows a submit (the server has emptied the cart and listed the requisition).
 */
export function useCart(
  { http, notify }: Pick<ShellServices, 'http' | 'notify'>,
  signal: AbortSignal,
  onSubmitted: () => void,
): CartState {
  const { t } = useShellText(CART_TEXTS);
  const cart = useLoad((s) => fetchCart(http, s), 'cart', signal);
  const [busy, setBusy] = useState(false);
  /** The same, at once (two clicks in one frame see the same `busy`). */
  const pending = useRef(false);
  const [submitting, setSubmitting] = useState(false);

  /** Runs a change the server answers with the cart; false when it was refused (the client said why). */
  const change = async (work: (s: AbortSignal) => Promise<Cart>): Promise<boolean> => {
    if (pending.current) return false;
    pending.current = true;
    setBusy(true);
    try {
      cart.set(await work(signal));
      return true;
    } catch {
      // The console's client showed the server's message; the cart is as it was.
      return false;
    } finally {
      pending.current = false;
      if (!signal.aborted) setBusy(false);
    }
  };

  const current = cart.load.state === 'done' ? cart.load.data : null;

  const submit = async (reason: string): Promise<boolean> => {
    // The form checks the reason and shows why; nothing is sent without a valid one in any case.
    if (!canSubmit(current, reason) || pending.current) return false;
    const go = await confirm({
      message: t('submitConfirm', { count: current.count, total: current.totalQuantity }),
    });
    if (!go || signal.aborted || pending.current) return false;
    pending.current = true;
    setBusy(true);
    setSubmitting(true);
    try {
      const requisition = await submitRequisition(http, reason.trim(), signal);
      notify.success(t('submitted', { no: requisition.requisitionNo }));
      cart.set(EMPTY_CART);
      onSubmitted();
      return true;
    } catch (error) {
      // A refusal (a stock that changed, say) leaves the cart as the server has it: read it again.
      if (!wasCancelled(error, signal)) cart.retry();
      return false;
    } finally {
      pending.current = false;
      if (!signal.aborted) {
        setBusy(false);
        setSubmitting(false);
      }
    }
  };

  return {
    load: cart.load,
    retry: cart.retry,
    current,
    busy,
    submitting,
    changeQuantity: (partId, quantity) => change((s) => setQuantity(http, partId, quantity, s)),
    remove: (lines) =>
      change((s) =>
        removeLines(
          http,
          lines.map((line) => line.partId),
          s,
        ),
      ),
    submit,
  };
}
