import type { Db } from '../database.ts';
import { countOf, type PageArgs, pagedQuery } from '../paged.ts';
import { placeholders, whereLike } from './util.ts';

export interface NoticeRecord {
  id: number;
  title: string;
  content: string;
  category: string;
  release_time: string;
  is_real: number;
}

export function noticesRepo(db: Db) {
  return {
    page(
      tenantId: string,
      userId: number,
      filter: { isReal?: number; title?: string; category?: string },
      page: PageArgs,
    ) {
      const where = ['n.tenant_id = ?', 'n.is_deleted = 0'];
      const args: unknown[] = [userId, tenantId];
      if (filter.isReal === 0) where.push('r.notice_id IS NULL');
      if (filter.isReal === 1) where.push('r.notice_id IS NOT NULL');
      whereLike(where, args, { 'n.title': filter.title });
      if (filter.category) {
        where.push('n.category = ?');
        args.push(filter.category);
      }
      return pagedQuery<NoticeRecord>(
        db,
        {
          from: `notices n LEFT JOIN notice_reads r ON r.notice_id = n.id AND r.user_id = ? WHERE ${where.join(' AND ')}`,
          args,
          columns: `n.id, n.title, n.content, n.category, n.release_time,
             CASE WHEN r.notice_id IS NULL THEN 0 ELSE 1 END AS is_real`,
          orderBy: 'n.release_time DESC, n.id DESC',
        },
        page,
      );
    },
    countIn(tenantId: string, ids: number[]): number {
      return countOf(
        db,
        `notices WHERE tenant_id = ? AND is_deleted = 0 AND id IN (${placeholders(ids)})`,
        tenantId,
        ...ids,
      );
    },
    markRead(userId: number, ids: number[], time: string): number {
      const stmt = db.prepare(
        'INSERT OR IGNORE INTO notice_reads (notice_id, user_id, read_time) VALUES (?, ?, ?)',
      );
      let changed = 0;
      for (const id of ids) changed += stmt.run(id, userId, time).changes;
      return changed;
    },
    insert(tenantId: string, title: string, content: string, category: string, releaseTime: string): number {
      return Number(
        db
          .prepare(
            'INSERT INTO notices (tenant_id, title, content, category, release_time) VALUES (?, ?, ?, ?, ?)',
          )
          .run(tenantId, title, content, category, releaseTime).lastInsertRowid,
      );
    },
  };
}

export interface MessageRow {
  id: number;
  business_classify: string;
  subject: string;
  content: string;
  status: number;
  push_time: string;
  link: string;
}

/** The caller's messages of one day (`YYYY-MM-DD`) and classification: how many, how many unread. */
export interface MessageDayCount {
  day: string;
  business_classify: string;
  count: number;
  unread: number;
}

export function messagesRepo(db: Db) {
  return {
    /** Counts by day and classification of the caller's messages pushed from `from` to before `toExclusive`. */
    dayCounts(tenantId: string, userId: number, from: string, toExclusive: string): MessageDayCount[] {
      return db
        .prepare(
          `SELECT substr(push_time, 1, 10) AS day, business_classify, COUNT(*) AS count,
             SUM(CASE WHEN status = 0 THEN 1 ELSE 0 END) AS unread
           FROM messages WHERE tenant_id = ? AND user_id = ? AND push_time >= ? AND push_time < ?
           GROUP BY day, business_classify ORDER BY day, business_classify`,
        )
        .all(tenantId, userId, from, toExclusive) as unknown as MessageDayCount[];
    },
    unreadCounts(tenantId: string, userId: number) {
      return db
        .prepare(
          `SELECT business_classify, COUNT(*) AS todo FROM messages WHERE tenant_id = ? AND user_id = ? AND status = 0
           GROUP BY business_classify ORDER BY business_classify`,
        )
        .all(tenantId, userId) as { business_classify: string; todo: number }[];
    },
    page(
      tenantId: string,
      userId: number,
      filter: {
        businessClassify?: string;
        subject?: string;
        status?: number;
        startTime?: string;
        endTime?: string;
      },
      page: PageArgs,
    ) {
      const where = ['tenant_id = ?', 'user_id = ?'];
      const args: unknown[] = [tenantId, userId];
      if (filter.businessClassify) {
        where.push('business_classify = ?');
        args.push(filter.businessClassify);
      }
      whereLike(where, args, { subject: filter.subject });
      if (filter.status !== undefined) {
        where.push('status = ?');
        args.push(filter.status);
      }
      if (filter.startTime) {
        where.push('push_time >= ?');
        args.push(filter.startTime);
      }
      if (filter.endTime) {
        where.push('push_time <= ?');
        args.push(filter.endTime);
      }
      return pagedQuery<MessageRow>(
        db,
        { from: `messages WHERE ${where.join(' AND ')}`, args, orderBy: 'push_time DESC, id DESC' },
        page,
      );
    },
    countIn(tenantId: string, userId: number, ids: number[]): number {
      return countOf(
        db,
        `messages WHERE tenant_id = ? AND user_id = ? AND id IN (${placeholders(ids)})`,
        tenantId,
        userId,
        ...ids,
      );
    },
    markRead(tenantId: string, userId: number, ids: number[] | null, businessClassify?: string): number {
      const where = ['tenant_id = ?', 'user_id = ?', 'status = 0'];
      const args: unknown[] = [tenantId, userId];
      if (ids) {
        where.push(`id IN (${placeholders(ids)})`);
        args.push(...ids);
      }
      if (businessClassify) {
        where.push('business_classify = ?');
        args.push(businessClassify);
      }
      return db.prepare(`UPDATE messages SET status = 1 WHERE ${where.join(' AND ')}`).run(...args).changes;
    },
    insert(row: Omit<MessageRow, 'id'> & { tenant_id: string; user_id: number }): number {
      return Number(
        db
          .prepare(
            `INSERT INTO messages (tenant_id, user_id, business_classify, subject, content, status, push_time, link)
             VALUES (@tenant_id, @user_id, @business_classify, @subject, @content, @status, @push_time, @link)`,
          )
          .run(row).lastInsertRowid,
      );
    },
  };
}
