import { useEffect, useState } from 'react';
import '../i18n/part-texts';
import { useUiText } from '../i18n/use-ui-text';
import { useStylesheets } from '../theme/use-stylesheet';
import { DEFAULT_PAGE_SIZE } from './constants';
import { pageCountOf, pageItems } from './pages';
import href from './table.css';

export { DEFAULT_PAGE_SIZE };

export interface PaginationProps {
  total: number;
  page: number;
  pageSize?: number;
  onChange: (page: number) => void;
  /** Accessible name of the pager (default 'Pagination'); name it after its table when a view has two. */
  label?: string;
  disabled?: boolean;
  /** The total's text (default 'Total {n}'); a PDF pager says pages instead. */
  totalText?: (total: number) => string;
  /** Adds a 'go to page' box after next. */
  jumper?: boolean;
}

function Jumper({
  page,
  count,
  disabled,
  onGo,
}: {
  page: number;
  count: number;
  disabled: boolean;
  onGo: (page: number) => void;
}) {
  const t = useUiText();
  const [draft, setDraft] = useState(String(page));
  useEffect(() => setDraft(String(page)), [page]);
  const commit = () => {
    const target = Number.parseInt(draft, 10);
    if (Number.isFinite(target)) onGo(target);
    // An out-of-range or empty entry snaps back to the page actually shown.
    setDraft(String(Number.isFinite(target) ? Math.min(count, Math.max(1, target)) : page));
  };
  // One text per language places the words around the box (zh: 前往 [n] 页; en: Go to [n]); the words are
  // hidden from screen readers, which read the box's own name.
  const [before = '', after = ''] = t('jumper', { box: BOX }).split(BOX);
  return (
    <label className="ops-pagination__jumper">
      {before.trim() && <span aria-hidden="true">{before.trim()}</span>}
      <input
        type="number"
        min={1}
        max={count}
        value={draft}
        disabled={disabled}
        aria-label={t('goToPage')}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
      />
      {after.trim() && <span aria-hidden="true">{after.trim()}</span>}
    </label>
  );
}

/** Where the page box goes in the jumper's text. */
const BOX = '\u2063';

/** Total, previous, page buttons and next (and optionally a jumper), Element-style. */
export function Pagination({
  total,
  page,
  pageSize = DEFAULT_PAGE_SIZE,
  onChange,
  label,
  disabled = false,
  totalText,
  jumper = false,
}: PaginationProps) {
  useStylesheets(href);
  const t = useUiText();
  const count = pageCountOf(total, pageSize);
  const go = (target: number) => {
    const next = Math.min(count, Math.max(1, target));
    if (next !== page) onChange(next);
  };
  return (
    <nav className="ops-ui ops-pagination" aria-label={label ?? t('pagination')}>
      <span className="ops-pagination__total">{totalText ? totalText(total) : t('total', { n: total })}</span>
      <button
        type="button"
        className="ops-pagination__button"
        aria-label={t('prevPage')}
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
                aria-label={t('page', { n: item })}
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
                aria-label={t(item === 'gap-before' ? 'morePagesBefore' : 'morePagesAfter')}
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
        aria-label={t('nextPage')}
        disabled={disabled || page >= count}
        onClick={() => go(page + 1)}
      >
        ›
      </button>
      {jumper && <Jumper page={page} count={count} disabled={disabled} onGo={go} />}
    </nav>
  );
}
