import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { sql } from '../src/db/database.ts';
import { callsAs, fingerprint, startServer, type TestServer } from './helpers.ts';

const BASE = '/api/blade-desk/market';

interface Part {
  id: string;
  code: string;
  name: string;
  category: string;
  spec: string;
  unit: string;
  stock: number;
}

interface Cart {
  items: { partId: string; code: string; name: string; stock: number; quantity: number }[];
  count: number;
  totalQuantity: number;
}

describe('spare-parts requisitions: catalogue, cart and requisitions', () => {
  let s: TestServer;
  const tokens: Record<string, string> = {};
  /** Parts of tenant 100001 by code, and one part of 100002. */
  const parts = new Map<string, Part>();
  let storagePart: Part;

  const { as, data } = callsAs(() => s, tokens);
  const cartOf = async (who: string): Promise<Cart> => data(who, `${BASE}/cart`);
  const put = (who: string, code: string, quantity: unknown) =>
    as(who, 'POST', `${BASE}/cart/submit`, { body: { partId: parts.get(code)!.id, quantity } });
  const part = (code: string) => parts.get(code)!;

  /** The request is refused with this status and message, and no row of any table changed. */
  async function refused(
    request: () => Promise<{ status: number; json: { success: boolean; msg: string } }>,
    status: number,
    msg: string | RegExp,
  ) {
    const before = await fingerprint(s);
    const res = await request();
    assert.equal(res.status, status, JSON.stringify(res.json));
    assert.equal(res.json.success, false);
    if (typeof msg === 'string') assert.equal(res.json.msg, msg);
    else assert.match(res.json.msg, msg);
    assert.equal(await fingerprint(s), before, 'nothing changed');
  }

  before(async () => {
    s = await startServer();
    tokens.operator = (await s.login('100001', 'operator', 'Operator@2026')).access_token;
    tokens.admin = (await s.login('100001', 'admin', 'Hydro@2026')).access_token;
    tokens.storage = (await s.login('100002', 'admin', 'Storage@2026')).access_token;
    for (const p of (await data('operator', `${BASE}/parts?size=100`)).records as Part[])
      parts.set(p.code, p);
    storagePart = (await data('storage', `${BASE}/parts?size=1`)).records[0];
  });
  after(() => s.close());
  beforeEach(async () => {
    // Each test starts from an empty cart for the accounts it uses.
    for (const who of ['operator', 'admin']) {
      const cart = await cartOf(who);
      if (cart.count > 0) {
        const ids = cart.items.map((i) => i.partId).join(',');
        assert.equal((await as(who, 'POST', `${BASE}/cart/remove?ids=${ids}`)).status, 200);
      }
    }
  });

  it('lists the tenant catalogue, paged, searched by name or code, filtered by category', async () => {
    const first = await data('operator', `${BASE}/parts`);
    assert.equal(first.total, 15);
    assert.equal(first.records.length, 10);
    assert.equal(first.pages, 2);
    assert.deepEqual(Object.keys(first.records[0]).sort(), [
      'category',
      'code',
      'id',
      'name',
      'spec',
      'stock',
      'unit',
    ]);
    assert.deepEqual(first.records[0], {
      id: first.records[0].id,
      code: 'BRG-6320-C3',
      name: '深沟球轴承',
      category: 'bearing',
      spec: '6320-C3 100×215×47',
      unit: '套',
      stock: 12,
    });
    const second = await data('operator', `${BASE}/parts?current=2`);
    assert.equal(second.records.length, 5);

    const byName = await data('operator', `${BASE}/parts?keyword=${encodeURIComponent('继电器')}`);
    assert.deepEqual(
      byName.records.map((p: Part) => p.code),
      ['RLY-MY2N-DC220', 'RLY-DZS-TIME'],
    );
    const byCode = await data('operator', `${BASE}/parts?keyword=pt100`);
    assert.deepEqual(
      byCode.records.map((p: Part) => p.name),
      ['铂电阻温度传感器'],
    );
    const sensors = await data('operator', `${BASE}/parts?category=sensor`);
    assert.ok(sensors.total >= 3 && sensors.records.every((p: Part) => p.category === 'sensor'));
    // Wildcards are only text.
    assert.equal((await data('operator', `${BASE}/parts?keyword=%25`)).total, 0);
    assert.equal((await data('operator', `${BASE}/parts?keyword=_`)).total, 0);

    // The other tenant has its own catalogue.
    const storage = await data('storage', `${BASE}/parts?size=100`);
    assert.equal(storage.total, 12);
    assert.ok(storage.records.every((p: Part) => !parts.has(p.code)));
  });

  it('refuses a search longer than 40 characters and a category it does not know', async () => {
    await refused(
      () => as('operator', 'GET', `${BASE}/parts?keyword=${'x'.repeat(41)}`),
      400,
      'invalid querystring.keyword: must NOT have more than 40 characters',
    );
    await refused(
      () => as('operator', 'GET', `${BASE}/parts?category=valve`),
      400,
      /^invalid querystring\.category:/,
    );
  });

  it('keeps a cart per user: add, change a quantity, 0 removes, remove by ids', async () => {
    assert.deepEqual(await cartOf('operator'), { items: [], count: 0, totalQuantity: 0 });
    const added = await put('operator', 'BRG-6320-C3', 2);
    assert.equal(added.status, 200, added.text);
    assert.deepEqual(
      added.json.data.items.map((i: Cart['items'][number]) => [i.code, i.quantity, i.stock]),
      [['BRG-6320-C3', 2, 12]],
    );
    await put('operator', 'SEAL-OR-120', 50);
    await put('operator', 'BRG-6320-C3', 12);
    const cart = await cartOf('operator');
    assert.deepEqual(
      cart.items.map((i) => [i.code, i.quantity]),
      [
        ['BRG-6320-C3', 12],
        ['SEAL-OR-120', 50],
      ],
      'lines keep the order they were added in',
    );
    assert.equal(cart.totalQuantity, 62);
    assert.equal(cart.count, 2);
    const item = cart.items[0] as Record<string, unknown>;
    assert.deepEqual(Object.keys(item).sort(), [
      'category',
      'code',
      'name',
      'partId',
      'quantity',
      'spec',
      'stock',
      'unit',
      'updateTime',
    ]);

    // Another user of the tenant has a cart of their own.
    assert.equal((await cartOf('admin')).count, 0);

    const zero = await put('operator', 'SEAL-OR-120', 0);
    assert.equal(zero.status, 200);
    assert.deepEqual(
      zero.json.data.items.map((i: Cart['items'][number]) => i.code),
      ['BRG-6320-C3'],
    );
    const removed = await as('operator', 'POST', `${BASE}/cart/remove`, {
      body: { ids: part('BRG-6320-C3').id },
    });
    assert.equal(removed.status, 200, removed.text);
    assert.equal(removed.json.data.count, 0);
  });

  it('refuses bad quantities and unknown parts, changing nothing', async () => {
    await put('operator', 'BRG-PAD-GD', 1);
    await refused(() => put('operator', 'BRG-PAD-GD', 3), 400, '申领数量不能超过库存：导轴承瓦 库存 2 块');
    await refused(
      () => put('operator', 'OTH-GREASE-L2', 1),
      400,
      '申领数量不能超过库存：锂基润滑脂 库存 0 桶',
    );
    await refused(
      () =>
        as('operator', 'POST', `${BASE}/cart/submit`, {
          body: { partId: part('BRG-PAD-GD').id, quantity: 3 },
          headers: { 'Hz-Language': 'en_US' },
        }),
      400,
      'the quantity may not exceed the stock: 导轴承瓦 has 2 块 in stock',
    );
    await refused(() => put('operator', 'BRG-PAD-GD', 1.5), 400, 'invalid body.quantity: must be integer');
    await refused(() => put('operator', 'BRG-PAD-GD', -1), 400, 'invalid body.quantity: must be >= 0');
    await refused(() => put('operator', 'BRG-PAD-GD', '2'), 400, 'invalid body.quantity: must be integer');
    await refused(() => put('operator', 'BRG-PAD-GD', 10000), 400, 'invalid body.quantity: must be <= 9999');
    await refused(
      () => as('operator', 'POST', `${BASE}/cart/submit`, { body: { quantity: 1 } }),
      400,
      "invalid body.partId: must have required property 'partId'",
    );
    await refused(
      () => as('operator', 'POST', `${BASE}/cart/submit`, { body: { partId: '999999', quantity: 1 } }),
      404,
      '备件不存在',
    );
    // A part of the other tenant does not exist for the caller.
    await refused(
      () => as('operator', 'POST', `${BASE}/cart/submit`, { body: { partId: storagePart.id, quantity: 1 } }),
      404,
      '备件不存在',
    );
    await refused(
      () => as('operator', 'POST', `${BASE}/cart/remove?ids=${part('SEAL-OR-120').id}`),
      404,
      '购物车中没有该备件',
    );
    await refused(
      () =>
        as('operator', 'POST', `${BASE}/cart/remove?ids=${part('BRG-PAD-GD').id},${part('SEAL-OR-120').id}`),
      404,
      '购物车中没有该备件',
    );
    await refused(
      () => as('operator', 'POST', `${BASE}/cart/remove`),
      400,
      'invalid request.ids: is required',
    );
    assert.deepEqual(
      (await cartOf('operator')).items.map((i) => [i.code, i.quantity]),
      [['BRG-PAD-GD', 1]],
    );
  });

  it('submits the cart as a requisition with a reason: listed first in my requisitions, cart emptied', async () => {
    await put('operator', 'FUSE-RT18-32', 6);
    await put('operator', 'SEN-PT100-WZP', 2);
    const res = await as('operator', 'POST', `${BASE}/requisition/submit`, {
      body: { reason: '  3号机组检修备件  ' },
    });
    assert.equal(res.status, 200, res.text);
    const created = res.json.data;
    assert.match(created.requisitionNo, /^RQ\d{8}-\d{4}$/);
    assert.equal(created.status, 'submitted');
    assert.equal(created.reason, '3号机组检修备件');
    assert.equal(created.itemCount, 2);
    assert.equal(created.totalQuantity, 8);
    assert.equal((await cartOf('operator')).count, 0);

    const list = await data('operator', `${BASE}/requisition/list`);
    assert.equal(list.records[0].id, created.id);
    assert.deepEqual(list.records[0], created);
    assert.deepEqual(
      list.records[0].items.map((i: { code: string; name: string; unit: string; quantity: number }) => [
        i.code,
        i.name,
        i.unit,
        i.quantity,
      ]),
      [
        ['FUSE-RT18-32', '熔断器', '只', 6],
        ['SEN-PT100-WZP', '铂电阻温度传感器', '支', 2],
      ],
    );
    // The seeded requisitions of the operator follow, newest first; paging works as everywhere.
    assert.equal(list.total, 3);
    const paged = await data('operator', `${BASE}/requisition/list?size=1&current=2`);
    assert.equal(paged.pages, 3);
    assert.equal(paged.records.length, 1);
    assert.equal(paged.records[0].reason, '控制屏中间继电器老化更换');

    // A requisition does not take stock: the store issues the parts later.
    assert.equal(
      (await data('operator', `${BASE}/parts?keyword=FUSE-RT18`)).records[0].stock,
      part('FUSE-RT18-32').stock,
    );
    // Other users do not see it.
    const admins = await data('admin', `${BASE}/requisition/list?size=100`);
    assert.ok(admins.records.every((r: { id: string }) => r.id !== created.id));
    const storage = await data('storage', `${BASE}/requisition/list?size=100`);
    assert.ok(storage.records.every((r: { id: string }) => r.id !== created.id));

    // The next one of the day gets the next number.
    await put('operator', 'FUSE-RT18-32', 1);
    const next = (await as('operator', 'POST', `${BASE}/requisition/submit`, { body: { reason: '补充' } }))
      .json.data;
    const seq = (no: string) => Number(no.slice(-4));
    assert.equal(seq(next.requisitionNo), seq(created.requisitionNo) + 1);
  });

  it('refuses a requisition without items or without a proper reason, changing nothing', async () => {
    const submit = (reqBody: unknown, who = 'operator') =>
      as(who, 'POST', `${BASE}/requisition/submit`, { body: reqBody });
    await refused(() => submit({ reason: '检修' }), 400, '购物车为空，请先添加备件');
    await put('operator', 'RLY-DZS-TIME', 1);
    await refused(() => submit({}), 400, "invalid body.reason: must have required property 'reason'");
    await refused(
      () => submit({ reason: '' }),
      400,
      'invalid body.reason: must NOT have fewer than 1 characters',
    );
    await refused(() => submit({ reason: '   ' }), 400, '申领事由不能为空');
    await refused(
      () => submit({ reason: '修'.repeat(201) }),
      400,
      'invalid body.reason: must NOT have more than 200 characters',
    );
    await refused(() => submit({ reason: '<script>' }), 400, /^invalid body\.reason: must match pattern/);
    await refused(() => submit({ reason: 42 }), 400, 'invalid body.reason: must be string');
    // 200 characters are fine.
    assert.equal((await submit({ reason: '修'.repeat(200) })).status, 200);
  });

  it('submits a cart sent twice at once as one requisition; the other finds the cart empty', async () => {
    const before = (await data('admin', `${BASE}/requisition/list`)).total;
    await put('admin', 'FUSE-RT18-32', 2);
    const submit = () => as('admin', 'POST', `${BASE}/requisition/submit`, { body: { reason: '双击提交' } });
    const answers = await Promise.all([submit(), submit()]);
    assert.deepEqual(answers.map((r) => r.status).sort(), [200, 400], answers.map((r) => r.text).join('\n'));
    assert.equal(answers.find((r) => r.status === 400)!.json.msg, '购物车为空，请先添加备件');
    assert.equal((await data('admin', `${BASE}/requisition/list`)).total, before + 1);
  });

  it('a signed-out caller gets 401 on every route', async () => {
    for (const [method, path] of [
      ['GET', `${BASE}/parts`],
      ['GET', `${BASE}/cart`],
      ['POST', `${BASE}/cart/submit`],
      ['POST', `${BASE}/cart/remove?ids=1`],
      ['POST', `${BASE}/requisition/submit`],
      ['GET', `${BASE}/requisition/list`],
    ] as const) {
      const res = await s.call(method, path, { body: method === 'POST' ? {} : undefined });
      assert.equal(res.status, 401, `${method} ${path}`);
    }
  });
});

