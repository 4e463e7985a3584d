import { Button, confirm, Form, TextareaField } from '@ops/ui';
import { useState } from 'react';
import { useShellText } from '../shared/i18n';
import { CartLineView } from './cart-line';
import { Failed, Panel } from './panel';
import { REASON_MAX, validateReason } from './rules';
import { CART_TEXTS } from './texts';
import type { CartState } from './use-cart';

/** The cart: its lines, Empty cart after asking, and the reason to submit it with. */
export function CartPanel({ cart }: { cart: CartState }) {
  const { t } = useShellText(CART_TEXTS);
  const [reason, setReason] = useState('');
  const { load, current, busy, submitting } = cart;
  const empty = current !== null && current.count === 0;

  const clear = async () => {
    if (!current || current.count === 0) return;
    if (await confirm({ message: t('clearConfirm', { count: current.count }), danger: true })) {
      await cart.remove(current.items);
    }
  };

  return (
    <Panel
      id="ops-cart-cart-title"
      title={t('cartTitle')}
      extra={
        current && (
          <>
            <p className="ops-cart__summary" aria-live="polite">
              {t('cartSummary', { count: current.count, total: current.totalQuantity })}
            </p>
            {current.count > 0 && (
              <Button size="small" variant="text" disabled={busy} onClick={() => void clear()}>
                {t('clear')}
              </Button>
            )}
          </>
        )
      }
    >
      {load.state === 'loading' && (
        <p className="ops-cart__state" role="status">
          {t('loading')}
        </p>
      )}
      {load.state === 'failed' && <Failed reason={load.reason} onRetry={cart.retry} t={t} />}
      {empty && <p className="ops-cart__state">{t('cartEmpty')}</p>}
      {current && current.count > 0 && (
        <ul className="ops-cart__lines" aria-labelledby="ops-cart-cart-title">
          {current.items.map((line) => (
            <CartLineView
              key={line.partId}
              line={line}
              busy={busy}
              onQuantity={(quantity) => cart.changeQuantity(line.partId, quantity)}
              onRemove={() => void cart.remove([line])}
            />
          ))}
        </ul>
      )}
      {current && (
        <Form
          label={t('submit')}
          className="ops-cart__submit"
          errorText={t}
          busy={busy}
          onSubmit={() => {
            void cart.submit(reason).then((done) => done && setReason(''));
          }}
        >
          <TextareaField
            label={t('reason')}
            required
            placeholder={t('reasonPlaceholder')}
            value={reason}
            onChange={setReason}
            validate={validateReason}
            maxLength={REASON_MAX}
            rows={3}
          />
          <Button
            type="submit"
            variant="primary"
            disabled={empty || (busy && !submitting)}
            loading={submitting}
          >
            {t('submit')}
          </Button>
        </Form>
      )}
    </Panel>
  );
}
