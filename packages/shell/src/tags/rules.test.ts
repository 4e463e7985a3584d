import { expect } from '@esm-bundle/chai';
import {
  applyTagAction,
  closeAllTags,
  closeOtherTags,
  closeTag,
  EMPTY_TAGS,
  initialTags,
  isClosable,
  isTaggable,
  parseTags,
  renameTag,
  serializeTags,
  TAG_EXCLUDED_PREFIXES,
  type TagConfig,
  type TagState,
  tagMenu,
  tagValueOf,
  visitPage,
} from './rules';

const config: TagConfig = {
  home: { path: '/index', label: '首页', meta: { i18n: 'route.home' } },
  systemType: 'manage',
};
const visual: TagConfig = { ...config, systemType: 'visual' };

const visit = (state: TagState, path: string, cfg: TagConfig = config) =>
  visitPage(state, { path, label: `label ${path}` }, cfg);
/** The bar after signing in and visiting the paths in order. */
const open = (...paths: string[]) => paths.reduce((state, path) => visit(state, path), initialTags(config));
/** The bar without a home tag (a deep link with nothing restored), after visiting the paths. */
const openWithoutHome = (...paths: string[]) => paths.reduce((state, path) => visit(state, path), EMPTY_TAGS);
const values = (state: TagState) => state.tags.map((tag) => tag.value);
const closes = (state: TagState) => state.tags.map((tag) => tag.close);

describe('tags: identity (DECISIONS 16: path plus query)', () => {
  const same: [string, string, string][] = [
    ['query order does not matter', '/a?b=2&a=1', '/a?a=1&b=2'],
    ['a trailing slash is the same page', '/a/b/', '/a/b'],
    ['a fragment is not part of the page', '/a?x=1#part', '/a?x=1'],
    ['a hash route is the same page', '#/a?x=1', '/a?x=1'],
    ['an empty query is no query', '/a?', '/a'],
    ['spaces are one encoding', '/a?x=a b', '/a?x=a+b'],
    ['%20 and + are one space', '/a?x=a%20b', '/a?x=a+b'],
    ['dot segments resolve', '/x/../index', '/index'],
  ];
  for (const [name, a, b] of same) {
    it(name, () => {
      expect(tagValueOf(a)).to.equal(tagValueOf(b));
      expect(tagValueOf(a)).to.be.a('string');
    });
  }

  it('the value is the path plus the query sorted by key', () => {
    expect(tagValueOf('/a/b?z=1&a=2&m=3')).to.equal('/a/b?a=2&m=3&z=1');
  });

  it('a different query is a different page', () => {
    expect(tagValueOf('/a?x=1')).not.to.equal(tagValueOf('/a?x=2'));
    expect(tagValueOf('/a?x=1')).not.to.equal(tagValueOf('/a'));
  });

  it('a key given twice keeps the order of its values', () => {
    expect(tagValueOf('/a?k=1&b=0&k=2')).to.equal('/a?b=0&k=1&k=2');
    expect(tagValueOf('/a?k=1&k=2')).not.to.equal(tagValueOf('/a?k=2&k=1'));
  });

  const unsafe = [
    'javascript:alert(1)',
    '//evil.example/a',
    '/\\evil.example',
    'https://evil.example/a',
    'relative/path',
    '',
    '/a\nb',
  ];
  for (const path of unsafe) {
    it(`${JSON.stringify(path)} is not a page of the console`, () => {
      expect(tagValueOf(path)).to.equal(null);
      expect(isTaggable(path, config)).to.equal(false);
    });
  }
});