describe('spare-parts cart: at most 30 different parts', () => {
  let s: TestServer;
  let token: string;
  before(async () => {
    s = await startServer();
    token = (await s.login('100001', 'operator', 'Operator@2026')).access_token;
    // A larger store than the demo's: 31 more parts in the catalogue.
    for (let n = 1; n <= 31; n++) {
      await s.app.opsDb.run(sql`
        INSERT INTO spare_parts (tenant_id, part_code, part_name, category, spec, unit, stock, sort)
        VALUES ('100001', ${`EXTRA-${n}`}, ${`备件${n}`}, 'other', '', '个', 5, ${100 + n})`);
    }
  });
  after(() => s.close());

  it('refuses a 31st line, but still changes the quantity of a line already there', async () => {
    const all = (await s.call('GET', `${BASE}/parts?keyword=EXTRA&size=100`, { token })).json.data
      .records as Part[];
    assert.equal(all.length, 31);
    for (const p of all.slice(0, 30)) {
      const res = await s.call('POST', `${BASE}/cart/submit`, { token, body: { partId: p.id, quantity: 1 } });
      assert.equal(res.status, 200, res.text);
    }
    const before = await fingerprint(s);
    const full = await s.call('POST', `${BASE}/cart/submit`, {
      token,
      body: { partId: all[30]!.id, quantity: 1 },
    });
    assert.equal(full.status, 400);
    assert.equal(full.json.msg, '购物车最多可放 30 种备件');
    assert.equal(await fingerprint(s), before);
    const change = await s.call('POST', `${BASE}/cart/submit`, {
      token,
      body: { partId: all[0]!.id, quantity: 5 },
    });
    assert.equal(change.status, 200);
    assert.equal(change.json.data.count, 30);
  });
});

describe('spare-parts catalogue seed', () => {
  it('is added once: a restart on the same database keeps one catalogue and the same requisitions', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ops-market-'));
    const dbPath = join(dir, 'console.sqlite');
    try {
      const counts = async () => {
        const s = await startServer({ dbPath, loginConflict: false });
        try {
          const token = (await s.login('100001', 'operator', 'Operator@2026')).access_token;
          const get = async (path: string) => (await s.call('GET', path, { token })).json.data.total;
          return [await get(`${BASE}/parts`), await get(`${BASE}/requisition/list`)];
        } finally {
          await s.close();
        }
      };
      assert.deepEqual(await counts(), [15, 2]);
      assert.deepEqual(await counts(), [15, 2]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
