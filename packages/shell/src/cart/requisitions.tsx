import { Pagination } from '@ops/ui';
import { shown } from '@ops/ui/load';
import { useShellText } from '../shared/i18n';
import { Failed, Panel } from './panel';
import { itemsSummary, listState, REQUISITIONS_PAGE_SIZE, statusTextKey } from './rules';
import { CART_TEXTS } from './texts';
import type { Requisitions } from './use-requisitions';

/** My requisitions, newest first, a page at a time. */
export function MyRequisitions({ mine }: { mine: Requisitions }) {
  const { t } = useShellText(CART_TEXTS);
  const { load, page } = mine;
  const data = shown(load);
  const records = data?.records ?? [];
  const state = listState(load.state, records.length);
  const total = data?.total ?? 0;
  return (
    <Panel id="ops-cart-mine-title" title={t('mineTitle')}>
      {load.state === 'failed' && <Failed reason={load.reason} onRetry={mine.retry} t={t} />}
      {state === 'loading' && (
        <p className="ops-cart__state" role="status">
          {t('loading')}
        </p>
      )}
      {state === 'empty' && <p className="ops-cart__state">{t('mineEmpty')}</p>}
      {state === 'list' && (
        <ol
          className="ops-cart__mine"
          aria-labelledby="ops-cart-mine-title"
          aria-busy={load.state === 'loading'}
        >
          {records.map((r) => {
            const status = statusTextKey(r.status);
            return (
              <li key={r.id} className="ops-cart__requisition">
                <div className="ops-cart__requisition-head">
                  <code>{r.requisitionNo}</code>
                  <span className="ops-cart__status">{status ? t(status) : r.status}</span>
                </div>
                <p className="ops-cart__requisition-reason">{r.reason}</p>
                <p className="ops-cart__muted">{itemsSummary(r.items, t('separator'))}</p>
                <p className="ops-cart__muted">
                  {t('requisitionMeta', { time: r.submitTime, count: r.itemCount, total: r.totalQuantity })}
                </p>
              </li>
            );
          })}
        </ol>
      )}
      {state !== 'failed' && total > REQUISITIONS_PAGE_SIZE && (
        <Pagination
          total={total}
          page={page}
          pageSize={REQUISITIONS_PAGE_SIZE}
          onChange={mine.setPage}
          label={t('minePages')}
          disabled={load.state === 'loading'}
        />
      )}
    </Panel>
  );
}
