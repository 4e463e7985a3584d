import type { Db } from '../database.ts';
import { countOf, type PageArgs, pagedQuery } from '../paged.ts';
import { likeArg, placeholders } from './util.ts';

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

const CART_COLUMNS = `c.id, c.part_id, c.quantity, c.update_time, p.part_code, p.part_name, p.category, p.spec,
  p.unit, p.stock`;

const REQUISITION_COLUMNS = `r.*,
  (SELECT COUNT(*) FROM requisition_items i WHERE i.requisition_id = r.id) AS item_count,
  (SELECT COALESCE(SUM(i.quantity), 0) FROM requisition_items i WHERE i.requisition_id = r.id) AS total_quantity`;

/**
 * The spare-parts catalogue of each tenant, each user's cart and the requisitions submitted from it. Every
 * query is scoped by tenant (and the cart and requisitions by user as well).
 */
export function marketRepo(db: Db) {
  const cart = (tenantId: string, userId: number): CartLineRow[] =>
    db
      .prepare(
        `SELECT ${CART_COLUMNS} FROM cart_items c JOIN spare_parts p ON p.id = c.part_id
         WHERE c.tenant_id = ? AND c.user_id = ? ORDER BY c.id`,
      )
      .all(tenantId, userId) as CartLineRow[];

  return {
    countParts(tenantId: string): number {
      return countOf(db, 'spare_parts WHERE tenant_id = ?', tenantId);
    },
    insertPart(part: NewPart): number {
      return Number(
        db
          .prepare(
            `INSERT INTO spare_parts (tenant_id, part_code, part_name, category, spec, unit, stock, sort)
             VALUES (@tenant_id, @part_code, @part_name, @category, @spec, @unit, @stock, @sort)`,
          )
          .run(part).lastInsertRowid,
      );
    },
    /** The tenant's parts whose name or code contains `keyword` (literally), in catalogue order. */
    partsPage(tenantId: string, filter: { keyword?: string; category?: string }, page: PageArgs) {
      const where = ['tenant_id = ?', 'is_deleted = 0'];
      const args: unknown[] = [tenantId];
      if (filter.keyword) {
        where.push("(part_name LIKE ? ESCAPE '\\' OR part_code LIKE ? ESCAPE '\\')");
        args.push(likeArg(filter.keyword), likeArg(filter.keyword));
      }
      if (filter.category) {
        where.push('category = ?');
        args.push(filter.category);
      }
      return pagedQuery<PartRow>(
        db,
        { from: `spare_parts WHERE ${where.join(' AND ')}`, args, orderBy: 'sort, id' },
        page,
      );
    },
    part(tenantId: string, id: number): PartRow | undefined {
      return db
        .prepare('SELECT * FROM spare_parts WHERE tenant_id = ? AND id = ? AND is_deleted = 0')
        .get(tenantId, id) as PartRow | undefined;
    },
    cart,
    /** Sets a part's quantity in the user's cart (adding the line when it is new); 0 removes the line. */
    setQuantity(tenantId: string, userId: number, partId: number, quantity: number, time: string): void {
      if (quantity === 0) {
        db.prepare('DELETE FROM cart_items WHERE tenant_id = ? AND user_id = ? AND part_id = ?').run(
          tenantId,
          userId,
          partId,
        );
        return;
      }
      db.prepare(
        `INSERT INTO cart_items (tenant_id, user_id, part_id, quantity, update_time) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (user_id, part_id) DO UPDATE SET quantity = excluded.quantity, update_time = excluded.update_time`,
      ).run(tenantId, userId, partId, quantity, time);
    },
    /** Removes the parts' lines from the user's cart; answers how many lines went. */
    removeLines(tenantId: string, userId: number, partIds: readonly number[]): number {
      return db
        .prepare(
          `DELETE FROM cart_items WHERE tenant_id = ? AND user_id = ? AND part_id IN (${placeholders(partIds)})`,
        )
        .run(tenantId, userId, ...partIds).changes;
    },
    /**
     * Turns the user's cart into a requisition (the lines copied with their parts' code, name, spec and
     * unit) and empties the cart, in one transaction. The number is `RQ<yyyymmdd>-<nnnn>`, counted per
     * tenant and day.
     */
    submitRequisition(
      tenantId: string,
      userId: number,
      lines: readonly CartLineRow[],
      reason: string,
      time: string,
    ): { id: number; requisitionNo: string } {
      return db.transaction(() => {
        const day = time.slice(0, 10);
        const n = countOf(
          db,
          'requisitions WHERE tenant_id = ? AND substr(submit_time, 1, 10) = ?',
          tenantId,
          day,
        );
        const requisitionNo = `RQ${day.replaceAll('-', '')}-${String(n + 1).padStart(4, '0')}`;
        const id = Number(
          db
            .prepare(
              `INSERT INTO requisitions (tenant_id, requisition_no, user_id, reason, status, submit_time)
               VALUES (?, ?, ?, ?, 'submitted', ?)`,
            )
            .run(tenantId, requisitionNo, userId, reason, time).lastInsertRowid,
        );
        const insert = db.prepare(
          `INSERT INTO requisition_items (requisition_id, part_id, part_code, part_name, spec, unit, quantity)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
        );
        for (const line of lines) {
          insert.run(id, line.part_id, line.part_code, line.part_name, line.spec, line.unit, line.quantity);
        }
        db.prepare('DELETE FROM cart_items WHERE tenant_id = ? AND user_id = ?').run(tenantId, userId);
        return { id, requisitionNo };
      })();
    },
    /** The user's requisitions, newest first. */
    requisitionsPage(tenantId: string, userId: number, page: PageArgs) {
      return pagedQuery<RequisitionRow>(
        db,
        {
          from: 'requisitions r WHERE r.tenant_id = ? AND r.user_id = ?',
          args: [tenantId, userId],
          columns: REQUISITION_COLUMNS,
          orderBy: 'r.submit_time DESC, r.id DESC',
        },
        page,
      );
    },
    /** The lines of the given requisitions, in the order they were in the cart. */
    requisitionItems(requisitionIds: readonly number[]): RequisitionItemRow[] {
      if (requisitionIds.length === 0) return [];
      return db
        .prepare(
          `SELECT * FROM requisition_items WHERE requisition_id IN (${placeholders(requisitionIds)})
           ORDER BY requisition_id, id`,
        )
        .all(...requisitionIds) as RequisitionItemRow[];
    },
  };
}
