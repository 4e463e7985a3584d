import { expect } from '@esm-bundle/chai';
import type { Http } from '@ops/shared';
import type { MenuProblem } from './model';
import { createMenuStore, MENU_ROUTES_URL, menuProblemsEntry, TOP_MENU_URL } from './store';

type Get = (url: string, config?: { params?: Record<string, string> }) => Promise<unknown>;
const envelope = (data: unknown) => ({ data: { code: 200, success: true, data } });
const leaf = (id: string, name: string, path: string) => ({ id, parentId: '0', name, path });

function fakeHttp(get: Get) {
  const calls: Array<{ url: string; params?: Record<string, string> }> = [];
  const http = {
    get: (url: string, config?: { params?: Record<string, string> }) => {
      calls.push({ url, params: config?.params });
      return get(url, config);
    },
  } as unknown as Http;
  return { http, calls };
}

describe('menu store', () => {
  it('loads the menu and the top menus; a top menu reloads the menu with its id', async () => {
    const { http, calls } = fakeHttp(async (url, config) =>
      url === TOP_MENU_URL
        ? envelope([{ id: 't1', code: 'work', name: '工作台', path: '' }])
        : envelope([leaf('1', config?.params?.topMenuId ? '实时数据' : '电站总览', '/index')]),
    );
    const store = createMenuStore({ http, onProblems: () => {} });
    expect(store.get().status).to.equal('loading');
    let notified = 0;
    store.subscribe(() => {
      notified += 1;
    });
    await store.load();
    expect(store.get().status).to.equal('ready');
    expect(store.get().model.items.map((item) => item.name)).to.deep.equal(['电站总览']);
    expect(store.get().tops.map((top) => top.name)).to.deep.equal(['工作台']);
    expect(notified).to.be.greaterThan(0);

    await store.selectTop('t1');
    expect(store.get().topId).to.equal('t1');
    expect(store.get().model.items.map((item) => item.name)).to.deep.equal(['实时数据']);
    expect(calls.at(-1)).to.deep.equal({
      url: MENU_ROUTES_URL,
      params: { group: 'manage', topMenuId: 't1' },
    });
    expect(store.get().tops.map((top) => top.name)).to.deep.equal(['工作台']);
  });

  it('a store without top menus (the visual system) reads only its menu', async () => {
    const { http, calls } = fakeHttp(async () => envelope([leaf('1', '大屏总览', '/visual/index')]));
    const store = createMenuStore({ http, onProblems: () => {}, group: 'visual', topMenus: false });
    await store.load();
    expect(store.get().status).to.equal('ready');
    expect(store.get().model.items.map((item) => item.name)).to.deep.equal(['大屏总览']);
    expect(calls).to.deep.equal([{ url: MENU_ROUTES_URL, params: { group: 'visual' } }]);
  });

  it('a failed call leaves the status error, and Retry loads again', async () => {
    let fail = true;
    const { http } = fakeHttp(async (url) => {
      if (fail) throw new Error('network');
      return url === TOP_MENU_URL ? envelope([]) : envelope([leaf('1', '电站总览', '/index')]);
    });
    const store = createMenuStore({ http, onProblems: () => {} });
    await store.load();
    expect(store.get().status).to.equal('error');
    fail = false;
    await store.load();
    expect(store.get().status).to.equal('ready');
  });

  it('reports the items the model skipped, once per load', async () => {
    const reported: (readonly MenuProblem[])[] = [];
    const { http } = fakeHttp(async (url) =>
      url === TOP_MENU_URL
        ? envelope([])
        : envelope([leaf('1', '电站总览', '/index'), leaf('2', '坏链接', 'javascript:alert(1)')]),
    );
    const store = createMenuStore({ http, onProblems: (problems) => reported.push(problems) });
    await store.load();
    expect(reported).to.have.length(1);
    expect(reported[0]!.map((problem) => problem.id)).to.deep.equal(['2']);
  });

  it('makes one error-log entry of the skipped items', () => {
    const entry = menuProblemsEntry(
      [
        { id: '2', reason: 'unsafe-path' },
        { id: '3', reason: 'missing-name' },
      ] as MenuProblem[],
      'http://console/index',
      new Date('2026-11-23T06:00:00Z'),
    );
    expect(entry).to.deep.equal({
      type: 'menu',
      url: 'http://console/index',
      message: '2 menu item(s) skipped',
      stack: '',
      info: '2: unsafe-path\n3: missing-name',
      time: '2026-11-23T06:00:00.000Z',
    });
  });
});
