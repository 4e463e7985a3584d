import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Db, openDatabase, sql } from '../src/db/database.ts';
import { mapPage, pageArgs, pagedQuery } from '../src/db/paged.ts';
import { freshDatabase, type TestDatabase } from './engine.ts';

describe('paged queries', () => {
  let database: TestDatabase;
  let db: Db;
  before(async () => {
    database = await freshDatabase();
    db = openDatabase({ url: database.url });
    await db.script('CREATE TABLE items (id INTEGER PRIMARY KEY, tenant TEXT, name TEXT)');
    for (let i = 1; i <= 30; i++) {
      await db.run(
        sql`INSERT INTO items (id, tenant, name) VALUES (${i}, ${i <= 25 ? 'a' : 'b'}, ${`item ${i}`})`,
      );
    }
  });
  after(async () => {
    await db.close();
    await database.drop();
  });

  const ids = (records: { id: number }[]) => records.map((r) => r.id);

  it('reads current and size from a query string: defaults 1 and 10, size kept within 1..100', () => {
    assert.deepEqual(pageArgs({}), { current: 1, size: 10 });
    assert.deepEqual(pageArgs({ current: '3', size: '20' }), { current: 3, size: 20 });
    assert.deepEqual(pageArgs({ current: '0', size: '500' }), { current: 1, size: 100 });
    assert.deepEqual(pageArgs({ current: '', size: '0' }), { current: 1, size: 10 });
  });

  it('answers one page of the filtered rows with the count of all of them', async () => {
    const query = { from: sql`items WHERE tenant = ${'a'}`, orderBy: sql`id` };
    const second = await pagedQuery<{ id: number }>(db, query, { current: 2, size: 10 });
    assert.deepEqual(ids(second.records), [11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    assert.deepEqual(
      { ...second, records: undefined },
      { records: undefined, total: 25, size: 10, current: 2, pages: 3 },
    );
    assert.deepEqual(
      ids((await pagedQuery<{ id: number }>(db, query, { current: 3, size: 10 })).records),
      [21, 22, 23, 24, 25],
    );
    const beyond = await pagedQuery<{ id: number }>(db, query, { current: 9, size: 10 });
    assert.deepEqual([beyond.records, beyond.total, beyond.pages], [[], 25, 3]);
  });

  it('honours the select list and the order, and answers no pages for no rows', async () => {
    const page = await pagedQuery<{ id: number; label: string }>(
      db,
      {
        from: sql`items WHERE tenant = ${'b'}`,
        columns: sql`id, 'x' || name AS label`,
        orderBy: sql`id DESC`,
      },
      { current: 1, size: 2 },
    );
    assert.deepEqual(page.records, [
      { id: 30, label: 'xitem 30' },
      { id: 29, label: 'xitem 29' },
    ]);
    assert.equal(page.pages, 3);
    const none = await pagedQuery(
      db,
      { from: sql`items WHERE tenant = ${'c'}`, orderBy: sql`id` },
      { current: 1, size: 10 },
    );
    assert.deepEqual(none, { records: [], total: 0, size: 10, current: 1, pages: 0 });
  });

  it('maps the records and keeps the answer fields in their order', async () => {
    const page = await pagedQuery<{ id: number }>(
      db,
      { from: sql`items`, orderBy: sql`id` },
      { current: 1, size: 2 },
    );
    const mapped = mapPage(page, (r) => ({ id: String(r.id) }));
    assert.equal(
      JSON.stringify(mapped),
      '{"records":[{"id":"1"},{"id":"2"}],"total":30,"size":2,"current":1,"pages":15}',
    );
  });
});