describe('tags: which pages get a tag', () => {
  const none: [string, string, TagConfig?][] = [
    ['/ (it leads home)', '/'],
    ['a public page: /login', '/login?redirect=%2Fa'],
    ['a public page: /authorization', '/authorization'],
    ['status pages', '/404'],
    ['the 403 page', '/403'],
    ['the 500 page', '/500'],
    ['the full-screen password change', '/editPassword?tenantId=100001'],
    ['the lock page', '/lock'],
    ['the configured lock page', '/screen-lock', { ...config, lockPage: '/screen-lock' }],
    ['the hzinfo-data-amis prefix itself (spec §9)', '/hzinfo-data-amis'],
    ['a page under hzinfo-data-amis', '/hzinfo-data-amis/page/view?id=1'],
    ['a configured excluded prefix', '/reports/x', { ...config, excludedPrefixes: ['/reports'] }],
  ];
  for (const [name, path, cfg] of none) {
    it(`no tag for ${name}`, () => {
      const before = open('/a');
      const after = visit(before, path, cfg ?? config);
      expect(isTaggable(path, cfg ?? config)).to.equal(false);
      expect(after.tags).to.equal(before.tags);
      expect(after.active).to.equal(null);
    });
  }

  it('the default exclusion is hzinfo-data-amis', () => {
    expect(TAG_EXCLUDED_PREFIXES).to.deep.equal(['/hzinfo-data-amis']);
  });

  it('a prefix covers whole segments only', () => {
    expect(values(visit(initialTags(config), '/hzinfo-data-amis-x/a'))).to.deep.equal([
      '/index',
      '/hzinfo-data-amis-x/a',
    ]);
  });

  it('configured prefixes replace the default list', () => {
    const cfg: TagConfig = { ...config, excludedPrefixes: [] };
    expect(isTaggable('/hzinfo-data-amis/a', cfg)).to.equal(true);
  });

  it('with a configured lock page, /lock stays a full-screen page of the route table', () => {
    const cfg: TagConfig = { ...config, lockPage: '/screen-lock' };
    expect(isTaggable('/lock', cfg)).to.equal(false);
    expect(isTaggable('/screen-lock', cfg)).to.equal(false);
    expect(isTaggable('/screen-lock', config)).to.equal(true);
  });

  it('shell pages, iframe pages and sub-app pages get one', () => {
    for (const path of [
      '/index',
      '/info/index',
      '/myiframe/urlPath?src=x',
      '/station-monitor/overview/index',
    ]) {
      expect(isTaggable(path, config), path).to.equal(true);
    }
  });

  it('an unsafe path adds nothing and leaves no tag active', () => {
    const before = open('/a');
    const after = visit(before, '//evil.example/a');
    expect(after.tags).to.equal(before.tags);
    expect(after.active).to.equal(null);
  });

  it('an excluded page when no tag is active returns the same state', () => {
    const before = visit(open('/a'), '/login');
    expect(visit(before, '/404')).to.equal(before);
  });
});

