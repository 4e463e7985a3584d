import { holdStylesheet } from '@ops/shared';
import { useUnmountSignal } from '@ops/ui/load';
import { useLayoutEffect } from 'react';
import { useShellText } from '../shared/i18n';
import type { ShellServices } from '../shared/services';
import href from './cart.css';
import { CartPanel } from './cart-panel';
import { Catalogue } from './catalogue';
import { MyRequisitions } from './requisitions';
import { CART_TEXTS } from './texts';
import { useCart } from './use-cart';
import { useRequisitions } from './use-requisitions';

/**
 * `/market/cart`: spare-parts requisition. The tenant's catalogue (search, paged), the user's cart kept by
 * the server (quantities 1..stock, remove, empty), submitting it with a reason, and my requisitions.
 */
export function CartPage({ services }: { services: Pick<ShellServices, 'http' | 'notify'> }) {
  useLayoutEffect(() => holdStylesheet(href), []);
  const { t } = useShellText(CART_TEXTS);
  const signal = useUnmountSignal();
  const mine = useRequisitions(services.http, signal);
  // A submitted requisition heads my requisitions: their first page, read again.
  const cart = useCart(services, signal, mine.reload);

  return (
    <section className="ops-shell-page ops-cart" aria-labelledby="ops-cart-title">
      <h1 id="ops-cart-title">{t('title')}</h1>
      <p className="ops-cart__intro">{t('intro')}</p>
      <div className="ops-cart__top">
        <Catalogue
          http={services.http}
          signal={signal}
          cart={cart.current}
          busy={cart.busy}
          onAdd={(part, quantity) => void cart.changeQuantity(part.id, quantity)}
        />
        <div className="ops-cart__side">
          <CartPanel cart={cart} />
          <MyRequisitions mine={mine} />
        </div>
      </div>
    </section>
  );
}
