import { Button } from '@ops/ui';
import { useId } from 'react';
import { useShellText } from '../shared/i18n';
import { type CartLine, canStep } from './rules';
import { CART_TEXTS } from './texts';
import { useQuantityDraft } from './use-quantity-draft';

/** A line of the cart: the part, its quantity (steps or typed, 1..stock), its stock and Remove. */
export function CartLineView({
  line,
  busy,
  onQuantity,
  onRemove,
}: {
  line: CartLine;
  busy: boolean;
  onQuantity: (quantity: number) => Promise<boolean>;
  onRemove: () => void;
}) {
  const { t } = useShellText(CART_TEXTS);
  const id = useId();
  const quantity = useQuantityDraft(line, onQuantity);
  const { error } = quantity;

  return (
    <li className="ops-cart__line">
      <div className="ops-cart__line-part">
        <span className="ops-cart__line-name">{line.name}</span>
        <span className="ops-cart__muted">
          <code>{line.code}</code> · {line.spec}
        </span>
      </div>
      <div className="ops-cart__quantity">
        <button
          type="button"
          className="ops-cart__step"
          aria-label={t('decrease', { name: line.name })}
          disabled={busy || !canStep(line, -1)}
          onClick={() => quantity.send(line.quantity - 1)}
        >
          −
        </button>
        <input
          type="number"
          inputMode="numeric"
          className="ops-cart__input"
          min={1}
          max={line.stock}
          step={1}
          value={quantity.value}
          disabled={busy}
          aria-label={t('quantityOf', { name: line.name })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-stock`}
          onChange={(event) => quantity.type(event.target.value)}
          onBlur={quantity.commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') quantity.commit();
            if (event.key === 'Escape') quantity.drop();
          }}
        />
        <button
          type="button"
          className="ops-cart__step"
          aria-label={t('increase', { name: line.name })}
          disabled={busy || !canStep(line, 1)}
          onClick={() => quantity.send(line.quantity + 1)}
        >
          +
        </button>
        <span className="ops-cart__unit">{line.unit}</span>
      </div>
      <span id={`${id}-stock`} className="ops-cart__muted ops-cart__stock">
        {t('stockOf', { stock: line.stock, unit: line.unit })}
      </span>
      <Button size="small" variant="text" disabled={busy} onClick={onRemove}>
        {t('remove')}
        <span className="ops-ui-visually-hidden"> {line.name}</span>
      </Button>
      {error && (
        <p id={`${id}-error`} className="ops-cart__error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}