describe('tags: visiting pages (spec §4 Tags)', () => {
  it('after sign-in the home (welcome) tag is the first and only tag, active, not closable', () => {
    const state = initialTags(config);
    expect(values(state)).to.deep.equal(['/index']);
    expect(state.active).to.equal('/index');
    expect(state.tags[0]).to.include({ label: '首页', close: false });
    expect(state.tags[0]?.meta).to.deep.equal({ i18n: 'route.home' });
  });

  it('the home tag is the configured home (a workbench route, say)', () => {
    const cfg: TagConfig = { ...config, home: { path: '/site/index', label: 'Workbench' } };
    expect(values(initialTags(cfg))).to.deep.equal(['/site/index']);
  });

  it('a new page is added at the end and becomes active', () => {
    const state = open('/a', '/b');
    expect(values(state)).to.deep.equal(['/index', '/a', '/b']);
    expect(state.active).to.equal('/b');
    expect(state.tags[2]).to.include({ label: 'label /b' });
  });

  it('a page that has a tag is not added again: its tag becomes active where it is', () => {
    const before = open('/a', '/b');
    const after = visit(before, '/a');
    expect(values(after)).to.deep.equal(['/index', '/a', '/b']);
    expect(after.active).to.equal('/a');
    expect(after.tags).to.equal(before.tags);
  });

  it('the same page with its query in another order is the same tag', () => {
    const state = visit(open('/a?x=1&y=2'), '/a?y=2&x=1');
    expect(values(state)).to.deep.equal(['/index', '/a?x=1&y=2']);
  });

  it('the same path with another query is another tag', () => {
    expect(values(open('/noticeinfo/info?type=1', '/noticeinfo/info?type=2'))).to.deep.equal([
      '/index',
      '/noticeinfo/info?type=1',
      '/noticeinfo/info?type=2',
    ]);
  });

  it('visiting the active page returns the same state (nothing to publish)', () => {
    const state = open('/a');
    expect(visit(state, '/a/')).to.equal(state);
  });

  it('the visual system adds no tag and changes nothing', () => {
    expect(initialTags(visual)).to.deep.equal({ tags: [], active: null });
    const state = open('/a');
    expect(visit(state, '/b', visual)).to.equal(state);
  });

  it('a blank label falls back to the path', () => {
    const state = visitPage(initialTags(config), { path: '/a?x=1', label: '  ' }, config);
    expect(state.tags[1]?.label).to.equal('/a');
  });

  it('the query is kept as a record and prePath as its own field', () => {
    const state = open('/station-monitor/overview/index?x=1&prePath=%2Fstation-monitor');
    const tag = state.tags[1];
    expect(tag?.query).to.deep.equal({ prePath: '/station-monitor', x: '1' });
    expect(tag?.prePath).to.equal('/station-monitor');
  });

  it('an unsafe prePath stays in the query but is no prePath', () => {
    const tag = open('/a?prePath=%2F%2Fevil.example').tags[1];
    expect(tag?.query).to.deep.equal({ prePath: '//evil.example' });
    expect(tag).not.to.have.property('prePath');
  });

  it('a key given twice shows its first value in the query record', () => {
    expect(open('/a?k=1&k=2').tags[1]?.query).to.deep.equal({ k: '1' });
  });

  it('a __proto__ query key is plain data', () => {
    const query = open('/a?__proto__=x').tags[1]?.query ?? {};
    expect(Object.getPrototypeOf(query)).to.equal(Object.prototype);
    expect(Object.hasOwn(query, '__proto__')).to.equal(true);
    expect(Object.getOwnPropertyDescriptor(query, '__proto__')?.value).to.equal('x');
  });

  it('params come from the route table when the visit gives none', () => {
    const tag = open('/work/process/leave/detail/p1/b1').tags[1];
    expect(tag?.params).to.deep.equal({ processInstanceId: 'p1', businessId: 'b1' });
  });

  it('params given by the visit win; a sub-app page without any has none', () => {
    const state = visitPage(
      initialTags(config),
      { path: '/station-monitor/device/7', label: 'Device', params: { id: '7' }, group: 'manage' },
      config,
    );
    expect(state.tags[1]).to.deep.include({ params: { id: '7' }, group: 'manage' });
    expect(open('/station-monitor/device/7').tags[1]?.params).to.deep.equal({});
    expect(open('/station-monitor/device/7').tags[1]).not.to.have.property('group');
  });

  it('meta keeps i18n and keepAlive only', () => {
    const meta = { i18n: 'menu.x', keepAlive: true, roles: ['admin'] };
    const state = visitPage(initialTags(config), { path: '/a', label: 'A', meta }, config);
    expect(state.tags[1]?.meta).to.deep.equal({ i18n: 'menu.x', keepAlive: true });
  });

  it('the home page visited after other pages goes first', () => {
    const state = visit(openWithoutHome('/a', '/b'), '/index');
    expect(values(state)).to.deep.equal(['/index', '/a', '/b']);
    expect(closes(state)).to.deep.equal([false, true, true]);
    expect(state.active).to.equal('/index');
  });

  it('50 tags: each page once, in order, the last active', () => {
    const paths = Array.from({ length: 50 }, (_, i) => `/app/page-${i}?n=${i}`);
    const state = [...paths, ...paths].reduce((s, path) => visit(s, path), initialTags(config));
    expect(state.tags).to.have.length(51);
    expect(values(state).slice(1)).to.deep.equal(paths);
    expect(state.active).to.equal(paths[49]);
  });
});

