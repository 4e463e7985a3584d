import { memo, type ReactNode } from 'react';
import { markOf } from '../shared/mark';
import { highlightRange, TOOLTIP_AFTER } from './rules';
import type { MenuSearchResult } from './search';

interface OptionProps {
  id: string;
  index: number;
  result: MenuSearchResult;
  selected: boolean;
  query: string;
}

/**
 * One result: icon, name and path. The option is named by the menu name and described by its path.
 * Memoised: moving the highlight re-renders two options, not fifty.
 */
export const Option = memo(function Option({ id, index, result, selected, query }: OptionProps) {
  return (
    // biome-ignore lint/a11y/useFocusableInteractive: the WAI-ARIA combobox pattern: the focus stays in the combobox and aria-activedescendant points at the highlighted option.
    <div
      id={id}
      role="option"
      aria-selected={selected}
      aria-labelledby={`${id}-name`}
      aria-describedby={`${id}-path`}
      data-index={index}
      className="ops-menu-search__option"
    >
      <span className="ops-menu-search__icon">
        <i className={`ops-menu-search__mark ${result.icon}`} aria-hidden="true">
          {markOf(result.name)}
        </i>
      </span>
      <span
        id={`${id}-name`}
        className="ops-menu-search__name"
        title={result.name.length > TOOLTIP_AFTER ? result.name : undefined}
      >
        <Highlighted text={result.name} query={query} />
      </span>
      <span
        id={`${id}-path`}
        className="ops-menu-search__path"
        title={result.path.length > TOOLTIP_AFTER ? result.path : undefined}
      >
        {result.path}
      </span>
    </div>
  );
});

/** The index of the option an event happened in, or null. */
export function optionIndexOf(target: EventTarget): number | null {
  if (!(target instanceof Element)) return null;
  const option = target.closest<HTMLElement>('[role="option"]');
  const index = Number(option?.dataset.index);
  return option && Number.isInteger(index) ? index : null;
}

/** The name with the first occurrence of the query marked, as text (`highlightRange`). */
function Highlighted({ text, query }: { text: string; query: string }): ReactNode {
  const range = highlightRange(text, query);
  if (!range) return text;
  const [from, to] = range;
  return (
    <>
      {text.slice(0, from)}
      <mark className="ops-menu-search__mark">{text.slice(from, to)}</mark>
      {text.slice(to)}
    </>
  );
}
