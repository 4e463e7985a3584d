import { expect } from '@esm-bundle/chai';
import {
  excludedPrefixes,
  homePathOf,
  isFullScreenRoute,
  isPublicRoute,
  isValidAppCode,
  lockPageOf,
  matchRoute,
  normalizePath,
  PATHS,
  routePath,
  subAppCodeOf,
  underPrefix,
} from './routes';

describe('route table', () => {
  const rows: Array<[string, string | null, Record<string, string>?]> = [
    ['/login', '/login'],
    ['/login/', '/login'],
    ['/login?tenantId=1', '/login'],
    ['#/login', '/login'],
    ['/', '/'],
    ['', '/'],
    ['/index', '/index'],
    ['/myiframe/urlPath', '/myiframe/:routerPath+', { routerPath: 'urlPath' }],
    ['/myiframe/a/b%20c', '/myiframe/:routerPath+', { routerPath: 'a/b c' }],
    ['/myiframe', null],
    [
      '/work/process/leave/detail/p1/b1',
      '/work/process/leave/detail/:processInstanceId/:businessId',
      { processInstanceId: 'p1', businessId: 'b1' },
    ],
    ['/work/process/leave/detail/p1', null],
    ['/work/process/leave/detail/p1//', null],
    ['/work/process/leave/detail/p1/b1/extra', null],
    ['/work/process/leave/form/def-1', '/work/process/leave/form/:processDefinitionId'],
    ['/work/process/leave/handle/t/p/b', '/work/process/leave/handle/:taskId/:processInstanceId/:businessId'],
    ['/station-monitor/overview', null],
    ['/Login', null],
  ];
  for (const [path, pattern, params] of rows) {
    it(`${JSON.stringify(path)} -> ${pattern ?? 'no shell route'}`, () => {
      const match = matchRoute(path);
      expect(match?.route.pattern ?? null).to.equal(pattern);
      if (params) expect(match?.params).to.deep.equal(params);
    });
  }

  it('knows which routes are public and which full screen', () => {
    for (const path of ['/login', '/authorization', '/404', '/403', '/500', '/login/'])
      expect(isPublicRoute(path), path).to.equal(true);
    for (const path of ['/editPassword', '/lock', '/index', '/', '/station-monitor'])
      expect(isPublicRoute(path), path).to.equal(false);
    expect(isFullScreenRoute('/editPassword')).to.equal(true);
    expect(isFullScreenRoute('/lock')).to.equal(true);
    expect(isFullScreenRoute('/screen-lock', '/screen-lock'), 'the configured lock page').to.equal(true);
    expect(isFullScreenRoute('/index')).to.equal(false);
  });

  it('takes the lock page from the site config, else /lock', () => {
    expect(lockPageOf({ lockPage: '' })).to.equal('/lock');
    expect(lockPageOf({ lockPage: '/screen-lock/' })).to.equal('/screen-lock');
  });

  it('normalises paths and finds sub-apps by whole segments', () => {
    expect(normalizePath('/a/b//?x')).to.equal('/a/b');
    expect(subAppCodeOf('/station-monitor/x', ['station', 'station-monitor'])).to.equal('station-monitor');
    expect(subAppCodeOf('/stationx', ['station'])).to.equal(null);
    expect(underPrefix('/app/x', ['/app/'])).to.equal(true);
    expect(underPrefix('/apple', ['/app'])).to.equal(false);
  });

  it('builds the excluded list from the config and sub-apps still loading their menu (DECISIONS 3)', () => {
    expect(
      excludedPrefixes(
        ['/hzinfo-data-amis', ''],
        [
          { code: 'energy', menuLoaded: false },
          { code: 'station-monitor', menuLoaded: true },
        ],
      ),
    ).to.deep.equal(['/hzinfo-data-amis', '/energy']);
  });

  it('leads home to the configured app page, else /index', () => {
    expect(homePathOf({ defaultHomeAppCode: '', defaultHomePage: '' })).to.equal('/index');
    expect(homePathOf({ defaultHomeAppCode: 'site', defaultHomePage: 'home' })).to.equal('/site/home');
    expect(homePathOf({ defaultHomeAppCode: 'site', defaultHomePage: '' })).to.equal('/site/index');
  });

  it('accepts app codes of one path segment', () => {
    expect(isValidAppCode('station-monitor')).to.equal(true);
    expect(isValidAppCode('a.b_c')).to.equal(true);
    for (const bad of ['', '-x', 'a/b', 'a b', '..x', 'x'.repeat(65)])
      expect(isValidAppCode(bad)).to.equal(false);
  });
});

describe('routePath: a pattern filled in', () => {
  it('fills each parameter as one encoded segment, keeping colons', () => {
    expect(routePath(PATHS.leaveForm, { processDefinitionId: 'leave_process:1:10001' })).to.equal(
      '/work/process/leave/form/leave_process:1:10001',
    );
    expect(routePath(PATHS.leaveDetail, { processInstanceId: 'a/b c', businessId: '7' })).to.equal(
      '/work/process/leave/detail/a%2Fb%20c/7',
    );
  });

  it('gives back what matchRoute reads', () => {
    const params = { taskId: '12', processInstanceId: 'e3b0c442-98fc', businessId: '7' };
    expect(matchRoute(routePath(PATHS.leaveHandle, params))?.params).to.deep.equal(params);
  });
});
