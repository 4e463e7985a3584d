import { expect } from '@esm-bundle/chai';
import { type GuardDecision, guard } from './guard';
import { SHELL_ROUTES } from './routes';

const config = { homePath: '/index', shellRoutes: SHELL_ROUTES, subAppCodes: ['station-monitor', 'leave'] };

const table: Array<[string, GuardDecision]> = [
  ['/', { action: 'redirect', to: '/index' }],
  ['/index', { action: 'allow' }],
  ['/login', { action: 'allow' }],
  ['/404', { action: 'allow' }],
  ['/myiframe/urlPath', { action: 'allow' }],
  ['/work/process/leave/form/p1', { action: 'allow' }],
  ['/station-monitor', { action: 'allow' }],
  ['/station-monitor/overview/index', { action: 'allow' }],
  ['/station-monitorx', { action: 'redirect', to: '/404' }],
  ['/no/such/page', { action: 'redirect', to: '/404' }],
];

describe('route guard', () => {
  for (const [path, expected] of table) {
    it(`${path} -> ${expected.action === 'allow' ? 'allow' : expected.to}`, () => {
      expect(guard({ path }, config)).to.deep.equal(expected);
    });
  }

  it('sends / to the configured home page', () => {
    expect(guard({ path: '/' }, { ...config, homePath: '/station-monitor/home' })).to.deep.equal({
      action: 'redirect',
      to: '/station-monitor/home',
    });
  });
});
