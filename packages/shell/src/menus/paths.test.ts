import { expect } from '@esm-bundle/chai';
import { matchRoute } from '@ops/shared';
import {
  classifyPath,
  iframeRoute,
  iframeTargetOf,
  isReportOrBoardPath,
  type MenuLink,
  type MenuTarget,
  MOCK_MENU_PATHS,
  menuTarget,
  queryStringOf,
  routePathOf,
  withIndexPage,
} from './paths';

const SM = 'station-monitor';
const route = (to: string): MenuTarget => ({ kind: 'route', to });
const iframe = (target: string, query = ''): MenuTarget => ({
  kind: 'route',
  to: `/myiframe/${encodeURIComponent(target)}${query}`,
});

type Row = [string, MenuLink, MenuTarget];

const table: Row[] = [
  // Sub-app items: /{appCode}{path}, never a doubled prefix (docs/api.md section 5).
  [
    'a seeded sub-app path already starts with its app code: kept',
    { path: `/${SM}/overview/index`, appCode: SM },
    route(`/${SM}/overview/index`),
  ],
  [
    'a sub-app path without the prefix gets it',
    { path: '/alarm/statistics', appCode: SM },
    route(`/${SM}/alarm/statistics`),
  ],
  [
    'the prefix check is segment-exact: appCode app and /apple/x is not prefixed yet',
    { path: '/apple/x', appCode: 'app' },
    route('/app/apple/x'),
  ],
  ['the app root alone opens the app index', { path: `/${SM}`, appCode: SM }, route(`/${SM}/index`)],
  ['path / with an app code opens the app index', { path: '/', appCode: SM }, route(`/${SM}/index`)],
  [
    'a trailing slash is not a segment',
    { path: `/${SM}/overview/index/`, appCode: SM },
    route(`/${SM}/overview/index`),
  ],
  [
    'surrounding spaces are ignored',
    { path: `  /${SM}/overview/index `, appCode: ` ${SM} ` },
    route(`/${SM}/overview/index`),
  ],

  // "Report and board paths are kept; other paths get /index appended" (read as: a path naming no page).
  [
    'a module without a page gets /index',
    { path: `/${SM}/overview`, appCode: SM },
    route(`/${SM}/overview/index`),
  ],
  ['a one-segment path without app gets /index', { path: '/foo' }, route('/foo/index')],
  ['a report module is kept', { path: `/${SM}/dailyReport`, appCode: SM }, route(`/${SM}/dailyReport`)],
  ['a board is kept', { path: '/dashboard' }, route('/dashboard')],
  ['a complete page is kept', { path: '/monitor/area' }, route('/monitor/area')],
  [
    'a complete sub-app page is kept',
    { path: `/${SM}/alarm/statistics`, appCode: SM },
    route(`/${SM}/alarm/statistics`),
  ],

  // Shell routes.
  ['a shell route without app code opens as is', { path: '/info/index' }, route('/info/index')],
  [
    'the message centre is a shell route: no /index appended',
    { path: '/noticeinfo/info' },
    route('/noticeinfo/info'),
  ],
  [
    'a shell route with parameters',
    { path: '/work/process/leave/form/leave_process:1:10001' },
    route('/work/process/leave/form/leave_process:1:10001'),
  ],
  ['the home page', { path: '/index' }, route('/index')],
  [
    'a sub-app item with path /index opens its app index, not the console home',
    { path: '/index', appCode: SM },
    route(`/${SM}/index`),
  ],

  // The mock entries of spec §2: opened as written, whatever the app code.
  ['/test/index as written', { path: '/test/index' }, route('/test/index')],
  ['/test/index is never prefixed', { path: '/test/index', appCode: SM }, route('/test/index')],
  ['/market/cart is never prefixed', { path: '/market/cart', appCode: 'market' }, route('/market/cart')],
  ['/market/cart gets no /index', { path: '/market/cart', appCode: SM }, route('/market/cart')],

  // Query: appended, merged, sorted, encoded.
  [
    'the query is appended, sorted by key and encoded',
    { path: '/noticeinfo/info', query: { type: 'notice', name: '通知公告' } },
    route(`/noticeinfo/info?name=${encodeURIComponent('通知公告')}&type=notice`),
  ],
  [
    'a boolean-like query value',
    { path: '/intelligentSpeech/transmit', query: { isIframeApp: 'true' } },
    route('/intelligentSpeech/transmit?isIframeApp=true'),
  ],
  [
    'an iframeFlag in the route query opens the path inside the iframe route, the flag kept on it',
    { path: '/embedded/station-report', query: { iframeFlag: 'true' } },
    route('/myiframe/%2Fembedded%2Fstation-report?iframeFlag=true'),
  ],
  [
    'an iframeFlag of 1 in the path own query does too',
    { path: '/embedded/station-report?iframeFlag=1' },
    route('/myiframe/%2Fembedded%2Fstation-report%3FiframeFlag%3D1'),
  ],
  [
    'an iframeFlag that is off changes nothing',
    { path: '/noticeinfo/info', query: { iframeFlag: 'false' } },
    route('/noticeinfo/info?iframeFlag=false'),
  ],
  [
    'the path own query is merged; the item query wins for the same key',
    { path: '/noticeinfo/info?type=alarm&b=1', query: { type: 'notice' } },
    route('/noticeinfo/info?b=1&type=notice'),
  ],
  [
    'reserved characters in keys and values are encoded',
    { path: '/info/index', query: { 'a&b': 'x=y', z: 'a b/c?' } },
    route('/info/index?a%26b=x%3Dy&z=a%20b%2Fc%3F'),
  ],
  ['an empty query adds nothing', { path: '/info/index', query: {} }, route('/info/index')],
  ['a null query adds nothing', { path: '/info/index', query: null }, route('/info/index')],
  [
    'a fragment is kept after the query',
    { path: `/${SM}/overview/index#top`, appCode: SM, query: { a: '1' } },
    route(`/${SM}/overview/index?a=1#top`),
  ],

  // The iframe route.
  [
    'an iframe item: its same-origin path inside the iframe route, no app prefix',
    { path: '/embedded/station-report.html', iframe: true, appCode: SM },
    iframe('/embedded/station-report.html'),
  ],
  [
    'an iframe flag on a path that is no html page',
    { path: '/reports/view', iframe: true },
    iframe('/reports/view'),
  ],
  ['a .html path without the flag', { path: '/static/help.html' }, iframe('/static/help.html')],
  ['a .HTM path, any case', { path: '/static/HELP.HTM' }, iframe('/static/HELP.HTM')],
  [
    'an html page keeps its own query inside the target',
    { path: '/static/help.html?lang=en' },
    iframe('/static/help.html?lang=en'),
  ],
  [
    'an external URL without isOpen and iframe is embedded, not navigated to',
    { path: 'https://www.nea.gov.cn/' },
    iframe('https://www.nea.gov.cn/'),
  ],
  [
    'an http URL with iframe',
    { path: 'http://example.com/a?b=1', iframe: true },
    iframe('http://example.com/a?b=1'),
  ],
  [
    'an external URL skips the app prefix',
    { path: 'https://example.com/x', appCode: SM },
    iframe('https://example.com/x'),
  ],
  [
    "the item's query goes on the iframe route",
    { path: '/embedded/x.html', iframe: true, query: { iframeFlag: '1' } },
    iframe('/embedded/x.html', '?iframeFlag=1'),
  ],
  ['an upper-case scheme', { path: 'HTTPS://example.com/' }, iframe('HTTPS://example.com/')],

  // isOpen: a new window.
  [
    'isOpen with an external URL',
    { path: 'https://www.nea.gov.cn/', isOpen: true },
    { kind: 'window', url: 'https://www.nea.gov.cn/' },
  ],
  [
    'isOpen wins over iframe',
    { path: 'https://www.nea.gov.cn/', isOpen: true, iframe: true },
    { kind: 'window', url: 'https://www.nea.gov.cn/' },
  ],
  [
    'isOpen appends the query to an external URL as written, before its fragment',
    { path: 'https://example.com/a?x=1#f', isOpen: true, query: { b: '2', a: '1' } },
    { kind: 'window', url: 'https://example.com/a?x=1&a=1&b=2#f' },
  ],
  [
    'isOpen external without a query of its own',
    { path: 'https://example.com/a', isOpen: true, query: { a: '1' } },
    { kind: 'window', url: 'https://example.com/a?a=1' },
  ],
  [
    'isOpen with a same-origin html page opens the page itself',
    { path: '/embedded/station-report.html', isOpen: true, query: { d: '1' } },
    { kind: 'window', url: '/embedded/station-report.html?d=1' },
  ],
  [
    'isOpen with a console route opens that route in a new window',
    { path: '/overview', appCode: SM, isOpen: true },
    { kind: 'window', url: `/${SM}/overview/index` },
  ],

  // Invalid and unsafe paths.
  ['javascript:', { path: 'javascript:alert(1)' }, { kind: 'invalid', reason: 'unsafe-path' }],
  ['JavaScript: in any case', { path: 'JavaScript:alert(1)' }, { kind: 'invalid', reason: 'unsafe-path' }],
  [
    'javascript: behind spaces',
    { path: '  javascript:alert(1)' },
    { kind: 'invalid', reason: 'unsafe-path' },
  ],
  [
    'javascript: split by a tab',
    { path: 'java\tscript:alert(1)' },
    { kind: 'invalid', reason: 'unsafe-path' },
  ],
  ['data:', { path: 'data:text/html,<script>alert(1)</script>' }, { kind: 'invalid', reason: 'unsafe-path' }],
  ['vbscript:', { path: 'vbscript:msgbox(1)' }, { kind: 'invalid', reason: 'unsafe-path' }],
  [
    'javascript: even with isOpen',
    { path: 'javascript:x', isOpen: true },
    { kind: 'invalid', reason: 'unsafe-path' },
  ],
  [
    'javascript: even with iframe',
    { path: 'javascript:x', iframe: true },
    { kind: 'invalid', reason: 'unsafe-path' },
  ],
  ['file:', { path: 'file:///etc/passwd' }, { kind: 'invalid', reason: 'unsafe-path' }],
  ['mailto:', { path: 'mailto:a@b.c' }, { kind: 'invalid', reason: 'unsafe-path' }],
  ['a protocol-relative URL', { path: '//evil.example/x' }, { kind: 'invalid', reason: 'unsafe-path' }],
  ['a backslash', { path: '/\\evil.example' }, { kind: 'invalid', reason: 'unsafe-path' }],
  ['a newline', { path: '/a\n/b' }, { kind: 'invalid', reason: 'unsafe-path' }],
  ['a relative path', { path: 'overview/index' }, { kind: 'invalid', reason: 'invalid-path' }],
  ['dot segments', { path: `/${SM}/../login` }, { kind: 'invalid', reason: 'invalid-path' }],
  ['an http URL without host', { path: 'http://' }, { kind: 'invalid', reason: 'invalid-path' }],
  ['an empty path', { path: '' }, { kind: 'invalid', reason: 'missing-path' }],
  ['a blank path', { path: '   ' }, { kind: 'invalid', reason: 'missing-path' }],
  [
    'an app code with a slash',
    { path: '/x/index', appCode: 'a/b' },
    { kind: 'invalid', reason: 'invalid-app-code' },
  ],
  ['an app code ..', { path: '/x/index', appCode: '..' }, { kind: 'invalid', reason: 'invalid-app-code' }],
];

