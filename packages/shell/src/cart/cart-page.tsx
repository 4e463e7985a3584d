import { type Http, holdStylesheet } from '@ops/shared';
import {
  Button,
  type Column,
  confirm,
  DataTable,
  Form,
  LoadFailed,
  Pagination,
  SelectField,
  TextareaField,
  TextField,
} from '@ops/ui';
import { type Load, shown, useLoad, useUnmountSignal, wasCancelled } from '@ops/ui/load';
import { type ReactNode, useId, useLayoutEffect, useRef, useState } from 'react';
import { type ShellT, useShellText } from '../shared/i18n';
import type { ShellServices } from '../shared/services';
import { fetchCart, fetchParts, fetchRequisitions, removeLines, setQuantity, submitRequisition } from './api';
import href from './cart.css';
import {
  ALL,
  addedQuantity,
  CATEGORIES,
  type Cart,
  type CartLine,
  checkQuantity,
  EMPTY_SEARCH,
  itemsSummary,
  PARTS_PAGE_SIZE,
  type Part,
  type PartSearch,
  partsQuery,
  REASON_MAX,
  REQUISITIONS_PAGE_SIZE,
  validateKeyword,
  validateReason,
} from './rules';
import { CART_TEXTS } from './texts';

type Services = Pick<ShellServices, 'http' | 'notify'>;

const CATEGORY_KEYS: Record<string, string> = {
  bearing: 'catBearing',
  seal: 'catSeal',
  fuse: 'catFuse',
  relay: 'catRelay',
  sensor: 'catSensor',
  other: 'catOther',
};

/**
 * `/market/cart`: spare-parts requisition. The tenant's catalogue (search, paged), the user's cart kept by
 * the server (quantities 1..stock, remove, empty), submitting it with a reason, and my requisitions.
 */
export function CartPage({ services }: { services: Services }) {
  useLayoutEffect(() => holdStylesheet(href), []);
  const { t } = useShellText(CART_TEXTS);
  const { http, notify } = services;
  const signal = useUnmountSignal();
  const cart = useLoad((s) => fetchCart(http, s), 'cart', signal);
  /** A change of the cart is under way: the cart's controls wait for it. */
  const [busy, setBusy] = useState(false);
  /** The same, at once (two clicks in one frame see the same `busy`). */
  const pending = useRef(false);
  const [submitting, setSubmitting] = useState(false);
  /** My requisitions: their page, and a counter that loads them again after a submit. */
  const [minePage, setMinePage] = useState(1);
  const [mineVersion, setMineVersion] = useState(0);

  /** Runs a change the server answers with the cart; false when it was refused (the client said why). */
  const change = async (work: (s: AbortSignal) => Promise<Cart>): Promise<boolean> => {
    if (pending.current) return false;
    pending.current = true;
    setBusy(true);
    try {
      cart.set(await work(signal));
      return true;
    } catch {
      // The console's client showed the server's message; the cart is as it was.
      return false;
    } finally {
      pending.current = false;
      if (!signal.aborted) setBusy(false);
    }
  };

  const current = cart.load.state === 'done' ? cart.load.data : null;

  const submit = async (reason: string): Promise<boolean> => {
    // The form checks the reason and shows why; nothing is sent without a valid one in any case.
    if (!current || current.count === 0 || pending.current || !validateReason(reason).ok) return false;
    const go = await confirm({
      message: t('submitConfirm', { count: current.count, total: current.totalQuantity }),
    });
    if (!go || signal.aborted || pending.current) return false;
    pending.current = true;
    setBusy(true);
    setSubmitting(true);
    try {
      const requisition = await submitRequisition(http, reason.trim(), signal);
      notify.success(t('submitted', { no: requisition.requisitionNo }));
      cart.set({ items: [], count: 0, totalQuantity: 0 });
      setMinePage(1);
      setMineVersion((n) => n + 1);
      return true;
    } catch (error) {
      // A refusal (a stock that changed, say) leaves the cart as the server has it: read it again.
      if (!wasCancelled(error, signal)) cart.retry();
      return false;
    } finally {
      pending.current = false;
      if (!signal.aborted) {
        setBusy(false);
        setSubmitting(false);
      }
    }
  };

  return (
    <section className="ops-shell-page ops-cart" aria-labelledby="ops-cart-title">
      <h1 id="ops-cart-title">{t('title')}</h1>
      <p className="ops-cart__intro">{t('intro')}</p>
      <div className="ops-cart__top">
        <Catalogue
          http={http}
          signal={signal}
          cart={current}
          busy={busy}
          onAdd={(part, quantity) => change((s) => setQuantity(http, part.id, quantity, s))}
        />
        <div className="ops-cart__side">
          <CartPanel
            load={cart.load}
            onRetry={cart.retry}
            busy={busy}
            submitting={submitting}
            onQuantity={(line, quantity) => change((s) => setQuantity(http, line.partId, quantity, s))}
            onRemove={(lines) =>
              change((s) =>
                removeLines(
                  http,
                  lines.map((line) => line.partId),
                  s,
                ),
              )
            }
            onSubmit={submit}
          />
          <MyRequisitions
            http={http}
            signal={signal}
            page={minePage}
            onPage={setMinePage}
            version={mineVersion}
          />
        </div>
      </div>
    </section>
  );
}

