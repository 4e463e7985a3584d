import { expect } from '@esm-bundle/chai';
import { MemoryStorage } from '@ops/shared/test-support';
import {
  authorizeAddress,
  rememberPending,
  socialReturn,
  takePending,
  withoutProviderAnswer,
} from './social';

const pending = { state: 's-1', source: 'demo', tenantId: '100001' };

describe('social sign-in rules', () => {
  const rows: Array<[string, string, typeof pending | null, string]> = [
    ['an ordinary visit', '?tenantId=100001', pending, 'none'],
    ['the answer to this tab', '?source=demo&code=C&state=s-1&tenantId=100001', pending, 'verified'],
    ['another state', '?source=demo&code=C&state=s-2&tenantId=100001', pending, 'refused'],
    ['another provider', '?source=wechat&code=C&state=s-1', pending, 'refused'],
    ['no code', '?source=demo&state=s-1', pending, 'refused'],
    ['an answer this tab never asked for', '?source=demo&code=C&state=s-1', null, 'refused'],
    ['a state alone', '?state=s-1', pending, 'refused'],
  ];
  for (const [name, search, sent, kind] of rows) {
    it(`${name}: ${kind}`, () => {
      expect(socialReturn(new URLSearchParams(search), sent).kind).to.equal(kind);
    });
  }

  it('signs in to the tenant the provider names, else the one this tab sent', () => {
    const named = socialReturn(new URLSearchParams('?source=demo&code=C&state=s-1&tenantId=100002'), pending);
    expect(named).to.deep.equal({
      kind: 'verified',
      code: { source: 'demo', code: 'C', state: 's-1', tenantId: '100002' },
    });
    const unnamed = socialReturn(new URLSearchParams('?source=demo&code=C&state=s-1'), pending);
    expect(unnamed.kind === 'verified' && unnamed.code.tenantId).to.equal('100001');
  });

  it('sends the tenant, state and way back; same-origin addresses stay paths', () => {
    const local = { source: 'demo', name: 'Demo', authorizeUrl: '/api/blade-system/oauth/render/demo' };
    const address = authorizeAddress(local, pending, {
      redirectUri: '/login?redirect=%2Fsite%2Fswitch',
      origin: 'https://console.example.com',
      user: 'demo-alice',
    });
    const url = new URL(address, 'https://console.example.com');
    expect(address.startsWith('/api/blade-system/oauth/render/demo?')).to.equal(true);
    expect(url.searchParams.get('tenantId')).to.equal('100001');
    expect(url.searchParams.get('state')).to.equal('s-1');
    expect(url.searchParams.get('redirect_uri')).to.equal('/login?redirect=%2Fsite%2Fswitch');
    expect(url.searchParams.get('user')).to.equal('demo-alice');
    const remote = {
      source: 'wechat',
      name: 'WeChat',
      authorizeUrl: 'https://open.example.com/connect?app=1',
    };
    const away = authorizeAddress(
      remote,
      { ...pending, source: 'wechat' },
      {
        redirectUri: '/login',
        origin: 'https://console.example.com',
      },
    );
    expect(away.startsWith('https://open.example.com/connect?app=1&')).to.equal(true);
    expect(new URL(away).searchParams.has('user')).to.equal(false);
  });

  it('drops the provider answer from the query and keeps the rest', () => {
    expect(withoutProviderAnswer('?source=demo&code=C&state=s&tenantId=1&redirect=%2Fx')).to.equal(
      '?tenantId=1&redirect=%2Fx',
    );
    expect(withoutProviderAnswer('?source=demo&code=C&state=s')).to.equal('');
  });

  it('remembers the request in this tab and lets it serve one answer', () => {
    const store = new MemoryStorage();
    rememberPending('test-', pending, store);
    expect(takePending('test-', store)).to.deep.equal(pending);
    expect(takePending('test-', store), 'taken once').to.equal(null);
    store.setItem('test-socialState', 'not json');
    expect(takePending('test-', store)).to.equal(null);
  });
});
