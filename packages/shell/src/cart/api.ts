import { envelopeData, type Http } from '@ops/shared';
import {
  type Cart,
  type Page,
  type Part,
  parseCart,
  parsePage,
  type Requisition,
  readPart,
  readRequisition,
} from './rules';

/** The server's calls of the requisition page (docs/api.md section 17). */
export const MARKET_API = {
  parts: '/api/blade-desk/market/parts',
  cart: '/api/blade-desk/market/cart',
  setQuantity: '/api/blade-desk/market/cart/submit',
  remove: '/api/blade-desk/market/cart/remove',
  submit: '/api/blade-desk/market/requisition/submit',
  requisitions: '/api/blade-desk/market/requisition/list',
} as const;

export async function fetchParts(
  http: Http,
  query: Record<string, string>,
  signal: AbortSignal,
): Promise<Page<Part>> {
  return parsePage(envelopeData(await http.get(MARKET_API.parts, { params: query, signal })), readPart);
}

export async function fetchCart(http: Http, signal: AbortSignal): Promise<Cart> {
  return parseCart(envelopeData(await http.get(MARKET_API.cart, { signal })));
}

/** Sets a part's quantity in the cart (0 removes it); answers the cart after the change. */
export async function setQuantity(
  http: Http,
  partId: string,
  quantity: number,
  signal: AbortSignal,
): Promise<Cart> {
  return parseCart(envelopeData(await http.post(MARKET_API.setQuantity, { partId, quantity }, { signal })));
}

export async function removeLines(
  http: Http,
  partIds: readonly string[],
  signal: AbortSignal,
): Promise<Cart> {
  return parseCart(envelopeData(await http.post(MARKET_API.remove, { ids: partIds.join(',') }, { signal })));
}

/** Submits the cart with the reason; answers the requisition (the server has emptied the cart). */
export async function submitRequisition(
  http: Http,
  reason: string,
  signal: AbortSignal,
): Promise<Requisition> {
  const data = envelopeData(await http.post(MARKET_API.submit, { reason }, { signal }));
  if (!data || typeof data !== 'object') throw new TypeError('not a requisition');
  return readRequisition(data as Record<string, unknown>);
}

export async function fetchRequisitions(
  http: Http,
  page: number,
  size: number,
  signal: AbortSignal,
): Promise<Page<Requisition>> {
  const params = { current: String(page), size: String(size) };
  return parsePage(
    envelopeData(await http.get(MARKET_API.requisitions, { params, signal })),
    readRequisition,
  );
}
