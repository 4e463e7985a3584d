import { lazyComponent } from '@ops/ui';

/** The spare-parts requisition page (`/market/cart`), loaded with its first render in a chunk of its own. */
export const CartPage = lazyComponent(() => import('./cart-page').then((m) => m.CartPage));