describe('menuTarget', () => {
  for (const [title, link, expected] of table) {
    it(title, () => {
      expect(menuTarget(link)).to.deep.equal(expected);
    });
  }

  it('never throws on a path that is not a string', () => {
    expect(menuTarget({ path: 42 as unknown as string })).to.deep.equal({
      kind: 'invalid',
      reason: 'missing-path',
    });
  });

  it('every route it gives for a shell page is a route of the route table', () => {
    const links: MenuLink[] = [
      { path: '/info/index' },
      { path: '/noticeinfo/info', query: { type: 'notice' } },
      { path: '/index' },
      { path: '/test/index', appCode: SM },
      { path: '/market/cart', appCode: SM },
      { path: 'https://example.com/' },
    ];
    for (const link of links) {
      const target = menuTarget(link);
      expect(target.kind).to.equal('route');
      if (target.kind === 'route') expect(matchRoute(target.to), link.path).to.not.equal(null);
    }
  });
});

describe('MOCK_MENU_PATHS', () => {
  it('are routes of the shell route table (the guard lets them through)', () => {
    for (const path of MOCK_MENU_PATHS) expect(matchRoute(path)?.route.kind, path).to.equal('chrome');
  });
});

describe('iframeRoute and iframeTargetOf', () => {
  const targets = [
    'https://www.nea.gov.cn/',
    'http://example.com/a/b?x=1&y=2#frag',
    '/embedded/station-report.html',
    '/static/help.html?lang=zh&name=运行日报',
  ];
  for (const target of targets) {
    it(`round-trips ${target} through the route table`, () => {
      const path = iframeRoute(target);
      expect(matchRoute(path)?.route.kind).to.equal('iframe');
      expect(iframeTargetOf(path)).to.equal(target);
    });
  }

  it('a route query is not part of the target', () => {
    const target = menuTarget({ path: '/embedded/x.html', iframe: true, query: { a: '1' } });
    expect(target.kind === 'route' && iframeTargetOf(target.to)).to.equal('/embedded/x.html');
  });

  it('gives null for any other path', () => {
    expect(iframeTargetOf('/info/index')).to.equal(null);
    expect(iframeTargetOf('/myiframe')).to.equal(null);
  });
});