describe('tags: a page names itself (a sub-app title)', () => {
  it("renames the tag of that path (query order aside), dropping its menu name's text key", () => {
    const state = visitPage(
      open('/index'),
      { path: '/leave-workflow/todo/index?b=2&a=1', label: '我的待办', meta: { i18n: 'menu.leave_todo' } },
      config,
    );
    const renamed = renameTag(state, '/leave-workflow/todo/index?a=1&b=2', '待办 (3)');
    const tag = renamed.tags.find((t) => t.value === '/leave-workflow/todo/index?a=1&b=2');
    expect(tag?.label).to.equal('待办 (3)');
    expect(tag?.meta.i18n).to.equal(undefined);
    expect(renamed.active).to.equal(state.active);
  });

  it('changes nothing for an empty title, a path without a tag, or the same title again', () => {
    const state = open('/index', '/station-monitor/overview/index');
    expect(renameTag(state, '/station-monitor/overview/index', '  ')).to.equal(state);
    expect(renameTag(state, '/station-monitor/realtime/index', 'Realtime')).to.equal(state);
    const once = renameTag(state, '/station-monitor/overview/index', 'Overview');
    expect(renameTag(once, '/station-monitor/overview/index', 'Overview')).to.equal(once);
  });
});

describe('tags: which tags can be closed', () => {
  it('the first tag while it is home cannot be closed; the others can', () => {
    const state = open('/a', '/b');
    expect(closes(state)).to.deep.equal([false, true, true]);
    expect(isClosable(state, '/index', config)).to.equal(false);
    expect(isClosable(state, '/a', config)).to.equal(true);
  });

  it('a first tag that is not home can be closed', () => {
    const state = openWithoutHome('/a', '/b');
    expect(closes(state)).to.deep.equal([true, true]);
    expect(isClosable(state, '/a', config)).to.equal(true);
  });

  it('a sole tag cannot be closed, home or not', () => {
    expect(closes(initialTags(config))).to.deep.equal([false]);
    const single = openWithoutHome('/a');
    expect(closes(single)).to.deep.equal([false]);
    expect(isClosable(single, '/a', config)).to.equal(false);
  });

  it('an unknown tag is not closable', () => {
    expect(isClosable(open('/a'), '/zzz', config)).to.equal(false);
  });
});

describe('tags: closing one tag', () => {
  it('closing a tag that is not active keeps the page and the active tag', () => {
    const result = closeTag(open('/a', '/b', '/c'), '/a', config);
    expect(values(result.state)).to.deep.equal(['/index', '/b', '/c']);
    expect(result.state.active).to.equal('/c');
    expect(result.navigateTo).to.equal(undefined);
  });

  it('closing the active tag opens the previous one', () => {
    const result = closeTag(open('/a', '/b', '/c'), '/c', config);
    expect(values(result.state)).to.deep.equal(['/index', '/a', '/b']);
    expect(result.state.active).to.equal('/b');
    expect(result.navigateTo).to.equal('/b');
  });

  it('closing the active tag in the middle opens the one before it, not after', () => {
    const state = visit(open('/a', '/b', '/c'), '/b');
    const result = closeTag(state, '/b', config);
    expect(result.navigateTo).to.equal('/a');
    expect(result.state.active).to.equal('/a');
  });

  it('closing the active first tag opens the new first one', () => {
    const state = visit(openWithoutHome('/a', '/b', '/c'), '/a');
    const result = closeTag(state, '/a', config);
    expect(values(result.state)).to.deep.equal(['/b', '/c']);
    expect(result.navigateTo).to.equal('/b');
  });

  it('navigates to the value with its query', () => {
    const result = closeTag(open('/a?y=2&x=1', '/b'), '/b', config);
    expect(result.navigateTo).to.equal('/a?x=1&y=2');
  });

  it('closing leaves the last tag not closable', () => {
    const result = closeTag(openWithoutHome('/a', '/b'), '/b', config);
    expect(closes(result.state)).to.deep.equal([false]);
  });

  const unchanged: [string, () => TagState, string][] = [
    ['the home tag while it is first', () => open('/a'), '/index'],
    ['the sole tag', () => openWithoutHome('/a'), '/a'],
    ['the sole home tag', () => initialTags(config), '/index'],
    ['an unknown tag', () => open('/a'), '/zzz'],
  ];
  for (const [name, make, value] of unchanged) {
    it(`closing ${name} changes nothing`, () => {
      const state = make();
      const result = closeTag(state, value, config);
      expect(result.state).to.equal(state);
      expect(result.navigateTo).to.equal(undefined);
    });
  }

  it('50 tags close one by one from the end back to home', () => {
    const paths = Array.from({ length: 50 }, (_, i) => `/p/${i}`);
    let state = open(...paths);
    for (let i = 49; i >= 0; i--) {
      const result = closeTag(state, `/p/${i}`, config);
      expect(result.navigateTo).to.equal(i === 0 ? '/index' : `/p/${i - 1}`);
      state = result.state;
    }
    expect(values(state)).to.deep.equal(['/index']);
    expect(closes(state)).to.deep.equal([false]);
  });
});

