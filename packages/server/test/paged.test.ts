import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { mapPage, pageArgs, pagedQuery } from '../src/db/paged.ts';

describe('paged queries', () => {
  const db = new Database(':memory:');
  before(() => {
    db.exec('CREATE TABLE items (id INTEGER PRIMARY KEY, tenant TEXT, name TEXT)');
    const insert = db.prepare('INSERT INTO items (id, tenant, name) VALUES (?, ?, ?)');
    for (let i = 1; i <= 25; i++) insert.run(i, 'a', `item ${i}`);
    for (let i = 26; i <= 30; i++) insert.run(i, 'b', `item ${i}`);
  });
  after(() => db.close());

  const ids = (records: { id: number }[]) => records.map((r) => r.id);

  it('reads current and size from a query string: defaults 1 and 10, size kept within 1..100', () => {
    assert.deepEqual(pageArgs({}), { current: 1, size: 10 });
    assert.deepEqual(pageArgs({ current: '3', size: '20' }), { current: 3, size: 20 });
    assert.deepEqual(pageArgs({ current: '0', size: '500' }), { current: 1, size: 100 });
    assert.deepEqual(pageArgs({ current: '', size: '0' }), { current: 1, size: 10 });
  });

  it('answers one page of the filtered rows with the count of all of them', () => {
    const sql = { from: 'items WHERE tenant = ?', args: ['a'], orderBy: 'id' };
    const second = pagedQuery<{ id: number }>(db, sql, { current: 2, size: 10 });
    assert.deepEqual(ids(second.records), [11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    assert.deepEqual(
      { ...second, records: undefined },
      { records: undefined, total: 25, size: 10, current: 2, pages: 3 },
    );
    assert.deepEqual(
      ids(pagedQuery<{ id: number }>(db, sql, { current: 3, size: 10 }).records),
      [21, 22, 23, 24, 25],
    );
    const beyond = pagedQuery<{ id: number }>(db, sql, { current: 9, size: 10 });
    assert.deepEqual([beyond.records, beyond.total, beyond.pages], [[], 25, 3]);
  });

  it('honours the select list and the order, and answers no pages for no rows', () => {
    const page = pagedQuery<{ id: number; label: string }>(
      db,
      {
        from: 'items WHERE tenant = ?',
        args: ['b'],
        columns: "id, 'x' || name AS label",
        orderBy: 'id DESC',
      },
      { current: 1, size: 2 },
    );
    assert.deepEqual(page.records, [
      { id: 30, label: 'xitem 30' },
      { id: 29, label: 'xitem 29' },
    ]);
    assert.equal(page.pages, 3);
    const none = pagedQuery(
      db,
      { from: 'items WHERE tenant = ?', args: ['c'], orderBy: 'id' },
      { current: 1, size: 10 },
    );
    assert.deepEqual(none, { records: [], total: 0, size: 10, current: 1, pages: 0 });
  });

  it('maps the records and keeps the answer fields in their order', () => {
    const page = pagedQuery<{ id: number }>(db, { from: 'items', orderBy: 'id' }, { current: 1, size: 2 });
    const mapped = mapPage(page, (r) => ({ id: String(r.id) }));
    assert.equal(
      JSON.stringify(mapped),
      '{"records":[{"id":"1"},{"id":"2"}],"total":30,"size":2,"current":1,"pages":15}',
    );
  });
});