describe('classifyPath', () => {
  it('splits a same-origin path into path, query and fragment', () => {
    expect(classifyPath('/a/b?x=1#h')).to.deep.equal({
      kind: 'internal',
      path: '/a/b',
      search: '?x=1',
      hash: '#h',
    });
  });

  it('keeps an http(s) URL as written', () => {
    expect(classifyPath(' https://example.com/a ')).to.deep.equal({
      kind: 'external',
      url: 'https://example.com/a',
    });
  });

  it('a colon inside a path is no scheme', () => {
    expect(classifyPath('/work/process/leave/form/leave_process:1:10001').kind).to.equal('internal');
  });

  it('refuses values that are not strings', () => {
    for (const value of [null, undefined, 1, {}, []]) {
      expect(classifyPath(value)).to.deep.equal({ kind: 'invalid', reason: 'missing-path' });
    }
  });
});

describe('queryStringOf', () => {
  it('is empty for no pairs', () => {
    expect(queryStringOf([])).to.equal('');
  });

  it('sorts by key and keeps repeated keys in their order', () => {
    expect(
      queryStringOf([
        ['b', '2'],
        ['a', 'y'],
        ['a', 'x'],
      ]),
    ).to.equal('?a=y&a=x&b=2');
  });

  it('gives the same text whatever order the query came in', () => {
    expect(queryStringOf(Object.entries({ type: 'notice', name: 'n' }))).to.equal(
      queryStringOf(Object.entries({ name: 'n', type: 'notice' })),
    );
  });
});

