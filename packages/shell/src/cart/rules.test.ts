import { expect } from '@esm-bundle/chai';
import {
  addedQuantity,
  CATEGORIES,
  type Cart,
  canStep,
  canSubmit,
  categoryTextKey,
  checkQuantity,
  EMPTY_CART,
  EMPTY_SEARCH,
  itemsSummary,
  listState,
  parseCart,
  parsePage,
  partsQuery,
  readPart,
  readRequisition,
  statusTextKey,
  typedQuantity,
  validateKeyword,
  validateReason,
} from './rules';

const CART: Cart = parseCart({
  items: [
    { partId: '4', code: 'BRG-PAD-GD', name: '导轴承瓦', spec: '分块式', unit: '块', stock: 2, quantity: 2 },
    {
      partId: '6',
      code: 'SEAL-OR-120',
      name: 'O形密封圈',
      spec: '120×5.3',
      unit: '个',
      stock: 200,
      quantity: 12,
    },
  ],
  count: 2,
  totalQuantity: 14,
});

describe('requisition page: reading the server', () => {
  it('reads a page of parts, and refuses an answer that is no page', () => {
    const page = parsePage(
      {
        records: [
          { id: '1', code: 'BRG-6320-C3', name: '深沟球轴承', spec: '6320', unit: '套', stock: 12 },
          null,
        ],
        total: 15,
      },
      readPart,
    );
    expect(page.total).to.equal(15);
    expect(page.records).to.deep.equal([
      { id: '1', code: 'BRG-6320-C3', name: '深沟球轴承', category: '', spec: '6320', unit: '套', stock: 12 },
    ]);
    expect(() => parsePage(null, readPart)).to.throw(TypeError);
    expect(() => parsePage({ records: 'x' }, readPart)).to.throw(TypeError);
  });

  it('reads a cart, counting lines and pieces itself; a stock that is no count reads 0', () => {
    expect(CART.count).to.equal(2);
    expect(CART.totalQuantity).to.equal(14);
    expect(CART.items[0]).to.deep.equal({
      partId: '4',
      code: 'BRG-PAD-GD',
      name: '导轴承瓦',
      spec: '分块式',
      unit: '块',
      stock: 2,
      quantity: 2,
    });
    expect(parseCart({ items: [{ partId: '1', stock: -3, quantity: 1.5 }] }).items[0]).to.include({
      stock: 0,
      quantity: 0,
    });
    expect(() => parseCart({})).to.throw(TypeError);
  });

  it('reads a requisition with its items', () => {
    const r = readRequisition({
      id: 7,
      requisitionNo: 'RQ20260701-0001',
      reason: '检修',
      status: 'submitted',
      submitTime: '2026-07-01 10:00:00',
      items: [{ partId: '1', code: 'A', name: '甲', spec: '', unit: '个', quantity: 2 }],
    });
    expect(r).to.deep.include({ id: '7', itemCount: 1, totalQuantity: 2, status: 'submitted' });
    expect(r.items[0]).to.deep.equal({
      partId: '1',
      code: 'A',
      name: '甲',
      spec: '',
      unit: '个',
      quantity: 2,
    });
  });
});

describe('requisition page: the catalogue search', () => {
  it('allows up to 40 characters (spaces around do not count)', () => {
    expect(validateKeyword('轴承').ok).to.equal(true);
    expect(validateKeyword(` ${'x'.repeat(40)} `).ok).to.equal(true);
    expect(validateKeyword('x'.repeat(41))).to.deep.equal({
      ok: false,
      error: 'errKeywordTooLong',
      params: { max: 40 },
    });
    // Counted as characters, not UTF-16 units.
    expect(validateKeyword('𝒳'.repeat(40)).ok).to.equal(true);
  });

  it('sends the page, and the keyword and category only when set', () => {
    expect(partsQuery(EMPTY_SEARCH, 1)).to.deep.equal({ current: '1', size: '10' });
    expect(partsQuery({ keyword: '  继电器 ', category: 'relay' }, 2)).to.deep.equal({
      current: '2',
      size: '10',
      keyword: '继电器',
      category: 'relay',
    });
    expect(partsQuery({ keyword: '', category: 'valve' }, 1)).to.deep.equal({ current: '1', size: '10' });
  });
});

