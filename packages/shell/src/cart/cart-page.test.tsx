// The requisition page against a fake of the server's market calls (docs/api.md section 17), over the
// shell's real runtime (its HTTP client shows a refused call's message as the console does). Elements are
// found by role and name.
import { expect } from '@esm-bundle/chai';
import { fireEvent, within } from '@testing-library/dom';
import { waitFor } from '../../../../test/support/dom';
import { mount } from '../../test-support/dom';
import { type FakeCall, failure, ok, shellTestServices } from '../../test-support/services';
import { MARKET_API } from './api';
import { CartPage } from './cart-page';
import type { Part } from './rules';

const PARTS: Part[] = [
  {
    id: '1',
    code: 'BRG-6320-C3',
    name: '深沟球轴承',
    category: 'bearing',
    spec: '6320-C3',
    unit: '套',
    stock: 12,
  },
  {
    id: '4',
    code: 'BRG-PAD-GD',
    name: '导轴承瓦',
    category: 'bearing',
    spec: '分块式',
    unit: '块',
    stock: 2,
  },
  { id: '9', code: 'RLY-MY2N', name: '中间继电器', category: 'relay', spec: 'MY2N-J', unit: '只', stock: 30 },
  {
    id: '15',
    code: 'OTH-GREASE-L2',
    name: '锂基润滑脂',
    category: 'other',
    spec: '2号',
    unit: '桶',
    stock: 0,
  },
];

/** An in-memory market: the catalogue above, one cart and the requisitions submitted from it. */
function fakeMarket() {
  let cart: { partId: string; quantity: number }[] = [];
  const requisitions: Record<string, unknown>[] = [
    {
      id: '1',
      requisitionNo: 'RQ20260701-0001',
      reason: '控制屏继电器更换',
      status: 'submitted',
      submitTime: '2026-07-01 09:00:00',
      itemCount: 1,
      totalQuantity: 4,
      items: [{ partId: '9', code: 'RLY-MY2N', name: '中间继电器', spec: 'MY2N-J', unit: '只', quantity: 4 }],
    },
  ];
  const failing = new Set<string>();
  const part = (id: string) => PARTS.find((p) => p.id === id);
  const cartAnswer = () => {
    const items = cart.map((line) => ({
      ...part(line.partId)!,
      partId: line.partId,
      quantity: line.quantity,
    }));
    return ok({ items, count: items.length, totalQuantity: items.reduce((n, i) => n + i.quantity, 0) });
  };
  const guard = (key: string) => {
    if (failing.has(key)) throw failure({ code: 500, msg: '服务暂不可用' }, 500);
  };
  const routes = {
    [`GET ${MARKET_API.parts}`]: (call: FakeCall) => {
      guard('parts');
      const keyword = call.params.keyword ?? '';
      const found = PARTS.filter((p) => !keyword || p.name.includes(keyword) || p.code.includes(keyword));
      return ok({ records: found, total: found.length, size: 10, current: 1, pages: 1 });
    },
    [`GET ${MARKET_API.cart}`]: () => {
      guard('cart');
      return cartAnswer();
    },
    [`POST ${MARKET_API.setQuantity}`]: (call: FakeCall) => {
      const body = call.body as unknown as { partId: string; quantity: number };
      const p = part(body.partId);
      if (!p) throw failure({ code: 404, msg: '备件不存在' }, 404);
      if (body.quantity > p.stock) {
        throw failure({ code: 400, msg: `申领数量不能超过库存：${p.name} 库存 ${p.stock} ${p.unit}` });
      }
      cart = cart.filter((line) => line.partId !== p.id || body.quantity > 0);
      const line = cart.find((l) => l.partId === p.id);
      if (line) line.quantity = body.quantity;
      else if (body.quantity > 0) cart.push({ partId: p.id, quantity: body.quantity });
      return cartAnswer();
    },
    [`POST ${MARKET_API.remove}`]: (call: FakeCall) => {
      const ids = call.body.ids.split(',');
      cart = cart.filter((line) => !ids.includes(line.partId));
      return cartAnswer();
    },
    [`POST ${MARKET_API.submit}`]: (call: FakeCall) => {
      if (cart.length === 0) throw failure({ code: 400, msg: '购物车为空，请先添加备件' });
      const items = cart.map((line) => ({ ...part(line.partId)!, quantity: line.quantity }));
      const requisition = {
        id: String(requisitions.length + 1),
        requisitionNo: `RQ20260702-000${requisitions.length + 1}`,
        reason: call.body.reason,
        status: 'submitted',
        submitTime: '2026-07-02 10:00:00',
        itemCount: items.length,
        totalQuantity: items.reduce((n, i) => n + i.quantity, 0),
        items,
      };
      requisitions.unshift(requisition);
      cart = [];
      return ok(requisition);
    },
    [`GET ${MARKET_API.requisitions}`]: () => {
      guard('requisitions');
      return ok({ records: requisitions, total: requisitions.length, size: 5, current: 1, pages: 1 });
    },
  };
  return {
    routes,
    failing,
    setCart: (lines: typeof cart) => {
      cart = lines;
    },
  };
}

