import { type Db, type RawBuilder, sql } from '../database.ts';
import { countOf, type PageArgs, pagedQuery } from '../paged.ts';
import { likeAll, likeOf } from './util.ts';

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
      const where: RawBuilder<unknown>[] = [sql`n.tenant_id = ${tenantId}`, sql`n.is_deleted = 0`];
      if (filter.isReal === 0) where.push(sql`r.notice_id IS NULL`);
      if (filter.isReal === 1) where.push(sql`r.notice_id IS NOT NULL`);
      if (filter.title) where.push(likeOf(db, 'n.title', filter.title));
      if (filter.category) where.push(sql`n.category = ${filter.category}`);
      return pagedQuery<NoticeRecord>(
        db,
        {
          from: sql`notices n LEFT JOIN notice_reads r ON r.notice_id = n.id AND r.user_id = ${userId}
                    WHERE ${sql.join(where, sql` AND `)}`,
          columns: sql`n.id, n.title, n.content, n.category, n.release_time,
             CASE WHEN r.notice_id IS NULL THEN 0 ELSE 1 END AS is_real`,
          orderBy: sql`n.release_time DESC, n.id DESC`,
        },
        page,
      );
    },
    countIn(tenantId: string, ids: number[]): Promise<number> {
      if (ids.length === 0) return Promise.resolve(0);
      return countOf(
        db,
        sql`notices WHERE tenant_id = ${tenantId} AND is_deleted = 0 AND id IN (${sql.join(ids)})`,
      );
    },
    /** Marks the notices read by the user (once: a notice already read keeps its first time). */
    async markRead(userId: number, ids: number[], time: string): Promise<number> {
      let changed = 0;
      for (const id of ids)
        changed += await db.run(sql`
          INSERT INTO notice_reads (notice_id, user_id, read_time) VALUES (${id}, ${userId}, ${time})
          ON CONFLICT DO NOTHING`);
      return changed;
    },
    insert(
      tenantId: string,
      title: string,
      content: string,
      category: string,
      releaseTime: string,
    ): Promise<number> {
      return db.insert(sql`
        INSERT INTO notices (tenant_id, title, content, category, release_time)
        VALUES (${tenantId}, ${title}, ${content}, ${category}, ${releaseTime})
        RETURNING id`);
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
  const own = (tenantId: string, userId: number) => sql`tenant_id = ${tenantId} AND user_id = ${userId}`;
  return {
    /** Counts by day and classification of the caller's messages pushed from `from` to before `toExclusive`. */
    dayCounts(
      tenantId: string,
      userId: number,
      from: string,
      toExclusive: string,
    ): Promise<MessageDayCount[]> {
      // SUM over a group is never empty here (a group has at least its one row), so never NULL.
      return db.all<MessageDayCount>(sql`
        SELECT substr(push_time, 1, 10) AS day, business_classify, COUNT(*) AS count,
          SUM(CASE WHEN status = 0 THEN 1 ELSE 0 END) AS unread
        FROM messages
        WHERE ${own(tenantId, userId)} AND push_time >= ${from} AND push_time < ${toExclusive}
        GROUP BY substr(push_time, 1, 10), business_classify
        ORDER BY day, business_classify`);
    },
    unreadCounts(tenantId: string, userId: number): Promise<{ business_classify: string; todo: number }[]> {
      return db.all<{ business_classify: string; todo: number }>(sql`
        SELECT business_classify, COUNT(*) AS todo FROM messages WHERE ${own(tenantId, userId)} AND status = 0
        GROUP BY business_classify ORDER BY business_classify`);
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
      const where: RawBuilder<unknown>[] = [own(tenantId, userId)];
      if (filter.businessClassify) where.push(sql`business_classify = ${filter.businessClassify}`);
      where.push(...likeAll(db, { subject: filter.subject }));
      if (filter.status !== undefined) where.push(sql`status = ${filter.status}`);
      if (filter.startTime) where.push(sql`push_time >= ${filter.startTime}`);
      if (filter.endTime) where.push(sql`push_time <= ${filter.endTime}`);
      return pagedQuery<MessageRow>(
        db,
        {
          from: sql`messages WHERE ${sql.join(where, sql` AND `)}`,
          orderBy: sql`push_time DESC, id DESC`,
        },
        page,
      );
    },
    countIn(tenantId: string, userId: number, ids: number[]): Promise<number> {
      if (ids.length === 0) return Promise.resolve(0);
      return countOf(db, sql`messages WHERE ${own(tenantId, userId)} AND id IN (${sql.join(ids)})`);
    },
    markRead(
      tenantId: string,
      userId: number,
      ids: number[] | null,
      businessClassify?: string,
    ): Promise<number> {
      if (ids?.length === 0) return Promise.resolve(0);
      const where: RawBuilder<unknown>[] = [own(tenantId, userId), sql`status = 0`];
      if (ids) where.push(sql`id IN (${sql.join(ids)})`);
      if (businessClassify) where.push(sql`business_classify = ${businessClassify}`);
      return db.run(sql`UPDATE messages SET status = 1 WHERE ${sql.join(where, sql` AND `)}`);
    },
    insert(row: Omit<MessageRow, 'id'> & { tenant_id: string; user_id: number }): Promise<number> {
      return db.insert(sql`
        INSERT INTO messages (tenant_id, user_id, business_classify, subject, content, status, push_time, link)
        VALUES (${row.tenant_id}, ${row.user_id}, ${row.business_classify}, ${row.subject}, ${row.content},
                ${row.status}, ${row.push_time}, ${row.link})
        RETURNING id`);
    },
  };
}