describe('requisition page: the server values as texts', () => {
  it('names the known categories by a text key, and leaves another as the server sent it', () => {
    expect(CATEGORIES.map(categoryTextKey)).to.deep.equal([
      'catBearing',
      'catSeal',
      'catFuse',
      'catRelay',
      'catSensor',
      'catOther',
    ]);
    expect(categoryTextKey('valve')).to.equal(null);
    expect(categoryTextKey('constructor')).to.equal(null);
  });

  it('names the submitted status by a text key, and leaves another as the server sent it', () => {
    expect(statusTextKey('submitted')).to.equal('statusSubmitted');
    expect(statusTextKey('approved')).to.equal(null);
  });
});

describe('requisition page: quantities', () => {
  it('adding sets 1 for a new part, one more for a part in the cart, nothing past the stock', () => {
    expect(addedQuantity(EMPTY_CART, { id: '9', stock: 5 })).to.equal(1);
    expect(addedQuantity(CART, { id: '6', stock: 200 })).to.equal(13);
    expect(addedQuantity(CART, { id: '4', stock: 2 })).to.equal(null);
    expect(addedQuantity(EMPTY_CART, { id: '15', stock: 0 })).to.equal(null);
  });

  it('a typed quantity is a whole number from 1 to the stock', () => {
    const line = { stock: 2, unit: '块' };
    expect(checkQuantity('1', line)).to.deep.equal({ ok: true, value: 1 });
    expect(checkQuantity(' 2 ', line)).to.deep.equal({ ok: true, value: 2 });
    const params = { max: 2, stock: 2, unit: '块' };
    expect(checkQuantity('3', line)).to.deep.equal({ ok: false, error: 'errOverStock', params });
    for (const bad of ['0', '', '1.5', '-1', 'abc', '1e2', '9999999']) {
      expect(checkQuantity(bad, line), bad).to.deep.equal({ ok: false, error: 'errQuantity', params });
    }
  });

  it('a typed quantity left unchanged sends nothing; another is checked', () => {
    const line = { quantity: 1, stock: 2, unit: '块' };
    expect(typedQuantity(null, line)).to.equal(null);
    expect(typedQuantity(' 1 ', line)).to.equal(null);
    expect(typedQuantity('2', line)).to.deep.equal({ ok: true, value: 2 });
    expect(typedQuantity('3', line)).to.deep.equal({
      ok: false,
      error: 'errOverStock',
      params: { max: 2, stock: 2, unit: '块' },
    });
  });

  it('the step buttons go down to 1 and up to the stock', () => {
    expect(canStep({ quantity: 1, stock: 2 }, -1)).to.equal(false);
    expect(canStep({ quantity: 1, stock: 2 }, 1)).to.equal(true);
    expect(canStep({ quantity: 2, stock: 2 }, -1)).to.equal(true);
    expect(canStep({ quantity: 2, stock: 2 }, 1)).to.equal(false);
    // A stock that fell under the quantity: down still goes, up does not.
    expect(canStep({ quantity: 5, stock: 2 }, -1)).to.equal(true);
    expect(canStep({ quantity: 5, stock: 2 }, 1)).to.equal(false);
  });
});

describe('requisition page: the reason and the summary', () => {
  it('submits a cart that holds a part, with a valid reason', () => {
    expect(canSubmit(CART, '检修')).to.equal(true);
    expect(canSubmit(CART, ' ')).to.equal(false);
    expect(canSubmit(EMPTY_CART, '检修')).to.equal(false);
    expect(canSubmit(null, '检修')).to.equal(false);
  });

  it('the reason is required, at most 200 characters, without < > or backtick', () => {
    expect(validateReason('2号机组检修').ok).to.equal(true);
    expect(validateReason('   ')).to.deep.equal({ ok: false, error: 'errReasonRequired' });
    expect(validateReason('修'.repeat(200)).ok).to.equal(true);
    expect(validateReason('修'.repeat(201))).to.deep.equal({
      ok: false,
      error: 'errReasonTooLong',
      params: { max: 200 },
    });
    expect(validateReason('a<b')).to.deep.equal({ ok: false, error: 'errMarkup' });
  });

  it('summarises the parts of a requisition in one line', () => {
    expect(itemsSummary(CART.items, '、')).to.equal('导轴承瓦 ×2、O形密封圈 ×12');
    expect(itemsSummary([], ', ')).to.equal('');
  });
});

describe('requisition page: a list that loads', () => {
  it('shows why it failed, else its records, else that it loads or is empty', () => {
    expect(listState('failed', 3)).to.equal('failed');
    expect(listState('loading', 3)).to.equal('list');
    expect(listState('done', 3)).to.equal('list');
    expect(listState('loading', 0)).to.equal('loading');
    expect(listState('done', 0)).to.equal('empty');
  });
});
