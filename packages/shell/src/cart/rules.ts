/**
 * The rules of the spare-parts requisition page (`/market/cart`), as the server applies them
 * (docs/api.md section 17), checked before anything is sent, and the readers of the server's answers.
 * A failed check is a text key of the page's namespace (with its parameters).
 */

export const KEYWORD_MAX = 40;
export const REASON_MAX = 200;
export const PARTS_PAGE_SIZE = 10;
export const REQUISITIONS_PAGE_SIZE = 5;
export const CATEGORIES = ['bearing', 'seal', 'fuse', 'relay', 'sensor', 'other'] as const;
export type Category = (typeof CATEGORIES)[number];
/** The category choice meaning "every category". */
export const ALL = 'all';

const CATEGORY_TEXT: Record<Category, string> = {
  bearing: 'catBearing',
  seal: 'catSeal',
  fuse: 'catFuse',
  relay: 'catRelay',
  sensor: 'catSensor',
  other: 'catOther',
};

/** The text key of a category the page knows; null for another (shown as the server sent it). */
export const categoryTextKey = (category: string): string | null =>
  Object.hasOwn(CATEGORY_TEXT, category) ? CATEGORY_TEXT[category as Category] : null;

/** The text key of a requisition's status the page knows; null for another (shown as sent). */
export const statusTextKey = (status: string): string | null =>
  status === 'submitted' ? 'statusSubmitted' : null;

export interface Part {
  id: string;
  code: string;
  name: string;
  category: string;
  spec: string;
  unit: string;
  stock: number;
}

export interface CartLine {
  partId: string;
  code: string;
  name: string;
  spec: string;
  unit: string;
  stock: number;
  quantity: number;
}

export interface Cart {
  items: CartLine[];
  /** Different parts. */
  count: number;
  /** Pieces of all lines. */
  totalQuantity: number;
}

export const EMPTY_CART: Cart = { items: [], count: 0, totalQuantity: 0 };

export interface RequisitionItem {
  partId: string;
  code: string;
  name: string;
  spec: string;
  unit: string;
  quantity: number;
}

export interface Requisition {
  id: string;
  requisitionNo: string;
  reason: string;
  status: string;
  submitTime: string;
  itemCount: number;
  totalQuantity: number;
  items: RequisitionItem[];
}

export interface Page<T> {
  records: T[];
  total: number;
}

export type Check = { ok: true } | { ok: false; error: string; params?: Record<string, unknown> };

const OK: Check = { ok: true };
const fail = (error: string, params?: Record<string, unknown>): Check =>
  params ? { ok: false, error, params } : { ok: false, error };

// ---- Readers of the server's answers (anything of another shape is an error, not a crash) ----

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string =>
  typeof value === 'string' ? value : value == null ? '' : String(value);
const count = (value: unknown): number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0;

/** A paged answer's records (each read by `read`) and total. */
export function parsePage<T>(data: unknown, read: (record: Json) => T): Page<T> {
  if (!isObject(data) || !Array.isArray(data.records)) throw new TypeError('not a page');
  const records = data.records.filter(isObject).map(read);
  return { records, total: typeof data.total === 'number' ? data.total : records.length };
}

export const readPart = (r: Json): Part => ({
  id: text(r.id),
  code: text(r.code),
  name: text(r.name),
  category: text(r.category),
  spec: text(r.spec),
  unit: text(r.unit),
  stock: count(r.stock),
});

const readItem = (r: Json): RequisitionItem => ({
  partId: text(r.partId),
  code: text(r.code),
  name: text(r.name),
  spec: text(r.spec),
  unit: text(r.unit),
  quantity: count(r.quantity),
});

/** The cart answer (`GET cart` and every change). */
export function parseCart(data: unknown): Cart {
  if (!isObject(data) || !Array.isArray(data.items)) throw new TypeError('not a cart');
  const items = data.items.filter(isObject).map((r) => ({ ...readItem(r), stock: count(r.stock) }));
  return {
    items,
    count: items.length,
    totalQuantity: items.reduce((sum, line) => sum + line.quantity, 0),
  };
}

export const readRequisition = (r: Json): Requisition => {
  const items = Array.isArray(r.items) ? r.items.filter(isObject).map(readItem) : [];
  return {
    id: text(r.id),
    requisitionNo: text(r.requisitionNo),
    reason: text(r.reason),
    status: text(r.status),
    submitTime: text(r.submitTime),
    itemCount: count(r.itemCount) || items.length,
    totalQuantity: count(r.totalQuantity) || items.reduce((sum, item) => sum + item.quantity, 0),
    items,
  };
};

