import { type CSSProperties, type ReactNode, useState } from 'react';
import '../i18n/part-texts';
import { useUiText } from '../i18n/use-ui-text';
import { useShoelace } from '../shoelace/load-shoelace';
import { useStylesheets } from '../theme/use-stylesheet';
/** Height of the alarm message table (spec §9). */
import { ALARM_TABLE_HEIGHT } from './constants';
import { pageCountOf } from './pages';
import { DEFAULT_PAGE_SIZE, Pagination } from './pagination';
import href from './table.css';

export { ALARM_TABLE_HEIGHT };

export interface Column<T> {
  key: string;
  title: string;
  /** Cell content; by default the row's value at `key`. */
  render?: (row: T, index: number) => ReactNode;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
}

export interface RowAction<T> {
  key: string;
  /** Visible text; the button's accessible name adds the row's label ("Join Station 3"). */
  label: string;
  onClick: (row: T) => void;
  disabled?: (row: T) => boolean;
  hidden?: (row: T) => boolean;
  danger?: boolean;
}

/**
 * Rows the user may pick (a checkbox per row, named by the row's label, and one for every row shown).
 * Controlled: the table keeps no picks of its own, so a page can clear them after an action or a reload.
 */
export interface RowSelection {
  selected: readonly string[];
  onChange: (keys: string[]) => void;
}

export interface DataTableProps<T> {
  /** The table's accessible name (a visually hidden caption). */
  caption: string;
  columns: Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** Names a row in its action buttons; defaults to the first column's value. */
  rowLabel?: (row: T) => string;
  actions?: RowAction<T>[];
  actionsTitle?: string;
  actionsWidth?: number | string;
  loading?: boolean;
  emptyText?: string;
  /** Fixed height in px of the scrolling area, header included (the alarm table uses 525). */
  height?: number;
  pageSize?: number;
  /** Server paging: `rows` is the current page of `total`. Without it the table pages `rows` itself. */
  total?: number;
  /** Controlled page (1-based); pair with onPageChange. */
  page?: number;
  onPageChange?: (page: number) => void;
  /** Hide the pager (default shown). */
  pagination?: boolean;
  /** Row checkboxes; the keys are `rowKey`'s, as strings. */
  selection?: RowSelection;
}

function cellValue<T>(row: T, key: string): ReactNode {
  const value = (row as Record<string, unknown>)[key];
  return value === null || value === undefined ? '' : String(value);
}

/** A data table with paging (10 a page), row actions, empty and loading states and an optional fixed height. */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  rowLabel,
  actions = [],
  actionsTitle,
  actionsWidth,
  loading = false,
  emptyText,
  height,
  pageSize = DEFAULT_PAGE_SIZE,
  total,
  page: controlledPage,
  onPageChange,
  pagination = true,
  selection,
}: DataTableProps<T>) {
  useStylesheets(href);
  // The loading row's spinner is Shoelace's: loaded with the table, it turns up once registered.
  useShoelace();
  const t = useUiText();
  const [ownPage, setOwnPage] = useState(1);
  const serverPaged = total !== undefined;
  const count = serverPaged ? total : rows.length;
  const page = Math.min(controlledPage ?? ownPage, pageCountOf(count, pageSize));
  const visible = serverPaged || !pagination ? rows : rows.slice((page - 1) * pageSize, page * pageSize);
  const labelOf = rowLabel ?? ((row: T) => String(cellValue(row, columns[0]?.key ?? '')));
  const setPage = (next: number) => {
    if (controlledPage === undefined) setOwnPage(next);
    onPageChange?.(next);
  };
  const width = (w: number | string | undefined): CSSProperties | undefined =>
    w === undefined ? undefined : { width: typeof w === 'number' ? `${w}px` : w };
  const columnCount = columns.length + (actions.length > 0 ? 1 : 0) + (selection ? 1 : 0);
  const keyOf = (row: T) => String(rowKey(row));
  const picked = new Set(selection?.selected ?? []);
  const visibleKeys = visible.map(keyOf);
  const allPicked = visibleKeys.length > 0 && visibleKeys.every((key) => picked.has(key));
  const somePicked = !allPicked && visibleKeys.some((key) => picked.has(key));
  const toggle = (key: string, on: boolean) =>
    selection?.onChange(on ? [...selection.selected, key] : selection.selected.filter((k) => k !== key));
  const toggleAll = (on: boolean) =>
    selection?.onChange(
      on
        ? [...selection.selected, ...visibleKeys.filter((key) => !picked.has(key))]
        : selection.selected.filter((key) => !visibleKeys.includes(key)),
    );

  return (
    <div className="ops-ui ops-table">
      <div
        className={`ops-table__scroll${height ? ' ops-table__scroll--fixed' : ''}`}
        style={height ? { height: `${height}px` } : undefined}
      >
        <table aria-busy={loading}>
          <caption className="ops-ui-visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {selection && (
                <th scope="col" className="ops-table__select">
                  <input
                    type="checkbox"
                    aria-label={t('selectAll')}
                    checked={allPicked}
                    ref={(box) => {
                      if (box) box.indeterminate = somePicked;
                    }}
                    disabled={visibleKeys.length === 0}
                    onChange={(event) => toggleAll(event.target.checked)}
                  />
                </th>
              )}
              {columns.map((column) => (
                <th key={column.key} scope="col" style={{ ...width(column.width), textAlign: column.align }}>
                  {column.title}
                </th>
              ))}
              {actions.length > 0 && (
                <th scope="col" style={width(actionsWidth)}>
                  {actionsTitle ?? t('actions')}
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {visible.length === 0 && (
              <tr className="ops-table__empty-row">
                <td colSpan={columnCount}>
                  {/* While loading the row only keeps the space the spinner covers. */}
                  {loading ? (
                    <span className="ops-table__empty" aria-hidden="true" />
                  ) : (
                    <span className="ops-table__empty">{emptyText ?? t('empty')}</span>
                  )}
                </td>
              </tr>
            )}
            {visible.map((row, index) => (
              <tr key={rowKey(row)}>
                {selection && (
                  <td className="ops-table__select">
                    <input
                      type="checkbox"
                      aria-label={t('selectRow', { row: labelOf(row) })}
                      checked={picked.has(keyOf(row))}
                      onChange={(event) => toggle(keyOf(row), event.target.checked)}
                    />
                  </td>
                )}
                {columns.map((column) => (
                  <td key={column.key} style={{ textAlign: column.align }}>
                    {column.render ? column.render(row, index) : cellValue(row, column.key)}
                  </td>
                ))}
                {actions.length > 0 && (
                  <td className="ops-table__actions">
                    {actions
                      .filter((action) => !action.hidden?.(row))
                      .map((action) => (
                        <button
                          key={action.key}
                          type="button"
                          className={`ops-ui-link-button ops-table__action${action.danger ? ' ops-table__action--danger' : ''}`}
                          aria-label={`${action.label} ${labelOf(row)}`}
                          disabled={action.disabled?.(row) ?? false}
                          onClick={() => action.onClick(row)}
                        >
                          {action.label}
                        </button>
                      ))}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
        {loading && (
          <div className="ops-table__loading" role="status">
            <span aria-hidden="true" className="ops-table__spinner">
              <sl-spinner />
            </span>
            <span>{t('loading')}</span>
          </div>
        )}
      </div>
      {pagination && count > 0 && (
        <Pagination
          total={count}
          page={page}
          pageSize={pageSize}
          onChange={setPage}
          label={`${caption} ${t('pagination')}`}
          disabled={loading}
        />
      )}
    </div>
  );
}