/** A load that failed: why (when known) and a Retry button. */
function Failed({ reason, onRetry, t }: { reason: string; onRetry: () => void; t: ShellT }) {
  return (
    <LoadFailed
      className="ops-cart__failed"
      message={reason ? t('loadFailed', { reason }) : t('loadFailedPlain')}
      retryLabel={t('retry')}
      onRetry={onRetry}
    />
  );
}

function Panel({
  id,
  title,
  extra,
  children,
}: {
  id: string;
  title: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="ops-cart__panel" aria-labelledby={id}>
      <div className="ops-cart__panel-head">
        <h2 id={id}>{title}</h2>
        {extra}
      </div>
      {children}
    </section>
  );
}

// ---- The catalogue ----

function Catalogue({
  http,
  signal,
  cart,
  busy,
  onAdd,
}: {
  http: Http;
  signal: AbortSignal;
  cart: Cart | null;
  busy: boolean;
  onAdd: (part: Part, quantity: number) => void;
}) {
  const { t } = useShellText(CART_TEXTS);
  const [draft, setDraft] = useState<PartSearch>(EMPTY_SEARCH);
  const [applied, setApplied] = useState<PartSearch>(EMPTY_SEARCH);
  const [page, setPage] = useState(1);
  const query = partsQuery(applied, page);
  const parts = useLoad((s) => fetchParts(http, query, s), JSON.stringify(query), signal);
  const data = shown(parts.load);

  const search = () => {
    if (!validateKeyword(draft.keyword).ok) return;
    setApplied({ ...draft, keyword: draft.keyword.trim() });
    setPage(1);
  };
  const reset = () => {
    setDraft(EMPTY_SEARCH);
    setApplied(EMPTY_SEARCH);
    setPage(1);
  };
  const categoryName = (category: string) =>
    CATEGORY_KEYS[category] ? t(CATEGORY_KEYS[category]) : category;

  const columns: Column<Part>[] = [
    {
      key: 'code',
      title: t('code'),
      width: 150,
      render: (row) => <code className="ops-cart__code">{row.code}</code>,
    },
    {
      key: 'name',
      title: t('nameSpec'),
      render: (row) => (
        <span className="ops-cart__name">
          {row.name}
          <span className="ops-cart__muted">{row.spec}</span>
        </span>
      ),
    },
    {
      key: 'category',
      title: t('category'),
      width: 72,
      render: (row) => <span className="ops-cart__nowrap">{categoryName(row.category)}</span>,
    },
    { key: 'unit', title: t('unit'), width: 56 },
    {
      key: 'stock',
      title: t('stock'),
      width: 72,
      align: 'right',
      render: (row) =>
        row.stock === 0 ? <span className="ops-cart__out">{t('outOfStock')}</span> : String(row.stock),
    },
  ];

  return (
    <Panel id="ops-cart-catalogue-title" title={t('catalogueTitle')}>
      <Form label={t('searchLabel')} onSubmit={search} className="ops-cart__search" errorText={t}>
        <TextField
          label={t('keyword')}
          placeholder={t('keywordPlaceholder')}
          value={draft.keyword}
          onChange={(keyword) => setDraft((d) => ({ ...d, keyword }))}
          validate={validateKeyword}
        />
        <SelectField
          label={t('category')}
          value={draft.category}
          options={[ALL, ...CATEGORIES].map((value) => ({
            value,
            label: value === ALL ? t('catAll') : categoryName(value),
          }))}
          onChange={(category) => setDraft((d) => ({ ...d, category }))}
        />
        <div className="ops-cart__buttons">
          <Button type="submit" variant="primary">
            {t('search')}
          </Button>
          <Button onClick={reset}>{t('reset')}</Button>
        </div>
      </Form>
      {parts.load.state === 'failed' ? (
        <Failed reason={parts.load.reason} onRetry={parts.retry} t={t} />
      ) : (
        <DataTable<Part>
          caption={t('partsCaption')}
          columns={columns}
          rows={data?.records ?? []}
          rowKey={(row) => row.id}
          rowLabel={(row) => row.name}
          actions={[
            {
              key: 'add',
              label: t('add'),
              onClick: (row) => {
                const quantity = cart && addedQuantity(cart, row);
                if (quantity) onAdd(row, quantity);
              },
              disabled: (row) => busy || !cart || addedQuantity(cart, row) === null,
            },
          ]}
          actionsWidth={72}
          loading={parts.load.state === 'loading'}
          emptyText={t('partsEmpty')}
          pageSize={PARTS_PAGE_SIZE}
          total={data?.total ?? 0}
          page={page}
          onPageChange={setPage}
        />
      )}
    </Panel>
  );
}

