import { type Db, sql } from '../database.ts';
import { countOf, type PageArgs, pagedQuery } from '../paged.ts';
import { likeOf, whereOf } from './util.ts';

export interface PartRow {
  id: number;
  tenant_id: string;
  part_code: string;
  part_name: string;
  category: string;
  spec: string;
  unit: string;
  stock: number;
  sort: number;
}

/** A cart line with its part (as the catalogue has it now). */
export interface CartLineRow
  extends Pick<PartRow, 'part_code' | 'part_name' | 'category' | 'spec' | 'unit' | 'stock'> {
  id: number;
  part_id: number;
  quantity: number;
  update_time: string;
}

export interface RequisitionRow {
  id: number;
  tenant_id: string;
  requisition_no: string;
  user_id: number;
  reason: string;
  status: 'submitted';
  submit_time: string;
  item_count: number;
  total_quantity: number;
}

/** A requisitioned part, as the catalogue had it when the requisition was submitted. */
export interface RequisitionItemRow extends Pick<PartRow, 'part_code' | 'part_name' | 'spec' | 'unit'> {
  id: number;
  requisition_id: number;
  part_id: number;
  quantity: number;
}

export type NewPart = Omit<PartRow, 'id'>;

const CART_COLUMNS = sql`c.id, c.part_id, c.quantity, c.update_time, p.part_code, p.part_name, p.category, p.spec,
  p.unit, p.stock`;

const REQUISITION_COLUMNS = sql`r.*,
  (SELECT COUNT(*) FROM requisition_items i WHERE i.requisition_id = r.id) AS item_count,
  (SELECT COALESCE(SUM(i.quantity), 0) FROM requisition_items i WHERE i.requisition_id = r.id) AS total_quantity`;

/**
 * The spare-parts catalogue of each tenant, each user's cart and the requisitions submitted from it. Every
 * query is scoped by tenant (and the cart and requisitions by user as well).
 */
