import type { MenuItem, MenuModel } from '../menus/model';

/**
 * The visual system's chrome rules (spec §2), pure: the left bar's sections and the breadcrumb of the
 * current page.
 */

/** A run of pages in the left bar under one heading (a container), or under none (top-level pages). */
export interface VisualSection {
  readonly id: string;
  readonly heading: MenuItem | null;
  readonly pages: readonly MenuItem[];
}

/**
 * The left bar: top-level pages in runs without a heading, each container as a heading over every page
 * below it (nested containers flattened in menu order). A container without pages shows nothing.
 */
export function visualSections(items: readonly MenuItem[]): VisualSection[] {
  const sections: VisualSection[] = [];
  let loose: MenuItem[] = [];
  const flush = () => {
    if (loose.length > 0) sections.push({ id: `pages-${loose[0]?.id}`, heading: null, pages: loose });
    loose = [];
  };
  for (const item of items) {
    if (item.children.length === 0) {
      loose.push(item);
      continue;
    }
    flush();
    const pages: MenuItem[] = [];
    const stack = [...item.children].reverse();
    while (stack.length > 0) {
      const next = stack.pop() as MenuItem;
      if (next.children.length === 0) pages.push(next);
      else for (let i = next.children.length - 1; i >= 0; i--) stack.push(next.children[i] as MenuItem);
    }
    if (pages.length > 0) sections.push({ id: item.id, heading: item, pages });
  }
  flush();
  return sections;
}

/** The breadcrumb after the system's name: the active page's containers, then the page; empty off-menu. */
export function breadcrumbOf(
  model: Pick<MenuModel, 'byId'>,
  active: MenuItem | null,
  open: readonly string[],
): MenuItem[] {
  if (!active) return [];
  const chain = open.map((id) => model.byId.get(id)).filter((item): item is MenuItem => item !== undefined);
  return [...chain, active];
}

/** The first page of the visual menu: where switching to the visual system goes. Null when none. */
export function firstPageOf(items: readonly MenuItem[]): MenuItem | null {
  for (const section of visualSections(items)) {
    const page = section.pages.find((item) => item.target?.kind === 'route');
    if (page) return page;
  }
  return null;
}

/**
 * Where the visual system's home leads (issue 27): its plain home `/index` opens the visual menu's first
 * page (the big screen), as switching to the visual system does, so both ways in land on the same screen.
 * Null when the tab shows another page, a configured home, the management system, or the menu has no page.
 */
export function visualHomePage(
  where: { visual: boolean; pathname: string; home: string; index: string },
  items: readonly MenuItem[],
): string | null {
  if (!where.visual || where.pathname !== where.index || where.home !== where.index) return null;
  const first = firstPageOf(items);
  return first?.target?.kind === 'route' ? first.target.to : null;
}