// ---- The catalogue's search ----

export interface PartSearch {
  keyword: string;
  category: string;
}

export const EMPTY_SEARCH: PartSearch = { keyword: '', category: ALL };

/** Characters as a reader counts them (code points), as the server counts them. */
export const charCount = (value: string) => Array.from(value).length;

export function validateKeyword(value: string): Check {
  return charCount(value.trim()) > KEYWORD_MAX ? fail('errKeywordTooLong', { max: KEYWORD_MAX }) : OK;
}

/** The parts call's query: the page, and the search's keyword and category when set. */
export function partsQuery(search: PartSearch, page: number, size = PARTS_PAGE_SIZE): Record<string, string> {
  const query: Record<string, string> = { current: String(page), size: String(size) };
  const keyword = search.keyword.trim();
  if (keyword) query.keyword = keyword;
  if ((CATEGORIES as readonly string[]).includes(search.category)) query.category = search.category;
  return query;
}

// ---- Quantities ----

export const lineOf = (cart: Cart, partId: string): CartLine | undefined =>
  cart.items.find((line) => line.partId === partId);

/**
 * The quantity "add" sets: one for a part not in the cart, one more for a part in it; null when that would
 * exceed the stock (a part out of stock, or all of it already in the cart).
 */
export function addedQuantity(cart: Cart, part: Pick<Part, 'id' | 'stock'>): number | null {
  const next = (lineOf(cart, part.id)?.quantity ?? 0) + 1;
  return next > part.stock ? null : next;
}

export type QuantityCheck =
  | { ok: true; value: number }
  | { ok: false; error: string; params: Record<string, unknown> };

/** A typed quantity: a whole number from 1 to the stock. */
export function checkQuantity(value: string, line: Pick<CartLine, 'stock' | 'unit'>): QuantityCheck {
  const typed = value.trim();
  const params = { max: line.stock, stock: line.stock, unit: line.unit };
  if (!/^\d{1,6}$/.test(typed) || Number(typed) < 1) return { ok: false, error: 'errQuantity', params };
  const quantity = Number(typed);
  if (quantity > line.stock) return { ok: false, error: 'errOverStock', params };
  return { ok: true, value: quantity };
}

/**
 * A quantity typed into a line, once the user leaves it: null when nothing was typed or it is the cart's
 * quantity already (nothing to send), else the check of what was typed.
 */
export function typedQuantity(
  draft: string | null,
  line: Pick<CartLine, 'quantity' | 'stock' | 'unit'>,
): QuantityCheck | null {
  if (draft === null || draft.trim() === String(line.quantity)) return null;
  return checkQuantity(draft, line);
}

/** Whether a line's step button may change its quantity: down to 1, up to the stock. */
export const canStep = (line: Pick<CartLine, 'quantity' | 'stock'>, step: -1 | 1): boolean =>
  step < 0 ? line.quantity > 1 : line.quantity < line.stock;

// ---- Submitting ----

const MARKUP = /[<>`]/;

export function validateReason(value: string): Check {
  if (value.trim() === '') return fail('errReasonRequired');
  if (charCount(value) > REASON_MAX) return fail('errReasonTooLong', { max: REASON_MAX });
  if (MARKUP.test(value)) return fail('errMarkup');
  return OK;
}

/** A cart can be submitted with a valid reason when it holds a part (the form says why it cannot). */
export const canSubmit = (cart: Cart | null, reason: string): cart is Cart =>
  cart !== null && cart.count > 0 && validateReason(reason).ok;

/** A requisition's parts in one line: `深沟球轴承 ×2、O形密封圈 ×12` (the separator is the language's). */
export function itemsSummary(
  items: readonly Pick<RequisitionItem, 'name' | 'quantity'>[],
  separator: string,
) {
  return items.map((item) => `${item.name} ×${item.quantity}`).join(separator);
}

// ---- A list that loads ----

/** What a loading list shows: why it failed, that it loads, that it is empty, or its records. */
export function listState(
  load: 'loading' | 'done' | 'failed',
  records: number,
): 'failed' | 'loading' | 'empty' | 'list' {
  if (load === 'failed') return 'failed';
  if (records > 0) return 'list';
  return load === 'loading' ? 'loading' : 'empty';
}
