import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { AppContext } from '../context.ts';
import { mapPage, pageArgs } from '../db/paged.ts';
import type { CartLineRow, PartRow, RequisitionItemRow, RequisitionRow } from '../db/repos/market.ts';
import { nowText } from '../db/repos/util.ts';
import { PART_CATEGORIES } from '../db/seed-market.ts';
import { me } from '../http/auth.ts';
import { badRequest, notFound, ok } from '../http/envelope.ts';
import { messagesOf } from '../http/messages.ts';
import { body, id, idsOf, idsParams, oneOf, paging, query, type RouteApp, str } from '../http/schema.ts';

export const REASON_MAX = 200;
/** Longest search text of the parts list. */
export const KEYWORD_MAX = 40;
/** Most different parts one cart holds. */
export const CART_LINES_MAX = 30;
/** Largest quantity the schema accepts; the part's stock is the real limit. */
export const QUANTITY_MAX = 9999;

const QUANTITY = Type.Integer({ minimum: 0, maximum: QUANTITY_MAX });
const REASON = Type.String({ minLength: 1, maxLength: REASON_MAX, pattern: '^[^<>`]*$' });

const MESSAGES = {
  partUnknown: ['备件不存在', 'no such spare part'],
  overStock: [
    '申领数量不能超过库存：{name} 库存 {stock} {unit}',
    'the quantity may not exceed the stock: {name} has {stock} {unit} in stock',
  ],
  cartFull: [
    `购物车最多可放 ${CART_LINES_MAX} 种备件`,
    `a cart holds at most ${CART_LINES_MAX} different parts`,
  ],
  notInCart: ['购物车中没有该备件', 'that part is not in your cart'],
  cartEmpty: ['购物车为空，请先添加备件', 'your cart is empty: add spare parts first'],
  reasonBlank: ['申领事由不能为空', 'the reason must not be blank'],
} as const;

const say = messagesOf(MESSAGES);

const partDto = (p: PartRow) => ({
  id: String(p.id),
  code: p.part_code,
  name: p.part_name,
  category: p.category,
  spec: p.spec,
  unit: p.unit,
  stock: p.stock,
});

const cartDto = (lines: readonly CartLineRow[]) => ({
  items: lines.map((l) => ({
    partId: String(l.part_id),
    code: l.part_code,
    name: l.part_name,
    category: l.category,
    spec: l.spec,
    unit: l.unit,
    stock: l.stock,
    quantity: l.quantity,
    updateTime: l.update_time,
  })),
  count: lines.length,
  totalQuantity: lines.reduce((sum, l) => sum + l.quantity, 0),
});

const itemDto = (
  i: Pick<RequisitionItemRow, 'part_id' | 'part_code' | 'part_name' | 'spec' | 'unit' | 'quantity'>,
) => ({
  partId: String(i.part_id),
  code: i.part_code,
  name: i.part_name,
  spec: i.spec,
  unit: i.unit,
  quantity: i.quantity,
});

const requisitionDto = (r: RequisitionRow, items: readonly RequisitionItemRow[]) => ({
  id: String(r.id),
  requisitionNo: r.requisition_no,
  reason: r.reason,
  status: r.status,
  submitTime: r.submit_time,
  itemCount: r.item_count,
  totalQuantity: r.total_quantity,
  items: items.map(itemDto),
});

/**
 * Spare-parts requisitions (`/api/blade-desk/market`): the tenant's parts catalogue, the caller's cart
 * (kept on the server per user) and the requisitions submitted from it. Quantities are whole numbers from
 * 1 to the part's stock; a requisition does not take stock (the store issues parts later).
 */