describe('tags: close others (DECISIONS 16: the right-clicked tag)', () => {
  it('keeps home and the right-clicked tag, which becomes active', () => {
    const result = closeOtherTags(open('/a', '/b', '/c'), '/a', config);
    expect(values(result.state)).to.deep.equal(['/index', '/a']);
    expect(result.state.active).to.equal('/a');
    expect(result.navigateTo).to.equal('/a');
  });

  it('on the active tag it closes the others and stays', () => {
    const result = closeOtherTags(open('/a', '/b', '/c'), '/c', config);
    expect(values(result.state)).to.deep.equal(['/index', '/c']);
    expect(result.state.active).to.equal('/c');
    expect(result.navigateTo).to.equal(undefined);
  });

  it('on the home tag it keeps home alone', () => {
    const result = closeOtherTags(open('/a', '/b'), '/index', config);
    expect(values(result.state)).to.deep.equal(['/index']);
    expect(result.navigateTo).to.equal('/index');
    expect(closes(result.state)).to.deep.equal([false]);
  });

  it('without a home tag it keeps the target alone, not closable', () => {
    const result = closeOtherTags(openWithoutHome('/a', '/b', '/c'), '/b', config);
    expect(values(result.state)).to.deep.equal(['/b']);
    expect(closes(result.state)).to.deep.equal([false]);
    expect(result.navigateTo).to.equal('/b');
  });

  it('while home is active, the right-clicked tag becomes active', () => {
    const state = visit(open('/a', '/b'), '/index');
    const result = closeOtherTags(state, '/b', config);
    expect(values(result.state)).to.deep.equal(['/index', '/b']);
    expect(result.navigateTo).to.equal('/b');
  });

  it('an unknown target changes nothing', () => {
    const state = open('/a');
    expect(closeOtherTags(state, '/zzz', config).state).to.equal(state);
  });

  it('nothing to close on the active tag changes nothing', () => {
    const state = open('/a');
    const result = closeOtherTags(state, '/a', config);
    expect(result.state).to.equal(state);
    expect(result.navigateTo).to.equal(undefined);
  });
});