describe('withIndexPage and routePathOf', () => {
  const rows: [string, string, string][] = [
    ['/foo', '', '/foo/index'],
    ['/', '', '/'],
    ['/foo/index', '', '/foo/index'],
    ['/foo/bar', '', '/foo/bar'],
    [`/${SM}`, SM, `/${SM}/index`],
    [`/${SM}/overview`, SM, `/${SM}/overview/index`],
    [`/${SM}/index`, SM, `/${SM}/index`],
    [`/${SM}/overview/index`, SM, `/${SM}/overview/index`],
    [`/${SM}/report`, SM, `/${SM}/report`],
    ['/board', '', '/board'],
    ['/lock', '', '/lock'],
    ['/site/switch', '', '/site/switch'],
  ];
  for (const [path, appCode, expected] of rows) {
    it(`withIndexPage(${path}, ${appCode || 'no app'}) is ${expected}`, () => {
      expect(withIndexPage(path, appCode)).to.equal(expected);
    });
  }

  it('routePathOf prefixes, then completes the page', () => {
    expect(routePathOf('/overview', SM)).to.equal(`/${SM}/overview/index`);
    expect(routePathOf(`/${SM}/overview`, SM)).to.equal(`/${SM}/overview/index`);
    expect(routePathOf('/test/index', SM)).to.equal('/test/index');
  });
});

describe('isReportOrBoardPath', () => {
  it('finds report and board in any segment, ignoring case', () => {
    expect(isReportOrBoardPath('/a/stationReport')).to.equal(true);
    expect(isReportOrBoardPath('/Dashboard')).to.equal(true);
    expect(isReportOrBoardPath('/a/reports/x')).to.equal(true);
    expect(isReportOrBoardPath('/a/overview')).to.equal(false);
  });
});
