import { useState } from 'react';
import { useShellText } from '../shared/i18n';
import { type CartLine, typedQuantity } from './rules';
import { CART_TEXTS } from './texts';

/**
 * A cart line's quantity field: what the user typed until it is sent or dropped, and why a typed quantity
 * was refused. `onQuantity` sends a quantity (false when the server refused it).
 */
export function useQuantityDraft(line: CartLine, onQuantity: (quantity: number) => Promise<boolean>) {
  const { t } = useShellText(CART_TEXTS);
  /** What the user typed, until it is sent or dropped; null shows the cart's quantity. */
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The server's answer is the truth: a new quantity replaces what was typed (adjusted while rendering,
  // so nothing typed meanwhile is overwritten later).
  const [shownQuantity, setShownQuantity] = useState(line.quantity);
  if (shownQuantity !== line.quantity) {
    setShownQuantity(line.quantity);
    setDraft(null);
    setError(null);
  }
  const drop = () => {
    setDraft(null);
    setError(null);
  };

  const send = (quantity: number) => {
    setError(null);
    void onQuantity(quantity).then((done) => {
      if (!done) setDraft(null);
    });
  };
  const commit = () => {
    const typed = typedQuantity(draft, line);
    if (typed === null) return drop();
    // Refused here: nothing is sent, the cart keeps its quantity.
    if (!typed.ok) return setError(t(typed.error, typed.params));
    send(typed.value);
  };

  return { value: draft ?? String(line.quantity), error, type: setDraft, commit, drop, send };
}
