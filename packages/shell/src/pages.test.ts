import { expect } from '@esm-bundle/chai';
import { ROUTES, type RouteDef } from '@ops/shared';
import { CHROME_PAGES } from './main-view';
import { FULL_SCREEN_PAGES } from './public-page';

/** Which registry a route's page must be in, by the frame its kind shows. */
function registryOf(route: RouteDef): Record<string, unknown> | null {
  if (route.kind === 'public' || route.kind === 'full-screen') return FULL_SCREEN_PAGES;
  if (route.kind === 'chrome' || route.kind === 'iframe') return CHROME_PAGES;
  return null;
}

describe('pages: every route shows something, every page has a route', () => {
  const routes: readonly RouteDef[] = ROUTES;

  for (const route of routes) {
    it(`${route.pattern} (${route.kind})`, () => {
      if (route.kind === 'home') {
        expect(route.page, '/ leads home: it has no page of its own').to.equal(undefined);
        expect(route.app).to.equal(undefined);
        return;
      }
      const owners = [route.page, route.app].filter(Boolean);
      expect(owners, 'a page of the shell or a sub-app, one of the two').to.have.length(1);
      if (route.page)
        expect(registryOf(route), 'the page is registered in its frame').to.have.property(route.page);
    });
  }

  it('registers no page that no route shows', () => {
    const named = (registry: Record<string, unknown>) =>
      new Set(routes.filter((route) => registryOf(route) === registry).map((route) => route.page));
    for (const registry of [FULL_SCREEN_PAGES, CHROME_PAGES]) {
      const used = named(registry);
      const unused = Object.keys(registry).filter((key) => !used.has(key));
      expect(unused).to.deep.equal([]);
    }
  });

  it('fails for a route whose page is not registered', () => {
    const orphan: RouteDef = { pattern: '/nowhere', kind: 'chrome', page: 'nowhere' };
    expect(registryOf(orphan)).to.not.have.property('nowhere');
  });
});