// ---- The cart ----

function CartPanel({
  load,
  onRetry,
  busy,
  submitting,
  onQuantity,
  onRemove,
  onSubmit,
}: {
  load: Load<Cart>;
  onRetry: () => void;
  busy: boolean;
  submitting: boolean;
  onQuantity: (line: CartLine, quantity: number) => Promise<boolean>;
  onRemove: (lines: CartLine[]) => Promise<boolean>;
  onSubmit: (reason: string) => Promise<boolean>;
}) {
  const { t } = useShellText(CART_TEXTS);
  const [reason, setReason] = useState('');
  const cart = load.state === 'done' ? load.data : null;
  const empty = cart !== null && cart.count === 0;

  const clear = async () => {
    if (!cart || cart.count === 0) return;
    if (await confirm({ message: t('clearConfirm', { count: cart.count }), danger: true })) {
      await onRemove(cart.items);
    }
  };

  return (
    <Panel
      id="ops-cart-cart-title"
      title={t('cartTitle')}
      extra={
        cart && (
          <>
            <p className="ops-cart__summary" aria-live="polite">
              {t('cartSummary', { count: cart.count, total: cart.totalQuantity })}
            </p>
            {cart.count > 0 && (
              <Button size="small" variant="text" disabled={busy} onClick={() => void clear()}>
                {t('clear')}
              </Button>
            )}
          </>
        )
      }
    >
      {load.state === 'loading' && (
        <p className="ops-cart__state" role="status">
          {t('loading')}
        </p>
      )}
      {load.state === 'failed' && <Failed reason={load.reason} onRetry={onRetry} t={t} />}
      {empty && <p className="ops-cart__state">{t('cartEmpty')}</p>}
      {cart && cart.count > 0 && (
        <ul className="ops-cart__lines" aria-labelledby="ops-cart-cart-title">
          {cart.items.map((line) => (
            <CartLineView
              key={line.partId}
              line={line}
              busy={busy}
              onQuantity={(quantity) => onQuantity(line, quantity)}
              onRemove={() => void onRemove([line])}
            />
          ))}
        </ul>
      )}
      {cart && (
        <Form
          label={t('submit')}
          className="ops-cart__submit"
          errorText={t}
          busy={busy}
          onSubmit={() => {
            void onSubmit(reason).then((done) => done && setReason(''));
          }}
        >
          <TextareaField
            label={t('reason')}
            required
            placeholder={t('reasonPlaceholder')}
            value={reason}
            onChange={setReason}
            validate={validateReason}
            maxLength={REASON_MAX}
            rows={3}
          />
          <Button
            type="submit"
            variant="primary"
            disabled={empty || (busy && !submitting)}
            loading={submitting}
          >
            {t('submit')}
          </Button>
        </Form>
      )}
    </Panel>
  );
}

