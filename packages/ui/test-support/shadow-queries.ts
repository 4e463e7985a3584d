import { type ByRoleMatcher, type ByRoleOptions, buildQueries, queryAllByRole } from '@testing-library/dom';

/**
 * Testing Library's role queries, run in `container` and in every open shadow root below it. Shoelace
 * elements keep their role and name inside their shadow root (an `<sl-dialog>`'s `role="dialog"` panel
 * named by its title, its close button), where the plain queries do not look. What the building blocks
 * render themselves (buttons, a dialog's body and footer) is light DOM: query it with the plain queries.
 */
function searchRoots(container: ParentNode): ParentNode[] {
  const roots: ParentNode[] = [container];
  if (container instanceof Element && container.shadowRoot) roots.push(container.shadowRoot);
  for (let i = 0; i < roots.length; i += 1) {
    for (const el of roots[i].querySelectorAll('*')) if (el.shadowRoot) roots.push(el.shadowRoot);
  }
  return roots;
}

type RoleArgs = [role: ByRoleMatcher, options?: ByRoleOptions];

const queryAllByShadowRole = (container: HTMLElement, ...[role, options]: RoleArgs): HTMLElement[] =>
  searchRoots(container).flatMap((root) => queryAllByRole(root as HTMLElement, role, options));

const described = (role: ByRoleMatcher, options?: ByRoleOptions) =>
  `role "${String(role)}"${options?.name === undefined ? '' : ` and name "${String(options.name)}"`}`;

const [queryByShadowRole, getAllByShadowRole, getByShadowRole, findAllByShadowRole, findByShadowRole] =
  buildQueries<RoleArgs>(
    queryAllByShadowRole,
    (_container, role, options) => `Found more than one element with ${described(role, options)}`,
    (_container, role, options) => `Found no element with ${described(role, options)}, shadow roots included`,
  );

export {
  findAllByShadowRole,
  findByShadowRole,
  getAllByShadowRole,
  getByShadowRole,
  queryAllByShadowRole,
  queryByShadowRole,
};

/** The element whose shadow root holds `el` (the `<sl-dialog>` of its dialog panel). */
export function shadowHost(el: Element): HTMLElement {
  const root = el.getRootNode();
  if (!(root instanceof ShadowRoot)) throw new Error('not inside a shadow root');
  return root.host as HTMLElement;
}
