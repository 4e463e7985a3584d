/** Page buttons to show: every page up to 7, else first, last, the current one with two neighbours and gaps. */
export type PageItem = number | 'gap-before' | 'gap-after';

export function pageItems(current: number, pageCount: number, maxButtons = 7): PageItem[] {
  if (pageCount <= maxButtons) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const side = Math.floor((maxButtons - 3) / 2);
  let start = Math.max(2, current - side);
  let end = Math.min(pageCount - 1, current + side);
  if (current - side <= 2) end = maxButtons - 2;
  if (current + side >= pageCount - 1) start = pageCount - maxButtons + 3;
  const items: PageItem[] = [1];
  if (start > 2) items.push('gap-before');
  for (let page = start; page <= end; page += 1) items.push(page);
  if (end < pageCount - 1) items.push('gap-after');
  items.push(pageCount);
  return items;
}

export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