function CartLineView({
  line,
  busy,
  onQuantity,
  onRemove,
}: {
  line: CartLine;
  busy: boolean;
  onQuantity: (quantity: number) => Promise<boolean>;
  onRemove: () => void;
}) {
  const { t } = useShellText(CART_TEXTS);
  const id = useId();
  /** What the user typed, until it is sent or dropped; null shows the cart's quantity. */
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The server's answer is the truth: a new quantity replaces what was typed (adjusted while rendering,
  // so nothing typed meanwhile is overwritten later).
  const [shownQuantity, setShownQuantity] = useState(line.quantity);
  if (shownQuantity !== line.quantity) {
    setShownQuantity(line.quantity);
    setDraft(null);
    setError(null);
  }
  const drop = () => {
    setDraft(null);
    setError(null);
  };

  const set = (quantity: number) => {
    setError(null);
    void onQuantity(quantity).then((done) => {
      if (!done) setDraft(null);
    });
  };
  const commit = () => {
    if (draft === null || draft.trim() === String(line.quantity)) return drop();
    const check = checkQuantity(draft, line);
    if (!check.ok) {
      // Refused here: nothing is sent, the cart keeps its quantity.
      setError(t(check.error, check.params));
      return;
    }
    set(check.value);
  };

  return (
    <li className="ops-cart__line">
      <div className="ops-cart__line-part">
        <span className="ops-cart__line-name">{line.name}</span>
        <span className="ops-cart__muted">
          <code>{line.code}</code> · {line.spec}
        </span>
      </div>
      <div className="ops-cart__quantity">
        <button
          type="button"
          className="ops-cart__step"
          aria-label={t('decrease', { name: line.name })}
          disabled={busy || line.quantity <= 1}
          onClick={() => set(line.quantity - 1)}
        >
          −
        </button>
        <input
          type="number"
          inputMode="numeric"
          className="ops-cart__input"
          min={1}
          max={line.stock}
          step={1}
          value={draft ?? String(line.quantity)}
          disabled={busy}
          aria-label={t('quantityOf', { name: line.name })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-stock`}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit();
            if (event.key === 'Escape') drop();
          }}
        />
        <button
          type="button"
          className="ops-cart__step"
          aria-label={t('increase', { name: line.name })}
          disabled={busy || line.quantity >= line.stock}
          onClick={() => set(line.quantity + 1)}
        >
          +
        </button>
        <span className="ops-cart__unit">{line.unit}</span>
      </div>
      <span id={`${id}-stock`} className="ops-cart__muted ops-cart__stock">
        {t('stockOf', { stock: line.stock, unit: line.unit })}
      </span>
      <Button size="small" variant="text" disabled={busy} onClick={onRemove}>
        {t('remove')}
        <span className="ops-cart__hidden"> {line.name}</span>
      </Button>
      {error && (
        <p id={`${id}-error`} className="ops-cart__error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

// ---- My requisitions ----

function MyRequisitions({
  http,
  signal,
  page,
  onPage,
  version,
}: {
  http: Http;
  signal: AbortSignal;
  page: number;
  onPage: (page: number) => void;
  version: number;
}) {
  const { t } = useShellText(CART_TEXTS);
  const mine = useLoad(
    (s) => fetchRequisitions(http, page, REQUISITIONS_PAGE_SIZE, s),
    `${page}/${version}`,
    signal,
  );
  const data = shown(mine.load);
  const records = data?.records ?? [];
  return (
    <Panel id="ops-cart-mine-title" title={t('mineTitle')}>
      {mine.load.state === 'failed' && <Failed reason={mine.load.reason} onRetry={mine.retry} t={t} />}
      {mine.load.state === 'loading' && records.length === 0 && (
        <p className="ops-cart__state" role="status">
          {t('loading')}
        </p>
      )}
      {mine.load.state === 'done' && records.length === 0 && (
        <p className="ops-cart__state">{t('mineEmpty')}</p>
      )}
      {mine.load.state !== 'failed' && records.length > 0 && (
        <ol
          className="ops-cart__mine"
          aria-labelledby="ops-cart-mine-title"
          aria-busy={mine.load.state === 'loading'}
        >
          {records.map((r) => (
            <li key={r.id} className="ops-cart__requisition">
              <div className="ops-cart__requisition-head">
                <code>{r.requisitionNo}</code>
                <span className="ops-cart__status">
                  {r.status === 'submitted' ? t('statusSubmitted') : r.status}
                </span>
              </div>
              <p className="ops-cart__requisition-reason">{r.reason}</p>
              <p className="ops-cart__muted">{itemsSummary(r.items, t('separator'))}</p>
              <p className="ops-cart__muted">
                {t('requisitionMeta', { time: r.submitTime, count: r.itemCount, total: r.totalQuantity })}
              </p>
            </li>
          ))}
        </ol>
      )}
      {mine.load.state !== 'failed' && (data?.total ?? 0) > REQUISITIONS_PAGE_SIZE && (
        <Pagination
          total={data?.total ?? 0}
          page={page}
          pageSize={REQUISITIONS_PAGE_SIZE}
          onChange={onPage}
          label={t('minePages')}
          disabled={mine.load.state === 'loading'}
        />
      )}
    </Panel>
  );
}
