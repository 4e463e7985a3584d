import type { MenuItem } from '../menus/model';

/**
 * Rules of the menu's three modes (spec §2 Shell parts: vertical, horizontal or column modes), pure: the
 * views pass the menu, the active item's chain and what the user chose, and render the answer.
 */

/** Sidebar footer (spec §2): 32 px per item plus 63. A count that is not a whole non-negative number is 0. */
export function sidebarFooterHeight(items: number): number {
  const count = Number.isInteger(items) && items > 0 ? items : 0;
  return 32 * count + 63;
}

/** Spec §9: a submenu of the horizontal menu shows 200 ms after the pointer rests on its item. */
export const SUBMENU_SHOW_DELAY_MS = 200;

/**
 * The column the columns layout shows (its children fill the sidebar): the one the user chose while it
 * still exists, else the first-level ancestor of the active item (`open[0]`, or the active item itself
 * when it is a first-level container), else the first container. Null when no first-level item has
 * children (the column bar then holds links only and the sidebar shows nothing more).
 */
export function columnFor(
  items: readonly MenuItem[],
  active: MenuItem | null,
  open: readonly string[],
  chosen: string | null,
): MenuItem | null {
  const containers = items.filter((item) => item.children.length > 0);
  const byId = (id: string | null | undefined) =>
    id ? (containers.find((item) => item.id === id) ?? null) : null;
  return byId(chosen) ?? byId(open[0]) ?? byId(active?.id) ?? containers[0] ?? null;
}

/**
 * The first-level item of the horizontal menu (or column) that holds the active item: its own id for a
 * first-level item, its first ancestor's otherwise; null when nothing is active.
 */
export function topLevelIdOf(active: MenuItem | null, open: readonly string[]): string | null {
  if (!active) return null;
  return open[0] ?? active.id;
}

/**
 * The rows a horizontal submenu lists below its first-level item: every descendant in menu order with
 * its depth below that item (1 for a child), containers as headings over their own children. Iterative.
 */
export function dropdownRows(item: MenuItem): { item: MenuItem; depth: number }[] {
  const rows: { item: MenuItem; depth: number }[] = [];
  const stack: { item: MenuItem; depth: number }[] = [];
  for (let i = item.children.length - 1; i >= 0; i--)
    stack.push({ item: item.children[i] as MenuItem, depth: 1 });
  while (stack.length > 0) {
    const row = stack.pop() as { item: MenuItem; depth: number };
    rows.push(row);
    const children = row.item.children;
    for (let i = children.length - 1; i >= 0; i--) {
      stack.push({ item: children[i] as MenuItem, depth: row.depth + 1 });
    }
  }
  return rows;
}
