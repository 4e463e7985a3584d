import type { Http } from '@ops/shared';
import { type Column, DataTable, Form, SelectField, TextField } from '@ops/ui';
import { SearchButtons } from '@ops/ui/load';
import { useShellText } from '../shared/i18n';
import { Failed, Panel } from './panel';
import {
  ALL,
  addedQuantity,
  CATEGORIES,
  type Cart,
  categoryTextKey,
  PARTS_PAGE_SIZE,
  type Part,
  validateKeyword,
} from './rules';
import { CART_TEXTS } from './texts';
import { useCatalogue } from './use-catalogue';

/** The tenant's parts: a search by keyword and category, a paged table, and Add for each part. */
export function Catalogue({
  http,
  signal,
  cart,
  busy,
  onAdd,
}: {
  http: Http;
  signal: AbortSignal;
  /** The cart once loaded: Add waits for it (it sets one more than the cart holds). */
  cart: Cart | null;
  busy: boolean;
  onAdd: (part: Part, quantity: number) => void;
}) {
  const { t } = useShellText(CART_TEXTS);
  const { draft, edit, search, reset, page, setPage, parts, data } = useCatalogue(http, signal);
  const categoryName = (category: string) => {
    const key = categoryTextKey(category);
    return key ? t(key) : category;
  };

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
          onChange={(keyword) => edit({ keyword })}
          validate={validateKeyword}
        />
        <SelectField
          label={t('category')}
          value={draft.category}
          options={[ALL, ...CATEGORIES].map((value) => ({
            value,
            label: value === ALL ? t('catAll') : categoryName(value),
          }))}
          onChange={(category) => edit({ category })}
        />
        <SearchButtons
          search={t('search')}
          reset={t('reset')}
          onReset={reset}
          className="ops-cart__buttons"
        />
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