/** The confirm button of the open dialog that asks `message` (the dialogs mount on the body). */
async function confirmButton(message: string): Promise<HTMLElement> {
  const text = await waitFor(() =>
    [...document.querySelectorAll('.ops-confirm__message')].find((p) => p.textContent === message),
  );
  const dialog = text.closest('sl-dialog') as HTMLElement;
  return waitFor(() => within(dialog).queryByRole('button', { name: '确定' }));
}

describe('requisition page (/market/cart)', () => {
  let cleanup: () => void = () => undefined;
  afterEach(() => cleanup());

  function setup(market = fakeMarket(), lang: 'zh' | 'en' = 'zh') {
    const fake = shellTestServices(market.routes, lang);
    const view = mount(<CartPage services={fake.services} />);
    cleanup = view.unmount;
    const page = within(view.container);
    const posts = () => fake.calls.filter((c) => c.method === 'POST');
    return { fake, market, page, posts, container: view.container };
  }
  const catalogue = (page: ReturnType<typeof within>) =>
    waitFor(() => page.queryByRole('table', { name: '备件目录' }));
  const cartList = (page: ReturnType<typeof within>) =>
    waitFor(() => page.queryByRole('list', { name: '申领清单' }));

  it('shows the catalogue, an empty cart and my requisitions; Add puts a part in, Add again one more', async () => {
    const { page, posts } = setup();
    expect(page.getByRole('heading', { level: 1, name: '备件申领' })).to.exist;
    const table = await catalogue(page);
    await waitFor(() => within(table).queryByText('深沟球轴承'));
    await waitFor(() => page.queryByText('申领清单为空：从备件目录加入备件。'));
    const mine = await waitFor(() => page.queryByRole('list', { name: '我的申领' }));
    await waitFor(() => within(mine).queryByText('RQ20260701-0001'));
    expect(within(mine).getByText('中间继电器 ×4')).to.exist;

    fireEvent.click(await waitFor(() => within(table).queryByRole('button', { name: '加入 深沟球轴承' })));
    const list = await cartList(page);
    await waitFor(() => within(list).queryByRole('spinbutton', { name: '深沟球轴承 的申领数量' }));
    expect(posts().map((c) => c.body)).to.deep.equal([{ partId: '1', quantity: 1 }]);
    const add = within(table).getByRole('button', { name: '加入 深沟球轴承' }) as HTMLButtonElement;
    await waitFor(() => !add.disabled);
    fireEvent.click(add);
    await waitFor(
      () =>
        (page.getByRole('spinbutton', { name: '深沟球轴承 的申领数量' }) as HTMLInputElement).value === '2',
    );
    expect(posts().at(-1)?.body).to.deep.equal({ partId: '1', quantity: 2 });
    expect(page.getByText('共 1 种，2 件')).to.exist;
  });

  it('cannot add a part out of stock, or more than the stock', async () => {
    const market = fakeMarket();
    market.setCart([{ partId: '4', quantity: 2 }]);
    const { page } = setup(market);
    const table = await catalogue(page);
    const grease = await waitFor(() => within(table).queryByRole('button', { name: '加入 锂基润滑脂' }));
    await waitFor(() => page.queryByRole('list', { name: '申领清单' }));
    expect((grease as HTMLButtonElement).disabled).to.equal(true);
    expect(within(table).getByText('缺货')).to.exist;
    expect(
      (within(table).getByRole('button', { name: '加入 导轴承瓦' }) as HTMLButtonElement).disabled,
    ).to.equal(true);
    expect(
      (page.getByRole('button', { name: '增加 导轴承瓦 的数量' }) as HTMLButtonElement).disabled,
    ).to.equal(true);
  });

  it('a quantity over the stock is refused on the page and nothing is sent; a good one is sent', async () => {
    const market = fakeMarket();
    market.setCart([{ partId: '4', quantity: 1 }]);
    const { page, posts } = setup(market);
    const input = (await waitFor(() =>
      page.queryByRole('spinbutton', { name: '导轴承瓦 的申领数量' }),
    )) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '3' } });
    fireEvent.focusOut(input);
    const alert = await waitFor(() => page.queryByRole('alert'));
    expect(alert.textContent).to.equal('超过库存：库存 2 块');
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    expect(posts()).to.deep.equal([]);

    fireEvent.change(input, { target: { value: '1.5' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => page.getByRole('alert').textContent === '数量须为 1 到 2 之间的整数');
    expect(posts()).to.deep.equal([]);

    // Esc puts the cart's quantity back.
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => input.value === '1' && page.queryByRole('alert') === null);

    fireEvent.change(input, { target: { value: '2' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => posts().length === 1);
    expect(posts()[0]?.body).to.deep.equal({ partId: '4', quantity: 2 });
    await waitFor(() => page.queryByText('共 1 种，2 件'));
  });

  it('the server refusing a change: its message shows and the cart keeps its quantity', async () => {
    const market = fakeMarket();
    market.setCart([{ partId: '4', quantity: 2 }]);
    // The page believes there are 5 in stock; the server knows better.
    const stale = { ...market.routes };
    stale[`GET ${MARKET_API.cart}`] = () =>
      ok({
        items: [{ ...PARTS[1], partId: '4', stock: 5, quantity: 2 }],
        count: 1,
        totalQuantity: 2,
      });
    const { page, fake } = setup({ ...market, routes: stale });
    const input = (await waitFor(() =>
      page.queryByRole('spinbutton', { name: '导轴承瓦 的申领数量' }),
    )) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '4' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => fake.toasts.length > 0, 5000);
    expect(fake.toasts).to.deep.equal([['error', '申领数量不能超过库存：导轴承瓦 库存 2 块']]);
    await waitFor(() => input.value === '2');
  });

  it('removes a line, and empties the cart after asking', async () => {
    const market = fakeMarket();
    market.setCart([
      { partId: '1', quantity: 3 },
      { partId: '9', quantity: 5 },
    ]);
    const { page, posts } = setup(market);
    const list = await cartList(page);
    fireEvent.click(await waitFor(() => within(list).queryByRole('button', { name: '移除 深沟球轴承' })));
    await waitFor(() => within(list).queryByRole('button', { name: '移除 深沟球轴承' }) === null);
    expect(posts()[0]?.body).to.deep.equal({ ids: '1' });

    fireEvent.click(page.getByRole('button', { name: '清空' }));
    fireEvent.click(await confirmButton('清空申领清单中的 1 种备件？'));
    await waitFor(() => page.queryByText('申领清单为空：从备件目录加入备件。'));
    expect(posts()[1]?.body).to.deep.equal({ ids: '9' });
  });

  it('submitting needs a reason; with one it asks, submits, empties the cart and lists the requisition', async () => {
    const market = fakeMarket();
    market.setCart([
      { partId: '1', quantity: 2 },
      { partId: '9', quantity: 6 },
    ]);
    const { page, posts, fake } = setup(market);
    await cartList(page);
    const submit = page.getByRole('button', { name: '提交申领' });
    // Clicked until the form, once its fields have registered, shows why.
    await waitFor(() => {
      fireEvent.click(submit);
      return page.queryByText('请填写申领事由');
    });
    expect(posts()).to.deep.equal([]);

    const reason = page.getByRole('textbox', { name: /申领事由/ });
    fireEvent.change(reason, { target: { value: '3号机组检修' } });
    fireEvent.click(submit);
    fireEvent.click(await confirmButton('提交 2 种共 8 件备件的申领？'));
    await waitFor(() => posts().length === 1);
    expect(posts()[0]).to.include({ url: MARKET_API.submit });
    expect(posts()[0]?.body).to.deep.equal({ reason: '3号机组检修' });
    await waitFor(() => fake.toasts.length > 0, 5000);
    expect(fake.toasts).to.deep.equal([['success', '申领单 RQ20260702-0002 已提交']]);
    await waitFor(() => page.queryByText('申领清单为空：从备件目录加入备件。'));
    const mine = page.getByRole('list', { name: '我的申领' });
    await waitFor(() => within(mine).queryByText('RQ20260702-0002'));
    expect(within(mine).getByText('深沟球轴承 ×2、中间继电器 ×6')).to.exist;
    expect((reason as HTMLTextAreaElement).value).to.equal('');
  });

  it('a search longer than 40 characters is refused on the page; a search sends its keyword', async () => {
    const { page, fake } = setup();
    await catalogue(page);
    const keyword = page.getByRole('textbox', { name: '关键字' });
    const partCalls = () => fake.calls.filter((c) => c.url === MARKET_API.parts);
    await waitFor(() => partCalls().length === 1);
    fireEvent.change(keyword, { target: { value: 'x'.repeat(41) } });
    await waitFor(() => {
      fireEvent.click(page.getByRole('button', { name: '查询' }));
      return page.queryByText('关键字不能超过 40 个字符');
    });
    expect(partCalls().length).to.equal(1);
    fireEvent.change(keyword, { target: { value: '继电器' } });
    fireEvent.click(page.getByRole('button', { name: '查询' }));
    await waitFor(() => partCalls().length === 2);
    expect(partCalls()[1]?.params).to.deep.equal({ current: '1', size: '10', keyword: '继电器' });
    const table = await catalogue(page);
    await waitFor(
      () => within(table).queryByText('深沟球轴承') === null && within(table).queryByText('中间继电器'),
    );
  });

  it('a failed load shows why, with Retry', async () => {
    const market = fakeMarket();
    market.failing.add('parts');
    const { page } = setup(market);
    const alert = await waitFor(() =>
      page.queryAllByRole('alert').find((a) => a.textContent?.includes('服务暂不可用')),
    );
    expect(alert.textContent).to.equal('加载失败：服务暂不可用');
    market.failing.delete('parts');
    fireEvent.click(page.getByRole('button', { name: '重试' }));
    const table = await catalogue(page);
    await waitFor(() => within(table).queryByText('深沟球轴承'));
  });

  it('speaks English', async () => {
    const { page } = setup(fakeMarket(), 'en');
    expect(page.getByRole('heading', { level: 1, name: 'Spare parts requisition' })).to.exist;
    const table = await waitFor(() => page.queryByRole('table', { name: 'Parts catalogue' }));
    await waitFor(() => within(table).queryByRole('button', { name: 'Add 深沟球轴承' }));
    expect(page.getByRole('button', { name: 'Submit requisition' })).to.exist;
  });
});