export function registerMarketRoutes(app: RouteApp, ctx: AppContext) {
  const { repos } = ctx;
  const market = repos.market;
  const base = '/api/blade-desk/market';

  /** The part, or 404 (unknown ids and ids of another tenant alike). */
  const partOf = async (request: FastifyRequest, tenantId: string, partId: string) => {
    const part = await market.part(tenantId, Number(partId));
    if (!part) throw notFound(say(request, 'partUnknown'));
    return part;
  };
  const overStock = (request: FastifyRequest, p: { part_name: string; stock: number; unit: string }) =>
    badRequest(say(request, 'overStock', { name: p.part_name, stock: p.stock, unit: p.unit }));

  app.get(
    `${base}/parts`,
    {
      schema: {
        querystring: query({ ...paging, keyword: str(KEYWORD_MAX), category: oneOf(PART_CATEGORIES) }),
      },
    },
    async (request) => {
      const { tenantId } = me(request);
      const q = request.query;
      const keyword = q.keyword?.trim();
      const page = await market.partsPage(tenantId, { keyword, category: q.category }, pageArgs(q));
      return ok(mapPage(page, partDto));
    },
  );

  app.get(`${base}/cart`, { schema: { querystring: query({}) } }, async (request) => {
    const { tenantId, user } = me(request);
    return ok(cartDto(await market.cart(tenantId, user.id)));
  });

  app.post(
    `${base}/cart/submit`,
    { schema: { body: body({ partId: id, quantity: QUANTITY }, ['partId', 'quantity']) } },
    async (request) => {
      const { tenantId, user } = me(request);
      const { partId, quantity } = request.body;
      const part = await partOf(request, tenantId, partId);
      if (quantity > part.stock) throw overStock(request, part);
      // The count of lines and the line added are one step (two tabs adding the 30th and 31st part).
      return repos.transaction(async () => {
        await market.lockCart(tenantId, user.id);
        const lines = await market.cart(tenantId, user.id);
        const isNew = !lines.some((l) => l.part_id === part.id);
        if (quantity > 0 && isNew && lines.length >= CART_LINES_MAX)
          throw badRequest(say(request, 'cartFull'));
        await market.setQuantity(tenantId, user.id, part.id, quantity, nowText(ctx.now()));
        return ok(cartDto(await market.cart(tenantId, user.id)));
      });
    },
  );

  app.post(`${base}/cart/remove`, { schema: idsParams }, async (request) => {
    const { tenantId, user } = me(request);
    const partIds = idsOf(request);
    return repos.transaction(async () => {
      await market.lockCart(tenantId, user.id);
      const inCart = new Set((await market.cart(tenantId, user.id)).map((l) => l.part_id));
      if (!partIds.every((partId) => inCart.has(partId))) throw notFound(say(request, 'notInCart'));
      await market.removeLines(tenantId, user.id, partIds);
      return ok(cartDto(await market.cart(tenantId, user.id)));
    });
  });

  app.post(
    `${base}/requisition/submit`,
    { schema: { body: body({ reason: REASON }, ['reason']) } },
    async (request) => {
      const { tenantId, user } = me(request);
      const reason = request.body.reason.trim();
      if (reason === '') throw badRequest(say(request, 'reasonBlank'));
      // The cart read is the cart emptied: a second submit of it (another tab, another instance) finds it
      // empty rather than requisitioning the same lines twice.
      return repos.transaction(async () => {
        await market.lockCart(tenantId, user.id);
        const lines = await market.cart(tenantId, user.id);
        if (lines.length === 0) throw badRequest(say(request, 'cartEmpty'));
        // The catalogue may have changed since a line was put in the cart.
        for (const line of lines) {
          const part = await market.part(tenantId, line.part_id);
          if (!part) throw notFound(say(request, 'partUnknown'));
          if (line.quantity > part.stock) throw overStock(request, part);
        }
        const time = nowText(ctx.now());
        const created = await market.submitRequisition(tenantId, user.id, lines, reason, time);
        return ok({
          id: String(created.id),
          requisitionNo: created.requisitionNo,
          reason,
          status: 'submitted' as const,
          submitTime: time,
          itemCount: lines.length,
          totalQuantity: lines.reduce((sum, l) => sum + l.quantity, 0),
          items: lines.map(itemDto),
        });
      });
    },
  );

  app.get(`${base}/requisition/list`, { schema: { querystring: query({ ...paging }) } }, async (request) => {
    const { tenantId, user } = me(request);
    const page = await market.requisitionsPage(tenantId, user.id, pageArgs(request.query));
    const items = await market.requisitionItems(page.records.map((r) => r.id));
    return ok(
      mapPage(page, (r) =>
        requisitionDto(
          r,
          items.filter((i) => i.requisition_id === r.id),
        ),
      ),
    );
  });
}
