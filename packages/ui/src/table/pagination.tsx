import { uiText } from '../texts';
import { useStylesheets } from '../theme/use-stylesheet';
import { pageCountOf, pageItems } from './pages';
import href from './table.css';

export const DEFAULT_PAGE_SIZE = 10;

export interface PaginationProps {
  total: number;
  page: number;
  pageSize?: number;
  onChange: (page: number) => void;
  /** Accessible name of the pager (default 'Pagination'); name it after its table when a view has two. */
  label?: string;
  disabled?: boolean;
}

/** Total, previous, page buttons and next, Element-style. */
export function Pagination({
  total,
  page,
  pageSize = DEFAULT_PAGE_SIZE,
  onChange,
  label = uiText('pagination'),
  disabled = false,
}: PaginationProps) {
  useStylesheets(href);
  const count = pageCountOf(total, pageSize);
  const go = (target: number) => {
    const next = Math.min(count, Math.max(1, target));
    if (next !== page) onChange(next);
  };
  return (
    <nav className="ops-ui ops-pagination" aria-label={label}>
      <span className="ops-pagination__total">{uiText('total', { n: total })}</span>
      <button
        type="button"
        className="ops-pagination__button"
        aria-label={uiText('prevPage')}
        disabled={disabled || page <= 1}
        onClick={() => go(page - 1)}
      >
        ‹
      </button>
      <ul className="ops-pagination__pages">
        {pageItems(page, count).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <button
                type="button"
                className="ops-pagination__button ops-pagination__page"
                aria-label={uiText('page', { n: item })}
                aria-current={item === page ? 'page' : undefined}
                disabled={disabled}
                onClick={() => go(item)}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className="ops-pagination__button ops-pagination__gap"
                aria-label={uiText(item === 'gap-before' ? 'morePagesBefore' : 'morePagesAfter')}
                disabled={disabled}
                onClick={() => go(item === 'gap-before' ? page - 5 : page + 5)}
              >
                …
              </button>
            </li>
          ),
        )}
      </ul>
      <button
        type="button"
        className="ops-pagination__button"
        aria-label={uiText('nextPage')}
        disabled={disabled || page >= count}
        onClick={() => go(page + 1)}
      >
        ›
      </button>
    </nav>
  );
}