export function marketRepo(db: Db) {
  const cart = (tenantId: string, userId: number): Promise<CartLineRow[]> =>
    db.all<CartLineRow>(sql`
      SELECT ${CART_COLUMNS} FROM cart_items c JOIN spare_parts p ON p.id = c.part_id
      WHERE c.tenant_id = ${tenantId} AND c.user_id = ${userId} ORDER BY c.id`);

  return {
    countParts(tenantId: string): Promise<number> {
      return countOf(db, sql`spare_parts WHERE tenant_id = ${tenantId}`);
    },
    insertPart(part: NewPart): Promise<number> {
      return db.insert(sql`
        INSERT INTO spare_parts (tenant_id, part_code, part_name, category, spec, unit, stock, sort)
        VALUES (${part.tenant_id}, ${part.part_code}, ${part.part_name}, ${part.category}, ${part.spec},
          ${part.unit}, ${part.stock}, ${part.sort})
        RETURNING id`);
    },
    /** The tenant's parts whose name or code contains `keyword` (literally), in catalogue order. */
    partsPage(tenantId: string, filter: { keyword?: string; category?: string }, page: PageArgs) {
      const where = [sql`tenant_id = ${tenantId}`, sql`is_deleted = 0`];
      if (filter.keyword) {
        where.push(
          sql`(${likeOf(db, 'part_name', filter.keyword)} OR ${likeOf(db, 'part_code', filter.keyword)})`,
        );
      }
      if (filter.category) where.push(sql`category = ${filter.category}`);
      return pagedQuery<PartRow>(
        db,
        { from: sql`spare_parts ${whereOf(where)}`, orderBy: sql`sort, id` },
        page,
      );
    },
    part(tenantId: string, id: number): Promise<PartRow | undefined> {
      return db.get<PartRow>(
        sql`SELECT * FROM spare_parts WHERE tenant_id = ${tenantId} AND id = ${id} AND is_deleted = 0`,
      );
    },
    cart,
    /**
     * Serialises the changes of one user's cart across instances until the transaction ends (call inside
     * one): a check of the cart and the change made on it are then one step.
     */
    lockCart(tenantId: string, userId: number): Promise<void> {
      return db.lock(`cart:${tenantId}:${userId}`);
    },
    /** Sets a part's quantity in the user's cart (adding the line when it is new); 0 removes the line. */
    async setQuantity(tenantId: string, userId: number, partId: number, quantity: number, time: string) {
      if (quantity === 0) {
        await db.run(
          sql`DELETE FROM cart_items WHERE tenant_id = ${tenantId} AND user_id = ${userId} AND part_id = ${partId}`,
        );
        return;
      }
      await db.run(sql`
        INSERT INTO cart_items (tenant_id, user_id, part_id, quantity, update_time)
        VALUES (${tenantId}, ${userId}, ${partId}, ${quantity}, ${time})
        ON CONFLICT (user_id, part_id) DO UPDATE SET quantity = excluded.quantity, update_time = excluded.update_time`);
    },
    /** Removes the parts' lines from the user's cart; answers how many lines went. */
    async removeLines(tenantId: string, userId: number, partIds: readonly number[]): Promise<number> {
      if (partIds.length === 0) return 0;
      return db.run(sql`
        DELETE FROM cart_items
        WHERE tenant_id = ${tenantId} AND user_id = ${userId} AND part_id IN (${sql.join(partIds)})`);
    },
    /**
     * Turns the user's cart into a requisition (the lines copied with their parts' code, name, spec and
     * unit) and empties the cart, in one transaction. The number is `RQ<yyyymmdd>-<nnnn>`, counted per
     * tenant and day (under that day's lock, so two instances never hand out one number twice).
     */
    submitRequisition(
      tenantId: string,
      userId: number,
      lines: readonly CartLineRow[],
      reason: string,
      time: string,
    ): Promise<{ id: number; requisitionNo: string }> {
      return db.transaction(async () => {
        const day = time.slice(0, 10);
        await db.lock(`requisition-no:${tenantId}:${day}`);
        const n = await countOf(
          db,
          sql`requisitions WHERE tenant_id = ${tenantId} AND substr(submit_time, 1, 10) = ${day}`,
        );
        const requisitionNo = `RQ${day.replaceAll('-', '')}-${String(n + 1).padStart(4, '0')}`;
        const id = await db.insert(sql`
          INSERT INTO requisitions (tenant_id, requisition_no, user_id, reason, status, submit_time)
          VALUES (${tenantId}, ${requisitionNo}, ${userId}, ${reason}, 'submitted', ${time})
          RETURNING id`);
        for (const line of lines) {
          await db.run(sql`
            INSERT INTO requisition_items (requisition_id, part_id, part_code, part_name, spec, unit, quantity)
            VALUES (${id}, ${line.part_id}, ${line.part_code}, ${line.part_name}, ${line.spec}, ${line.unit},
              ${line.quantity})`);
        }
        await db.run(sql`DELETE FROM cart_items WHERE tenant_id = ${tenantId} AND user_id = ${userId}`);
        return { id, requisitionNo };
      });
    },
    /** The user's requisitions, newest first. */
    requisitionsPage(tenantId: string, userId: number, page: PageArgs) {
      return pagedQuery<RequisitionRow>(
        db,
        {
          from: sql`requisitions r WHERE r.tenant_id = ${tenantId} AND r.user_id = ${userId}`,
          columns: REQUISITION_COLUMNS,
          orderBy: sql`r.submit_time DESC, r.id DESC`,
        },
        page,
      );
    },
    /** The lines of the given requisitions, in the order they were in the cart. */
    async requisitionItems(requisitionIds: readonly number[]): Promise<RequisitionItemRow[]> {
      if (requisitionIds.length === 0) return [];
      return db.all<RequisitionItemRow>(sql`
        SELECT * FROM requisition_items WHERE requisition_id IN (${sql.join(requisitionIds)})
        ORDER BY requisition_id, id`);
    },
  };
}
