import { confirm, useSubmit } from '@ops/ui';
import { type Load, useLoad } from '@ops/ui/load';
import { useShellText } from '../shared/i18n';
import type { ShellServices } from '../shared/services';
import { fetchCart, removeLines, setQuantity, submitRequisition } from './api';
import { type Cart, type CartLine, canSubmit, EMPTY_CART } from './rules';
import { CART_TEXTS } from './texts';

/** A change of the cart, which the server answers with the cart. */
type Change = (signal: AbortSignal) => Promise<Cart>;

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
  const current = cart.load.state === 'done' ? cart.load.data : null;
  // A change the server answers with the cart. A refusal leaves the cart as it was (the console's client
  // showed the server's message).
  const change = useSubmit((work: Change) => work(signal), {
    onSuccess: cart.set,
  });
  const send = useSubmit((reason: string) => submitRequisition(http, reason, signal), {
    onSuccess: (requisition) => {
      notify.success(t('submitted', { no: requisition.requisitionNo }));
      cart.set(EMPTY_CART);
      onSubmitted();
    },
    // A refusal (a stock that changed, say) leaves the cart as the server has it: read it again.
    onFailure: cart.retry,
  });
  // One write at a time, the submit included: each hook runs one of its own, and waits for the other.
  const busy = change.busy || send.busy;

  /** Runs a change; false when it was refused or did not run. */
  const changeWith = async (work: Change): Promise<boolean> =>
    !send.busy && (await change.run(work)) !== undefined;

  const submit = async (reason: string): Promise<boolean> => {
    // The form checks the reason and shows why; nothing is sent without a valid one in any case.
    if (!canSubmit(current, reason) || busy) return false;
    const go = await confirm({
      message: t('submitConfirm', { count: current.count, total: current.totalQuantity }),
    });
    // The dialog is modal: no change of the cart can have started while it was open.
    if (!go || signal.aborted) return false;
    return (await send.run(reason.trim())) !== undefined;
  };

  return {
    load: cart.load,
    retry: cart.retry,
    current,
    busy,
    submitting: send.busy,
    changeQuantity: (partId, quantity) => changeWith((s) => setQuantity(http, partId, quantity, s)),
    remove: (lines) =>
      changeWith((s) =>
        removeLines(
          http,
          lines.map((line) => line.partId),
          s,
        ),
      ),
    submit,
  };
}
