import { expect } from '@esm-bundle/chai';
import { type GuardConfig, type GuardDecision, type GuardSession, guard, homeFor } from './guard';

const config: GuardConfig = {
  homePath: '/index',
  lockPage: '/lock',
  subAppCodes: ['station-monitor', 'leave-workflow'],
  excludedPrefixes: ['/hzinfo-data-amis/'],
};

const signedOut: GuardSession = { token: null, tenantId: '', account: '', locked: false };
const signedIn: GuardSession = {
  token: 'jwt',
  tenantId: '100001',
  account: 'operator',
  locked: false,
};

type Row = [string, string, GuardSession, GuardDecision, Partial<GuardConfig>?];

const table: Row[] = [
  // Signed out (DECISIONS 1b)
  ['signed out: /login is public', '/login', signedOut, { action: 'allow' }],
  ['signed out: /authorization is public', '/authorization', signedOut, { action: 'allow' }],
  ['signed out: status pages are public', '/403', signedOut, { action: 'allow' }],
  ['signed out: / goes to /authorization', '/', signedOut, { action: 'redirect', to: '/authorization' }],
  [
    'signed out: a deep link keeps its path as redirect',
    '/station-monitor/overview/index?x=1',
    signedOut,
    {
      action: 'redirect',
      to: `/authorization?redirect=${encodeURIComponent('/station-monitor/overview/index?x=1')}`,
    },
  ],
  [
    'signed out: an unknown path also goes to /authorization (it may be a sub-app)',
    '/unknown',
    signedOut,
    { action: 'redirect', to: '/authorization?redirect=%2Funknown' },
  ],
  [
    'signed out: /lock needs a session',
    '/lock',
    signedOut,
    { action: 'redirect', to: '/authorization?redirect=%2Flock' },
  ],
  [
    'signed out: no child-app exception, every private path goes to /authorization (DECISIONS 1b)',
    '/index',
    signedOut,
    { action: 'redirect', to: '/authorization?redirect=%2Findex' },
  ],
  ['signed out: /login/ is /login', '/login/', signedOut, { action: 'allow' }],
  ['signed in: /login/ is /login', '/login/', signedIn, { action: 'redirect', to: '/index' }],
  [
    'signed in: a leave detail with both segments is a route',
    '/work/process/leave/detail/p1/b1',
    signedIn,
    { action: 'allow' },
  ],
  [
    'signed in: a leave detail with a segment missing is unknown',
    '/work/process/leave/detail/p1',
    signedIn,
    { action: 'redirect', to: '/' },
  ],
  [
    'signed in: an unknown path under a sub-app whose menu is loading goes back (DECISIONS 3)',
    '/energy-storage/overview',
    signedIn,
    { action: 'back' },
    { excludedPrefixes: ['/energy-storage'] },
  ],
  [
    'signed in: a prefix covers whole segments only',
    '/energy-storage-x/overview',
    signedIn,
    { action: 'redirect', to: '/' },
    { excludedPrefixes: ['/energy-storage'] },
  ],
  [
    "signed in: an unknown path waits while the user's sub-apps are being read",
    '/energy-storage/overview',
    signedIn,
    { action: 'wait' },
    { subAppsPending: true },
  ],
  [
    'signed in: a known route does not wait for the sub-apps',
    '/noticeinfo/info',
    signedIn,
    { action: 'allow' },
    { subAppsPending: true },
  ],
  [
    'signed out: nothing waits for sub-apps',
    '/energy-storage/overview',
    signedOut,
    { action: 'redirect', to: '/authorization?redirect=%2Fenergy-storage%2Foverview' },
    { subAppsPending: true },
  ],
  ['signed in: an iframe route with its path', '/myiframe/urlPath/report', signedIn, { action: 'allow' }],
  ['signed in: the iframe route needs its path', '/myiframe', signedIn, { action: 'redirect', to: '/' }],
  // Signed in (DECISIONS 1c)
  ['signed in: / goes home', '/', signedIn, { action: 'redirect', to: '/index' }],
  [
    'signed in: / goes to the configured home',
    '/',
    signedIn,
    { action: 'redirect', to: '/station-monitor/home' },
    { homePath: '/station-monitor/home' },
  ],
  [
    'signed in: an account named like an object property has no workbench (constructor)',
    '/',
    { ...signedIn, account: 'constructor' },
    { action: 'redirect', to: '/index' },
  ],
  [
    'signed in: znywpt gets its workbench',
    '/',
    { ...signedIn, account: 'znywpt' },
    { action: 'redirect', to: '/site/index' },
  ],
  [
    'signed in: sdywptjk gets its workbench',
    '/',
    { ...signedIn, account: 'sdywptjk' },
    { action: 'redirect', to: '/monitor/area' },
  ],
  [
    'signed in: sdywptsc gets its workbench',
    '/',
    { ...signedIn, account: 'sdywptsc' },
    { action: 'redirect', to: '/monitor/areaDuty' },
  ],
  ['signed in: a shell route is allowed', '/info/index', signedIn, { action: 'allow' }],
  [
    'signed in: a workbench home is allowed (no loop back to /)',
    '/site/index',
    { ...signedIn, account: 'znywpt' },
    { action: 'allow' },
  ],
  [
    'signed in: the configured home is allowed',
    '/app-x/home',
    signedIn,
    { action: 'allow' },
    { homePath: '/app-x/home' },
  ],
  ['signed in: a sub-app route is allowed', '/station-monitor/overview/index', signedIn, { action: 'allow' }],
  ['signed in: /login goes home', '/login', signedIn, { action: 'redirect', to: '/index' }],
  ['signed in: /authorization goes home', '/authorization', signedIn, { action: 'redirect', to: '/index' }],
  [
    'signed in: /login?isBigModel=true goes to the AI page',
    '/login?isBigModel=true',
    signedIn,
    { action: 'redirect', to: '/intelligentSpeech/transmit' },
  ],
  ['signed in: /login?loginFree=true stays', '/login?loginFree=true', signedIn, { action: 'allow' }],
  [
    'signed in: a redirect query is followed',
    '/login?redirect=%2Fstation-monitor%2Fa',
    signedIn,
    { action: 'redirect', to: '/station-monitor/a' },
  ],
  [
    'signed in: another origin in redirect is ignored',
    '/login?redirect=https%3A%2F%2Fevil.example%2F',
    signedIn,
    { action: 'redirect', to: '/' },
  ],
  [
    'signed in: //host in redirect is ignored',
    '/index?redirect=%2F%2Fevil.example',
    signedIn,
    { action: 'redirect', to: '/' },
  ],
  [
    'signed in: javascript: in redirect is ignored',
    '/index?redirect=javascript%3Aalert(1)',
    signedIn,
    { action: 'redirect', to: '/' },
  ],
  ['signed in: /404 itself shows the 404 page', '/404', signedIn, { action: 'allow' }],
  ['signed in: an unknown path goes home', '/no/such/page', signedIn, { action: 'redirect', to: '/' }],
  [
    'signed in: an unknown path of the excluded list goes back',
    '/hzinfo-data-amis/x',
    signedIn,
    { action: 'back' },
  ],
  // Lock
  [
    'locked: any page goes to the lock page',
    '/index',
    { ...signedIn, locked: true },
    { action: 'redirect', to: '/lock' },
  ],
  [
    'locked: a redirect query does not escape the lock',
    '/login?redirect=%2Findex',
    { ...signedIn, locked: true },
    { action: 'redirect', to: '/lock' },
  ],
  ['locked: the lock page stays', '/lock', { ...signedIn, locked: true }, { action: 'allow' }],
  [
    'locked: the site config may name another lock page',
    '/index',
    { ...signedIn, locked: true },
    { action: 'redirect', to: '/screen-lock' },
    { lockPage: '/screen-lock' },
  ],
  ['unlocked: the lock page goes home', '/lock', signedIn, { action: 'redirect', to: '/index' }],
  // Empty token and tenant mismatch (DECISIONS 1a, 1d)
  ['an empty token forces logout', '/index', { ...signedIn, token: '' }, { action: 'logout', to: '/login' }],
  [
    "a tenantId in the URL other than the session's clears the session first",
    '/login?tenantId=100002',
    signedIn,
    { action: 'allow', clearSession: true },
  ],
  [
    'tenant mismatch on a private page: cleared, then sent to sign in',
    '/index?tenantId=100002',
    signedIn,
    { action: 'redirect', to: '/authorization?redirect=%2Findex%3FtenantId%3D100002', clearSession: true },
  ],
  ['the same tenantId in the URL keeps the session', '/index?tenantId=100001', signedIn, { action: 'allow' }],
];

describe('route guard', () => {
  for (const [title, url, session, expected, overrides] of table) {
    it(title, () => {
      const parsed = new URL(url, 'http://console.test');
      const decision = guard({ path: parsed.pathname, query: parsed.searchParams }, session, {
        ...config,
        ...overrides,
      });
      expect(decision).to.deep.equal(expected);
    });
  }

  it('gives workbench accounts their fixed home and others the configured one', () => {
    expect(homeFor({ ...signedIn, account: 'znywpt' }, config)).to.equal('/site/index');
    expect(homeFor(signedIn, { ...config, homePath: '/x/y' })).to.equal('/x/y');
  });
});