describe('tags: close all (DECISIONS 16: home kept)', () => {
  it('keeps home alone and opens it', () => {
    const result = closeAllTags(open('/a', '/b'), config);
    expect(values(result.state)).to.deep.equal(['/index']);
    expect(result.state.active).to.equal('/index');
    expect(result.navigateTo).to.equal('/index');
    expect(closes(result.state)).to.deep.equal([false]);
  });

  it('keeps the existing home tag as it was', () => {
    const state = open('/a');
    expect(closeAllTags(state, config).state.tags[0]).to.equal(state.tags[0]);
  });

  it('while home is active it does not navigate', () => {
    const result = closeAllTags(visit(open('/a', '/b'), '/index'), config);
    expect(values(result.state)).to.deep.equal(['/index']);
    expect(result.navigateTo).to.equal(undefined);
  });

  it('brings the home tag back when there was none', () => {
    const result = closeAllTags(openWithoutHome('/a', '/b'), config);
    expect(values(result.state)).to.deep.equal(['/index']);
    expect(result.state.tags[0]).to.include({ label: '首页', close: false });
    expect(result.navigateTo).to.equal('/index');
  });

  it('home alone and active: nothing changes', () => {
    const state = initialTags(config);
    const result = closeAllTags(state, config);
    expect(result.state).to.equal(state);
    expect(result.navigateTo).to.equal(undefined);
  });

  it('the visual system has nothing to close', () => {
    expect(closeAllTags(EMPTY_TAGS, visual).state).to.equal(EMPTY_TAGS);
  });

  it('a home page that may not have a tag leaves the bar empty and goes home', () => {
    const cfg: TagConfig = { ...config, home: { path: '/hzinfo-data-amis/home', label: 'Home' } };
    const result = closeAllTags(openWithoutHome('/a'), cfg);
    expect(result.state).to.deep.equal({ tags: [], active: null });
    expect(result.navigateTo).to.equal('/hzinfo-data-amis/home');
    expect(initialTags(cfg)).to.deep.equal({ tags: [], active: null });
  });
});

describe('tags: the context menu', () => {
  it('clear cache changes no tag and asks the caller to clear the cache', () => {
    const state = open('/a', '/b');
    const result = applyTagAction(state, 'clearCache', '/a', config);
    expect(result.state).to.equal(state);
    expect(result.clearCache).to.equal(true);
    expect(result.navigateTo).to.equal(undefined);
  });

  it('close others acts on the target, not the active tag', () => {
    const result = applyTagAction(open('/a', '/b', '/c'), 'closeOthers', '/b', config);
    expect(values(result.state)).to.deep.equal(['/index', '/b']);
    expect(result.navigateTo).to.equal('/b');
    expect(result.clearCache).to.equal(undefined);
  });

  it('close all keeps home whichever tag was right-clicked', () => {
    const result = applyTagAction(open('/a', '/b', '/c'), 'closeAll', '/b', config);
    expect(values(result.state)).to.deep.equal(['/index']);
    expect(result.navigateTo).to.equal('/index');
  });

  const menus: [string, () => TagState, string, Record<string, boolean>][] = [
    [
      'home alone',
      () => initialTags(config),
      '/index',
      { clearCache: true, closeOthers: false, closeAll: false },
    ],
    ['home and the target', () => open('/a'), '/a', { clearCache: true, closeOthers: false, closeAll: true }],
    ['three tags', () => open('/a', '/b'), '/a', { clearCache: true, closeOthers: true, closeAll: true }],
    ['an unknown target', () => open('/a'), '/zzz', { clearCache: true, closeOthers: false, closeAll: true }],
    [
      'a lone tag without home',
      () => openWithoutHome('/a'),
      '/a',
      { clearCache: true, closeOthers: false, closeAll: true },
    ],
  ];
  for (const [name, make, target, expected] of menus) {
    it(`offers what would change anything: ${name}`, () => {
      expect(tagMenu(make(), target, config)).to.deep.equal(expected);
    });
  }
});

