import { expect } from '@esm-bundle/chai';
import { PAGE_PATHS, pageOf } from './pages';

describe('system pages', () => {
  it('names the page of each path, with or without a trailing slash', () => {
    for (const [key, path] of Object.entries(PAGE_PATHS)) {
      expect(pageOf(path)).to.equal(key);
      expect(pageOf(`${path}/`)).to.equal(key);
    }
  });

  it('knows no other path, under the app or outside it', () => {
    for (const path of [
      '/system',
      '/system/index',
      '/system/tenant',
      '/system/tenant/index/x',
      '/tenant/index',
      '/',
    ])
      expect(pageOf(path), path).to.equal('not-found');
  });
});