describe('tags: persistence across a reload (DECISIONS 16)', () => {
  it('a serialised bar reads back as it was', () => {
    const state = visit(
      open('/a?y=2&x=1', '/work/process/leave/detail/p1/b1', '/c?prePath=%2Fc'),
      '/a?x=1&y=2',
    );
    const restored = parseTags(serializeTags(state), config);
    expect(restored).to.deep.equal(state);
  });

  it('reads an already-parsed value and a bare list of tags', () => {
    const state = open('/a', '/b');
    const parsed: unknown = JSON.parse(serializeTags(state));
    expect(parseTags(parsed, config)).to.deep.equal(state);
    const list = (parsed as { tags: unknown[] }).tags;
    expect(parseTags(list, config)).to.deep.equal({ ...state, active: null });
  });

  it('stores no derived fields', () => {
    const stored = JSON.parse(serializeTags(open('/a?prePath=%2Fb'))) as { tags: Record<string, unknown>[] };
    expect(Object.keys(stored.tags[1] ?? {}).sort()).to.deep.equal(['label', 'meta', 'params', 'value']);
  });

  const unreadable: [string, unknown][] = [
    ['nothing', undefined],
    ['null', null],
    ['empty text', ''],
    ['text that is not JSON', 'not json'],
    ['truncated JSON', '{"tags":[{"label":"A","value":"/a"}'],
    ['a number', 42],
    ['a boolean', true],
    ['an object without tags', {}],
    ['tags that are text', { tags: '/a' }],
    ['tags that are an object', { tags: { 0: { label: 'A', value: '/a' } } }],
    ['JSON null', 'null'],
  ];
  for (const [name, raw] of unreadable) {
    it(`${name} is an empty bar`, () => {
      expect(parseTags(raw, config)).to.deep.equal({ tags: [], active: null });
    });
  }

  it('never throws, even on an object whose fields throw', () => {
    const hostile = {
      get tags(): unknown {
        throw new Error('boom');
      },
    };
    const hostileEntry = [
      {
        label: 'A',
        get value(): unknown {
          throw new Error('boom');
        },
      },
    ];
    expect(parseTags(hostile, config)).to.deep.equal({ tags: [], active: null });
    expect(parseTags(hostileEntry, config)).to.deep.equal({ tags: [], active: null });
  });

  const good = { label: 'Good', value: '/good' };
  const corrupt: [string, unknown][] = [
    ['null', null],
    ['text', '/a'],
    ['a list', ['A', '/a']],
    ['no value', { label: 'A' }],
    ['no label', { value: '/a' }],
    ['an empty label', { label: '', value: '/a' }],
    ['a blank label', { label: '   ', value: '/a' }],
    ['a numeric label', { label: 1, value: '/a' }],
    ['a numeric value', { label: 'A', value: 5 }],
    ['a javascript: value', { label: 'A', value: 'javascript:alert(1)' }],
    ['a protocol-relative value', { label: 'A', value: '//evil.example/a' }],
    ['another origin', { label: 'A', value: 'https://evil.example/a' }],
    ['a backslash value', { label: 'A', value: '/\\evil.example' }],
    ['a relative value', { label: 'A', value: 'a/b' }],
    ['a public page', { label: 'A', value: '/login' }],
    ['a full-screen page', { label: 'A', value: '/lock' }],
    ['the root', { label: 'A', value: '/' }],
    ['an excluded page', { label: 'A', value: '/hzinfo-data-amis/x' }],
    ['params as text', { label: 'A', value: '/a', params: 'x' }],
    ['params as a list', { label: 'A', value: '/a', params: ['x'] }],
    ['a numeric param', { label: 'A', value: '/a', params: { id: 1 } }],
    ['meta as text', { label: 'A', value: '/a', meta: 'x' }],
    ['a numeric meta.i18n', { label: 'A', value: '/a', meta: { i18n: 5 } }],
    ['a textual meta.keepAlive', { label: 'A', value: '/a', meta: { keepAlive: 'yes' } }],
    ['a numeric group', { label: 'A', value: '/a', group: 3 }],
  ];
  for (const [name, entry] of corrupt) {
    it(`drops a stored tag with ${name}, keeps the good ones`, () => {
      const restored = parseTags({ tags: [entry, good], active: '/good' }, config);
      expect(values(restored)).to.deep.equal(['/good']);
      expect(restored.active).to.equal('/good');
    });
  }

  it('accepts null optional fields and ignores unknown ones', () => {
    const entry = { label: 'A', value: '/a', params: null, meta: null, group: null, extra: { x: 1 } };
    const tag = parseTags([entry], config).tags[0];
    expect(tag).to.deep.equal({ label: 'A', value: '/a', params: {}, query: {}, meta: {}, close: false });
  });

  it('derives query, prePath and close again instead of trusting them', () => {
    const entries = [
      { label: 'Home', value: '/index', close: true },
      {
        label: 'A',
        value: '/a?x=1',
        query: { x: 'evil' },
        prePath: '//evil.example',
        close: false,
      },
    ];
    const restored = parseTags(entries, config);
    expect(closes(restored)).to.deep.equal([false, true]);
    expect(restored.tags[1]?.query).to.deep.equal({ x: '1' });
    expect(restored.tags[1]).not.to.have.property('prePath');
  });

  it('keeps only known meta fields and string params', () => {
    const entry = { label: 'A', value: '/a', params: { id: '7' }, meta: { i18n: 'menu.a', roles: ['x'] } };
    const tag = parseTags([entry], config).tags[0];
    expect(tag?.params).to.deep.equal({ id: '7' });
    expect(tag?.meta).to.deep.equal({ i18n: 'menu.a' });
  });

  it('a __proto__ param stays plain data', () => {
    const restored = parseTags('[{"label":"A","value":"/a","params":{"__proto__":"x"}}]', config);
    const params = restored.tags[0]?.params ?? {};
    expect(Object.getPrototypeOf(params)).to.equal(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(params, '__proto__')?.value).to.equal('x');
  });

  it('canonicalises stored values and drops duplicates, the first kept', () => {
    const restored = parseTags(
      [
        { label: 'First', value: '/a?b=2&a=1' },
        { label: 'Second', value: '/a?a=1&b=2' },
        { label: 'Third', value: '/a/?a=1&b=2#x' },
      ],
      config,
    );
    expect(values(restored)).to.deep.equal(['/a?a=1&b=2']);
    expect(restored.tags[0]?.label).to.equal('First');
  });

  it('puts the home tag first', () => {
    const restored = parseTags(
      [
        { label: 'A', value: '/a' },
        { label: 'Home', value: '/index' },
      ],
      config,
    );
    expect(values(restored)).to.deep.equal(['/index', '/a']);
    expect(closes(restored)).to.deep.equal([false, true]);
  });

  it('does not add a home tag that was not stored', () => {
    const restored = parseTags([{ label: 'A', value: '/a' }], config);
    expect(values(restored)).to.deep.equal(['/a']);
  });

  const actives: [string, unknown, string | null][] = [
    ['a kept tag', '/a', '/a'],
    ['a kept tag with its query in another order', '/q?b=2&a=1', '/q?a=1&b=2'],
    ['a dropped tag', '/login', null],
    ['no tag', '/zzz', null],
    ['not text', 7, null],
    ['nothing', undefined, null],
  ];
  for (const [name, active, expected] of actives) {
    it(`restores the active tag only when it names a kept tag: ${name}`, () => {
      const tags = [
        { label: 'A', value: '/a' },
        { label: 'Q', value: '/q?a=1&b=2' },
        { label: 'Login', value: '/login' },
      ];
      expect(parseTags({ tags, active }, config).active).to.equal(expected);
    });
  }

  it('the visual system restores no tags', () => {
    expect(parseTags(serializeTags(open('/a')), visual)).to.deep.equal({ tags: [], active: null });
  });

  it('50 stored tags and 50 duplicates read back as 50 tags', () => {
    const tags = Array.from({ length: 100 }, (_, i) => ({
      label: `T${i}`,
      value: `/p/${i % 50}?n=${i % 50}`,
    }));
    const restored = parseTags({ tags, active: '/p/49?n=49' }, config);
    expect(restored.tags).to.have.length(50);
    expect(restored.tags[49]?.label).to.equal('T49');
    expect(restored.active).to.equal('/p/49?n=49');
  });
});
