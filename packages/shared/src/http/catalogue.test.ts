import { expect } from '@esm-bundle/chai';
import { normalizePath } from '../routing/routes';
import { bodyCode, decide, type Outcome, serverMessage } from './catalogue';
import { buildHeaders } from './headers';
import { cancelKind, createInFlight } from './in-flight';
import { httpText } from './texts';

describe('error catalogue (spec §8)', () => {
  const cases: [string, number, number | undefined, string, Outcome][] = [
    ['success envelope', 200, 200, '/index', { action: 'ok' }],
    ['flat token answer without a code', 200, undefined, '/index', { action: 'ok' }],
    ['401 code 600 on a page', 401, 600, '/index', { action: 'logout', message: false }],
    ['401 code 600 on the login page', 401, 600, '/login', { action: 'quiet' }],
    ['401 code 600 on the login page with a query', 401, 600, '/login?tenantId=1', { action: 'quiet' }],
    ['401 code 600 on /authorization', 401, 600, '/authorization', { action: 'message' }],
    ['other 401 on /login', 401, 401, '/login', { action: 'message' }],
    ['other 401 on a page', 401, undefined, '/site/index', { action: 'logout', message: true }],
    ['other 401 on /authorization', 401, 401, '/authorization', { action: 'logout', message: true }],
    ['code 401 inside a 200 answer', 200, 401, '/index', { action: 'logout', message: true }],
    ['login conflict', 409, 1800100001, '/login', { action: 'conflict' }],
    ['login conflict in a 200 answer', 200, 1800100001, '/login', { action: 'conflict' }],
    ['whitelisted code', 200, 4001, '/index', { action: 'quiet' }],
    ['whitelisted code with an error status', 400, 4001, '/index', { action: 'quiet' }],
    ['other code in a 200 answer', 200, 500, '/index', { action: 'message' }],
    ['server error without a body code', 500, undefined, '/index', { action: 'message' }],
    ['bad request', 400, 400, '/index', { action: 'message' }],
    ['code 200 with an error status', 500, 200, '/index', { action: 'message' }],
  ];
  for (const [name, status, code, path, expected] of cases) {
    it(name, () => {
      expect(decide({ status, code, path, whitelist: [4001] })).to.deep.equal(expected);
    });
  }

  it('takes the message from msg, error_description or message, in that order', () => {
    expect(serverMessage({ msg: 'a', error_description: 'b', message: 'c' })).to.equal('a');
    expect(serverMessage({ msg: ' ', error_description: 'b', message: 'c' })).to.equal('b');
    expect(serverMessage({ message: 'c' })).to.equal('c');
    expect(serverMessage({ msg: 12 })).to.equal('');
    expect(serverMessage(null)).to.equal('');
    expect(serverMessage('Bad Gateway')).to.equal('Bad Gateway');
    expect(serverMessage('<html>'.repeat(100))).to.equal('');
  });

  it('reads numeric and numeric-string body codes only', () => {
    expect(bodyCode({ code: 200 })).to.equal(200);
    expect(bodyCode({ code: '600' })).to.equal(600);
    expect(bodyCode({ code: 'E1' })).to.equal(undefined);
    expect(bodyCode([1])).to.equal(undefined);
    expect(bodyCode('text')).to.equal(undefined);
  });

  it('normalises route paths', () => {
    expect(normalizePath('/login/')).to.equal('/login');
    expect(normalizePath('#/login?x=1')).to.equal('/login');
    expect(normalizePath('/')).to.equal('/');
  });
});

describe('request headers (spec §6-§7)', () => {
  const base = {
    clientId: 'saber',
    clientSecret: 'saber_secret',
    token: 't1',
    hzToken: 'h1',
    dataAuthKey: 'dk',
    station: { tenantId: '200001', deptId: '88' },
    appId: 'app9',
    language: 'en_US' as const,
  };

  it('carries the client, both bearer tokens, data auth, station, app and language', () => {
    expect(buildHeaders(base)).to.deep.equal({
      Authorization: 'Basic c2FiZXI6c2FiZXJfc2VjcmV0',
      'Blade-Auth': 'bearer t1',
      'Hzinfo-Auth': 'bearer h1',
      'Data-Auth': 'dk',
      'Tenant-Id': '200001',
      'Dept-Id': '88',
      'App-Id': 'app9',
      'Hz-Language': 'en_US',
    });
  });

  it('leaves out what is empty and uses the access token for both headers without a second token', () => {
    const headers = buildHeaders({ ...base, hzToken: '', dataAuthKey: '', station: null, appId: '' });
    expect(headers).to.deep.equal({
      Authorization: 'Basic c2FiZXI6c2FiZXJfc2VjcmV0',
      'Blade-Auth': 'bearer t1',
      'Hzinfo-Auth': 'bearer t1',
      'Hz-Language': 'en_US',
    });
    expect(buildHeaders({ ...base, token: '', hzToken: '' })).to.not.have.any.keys(
      'Blade-Auth',
      'Hzinfo-Auth',
    );
  });
});

describe('calls in flight', () => {
  it('names the kind of a cancellable call', () => {
    expect(cancelKind(undefined, 'get', '/a')).to.equal(null);
    expect(cancelKind(false, 'get', '/a')).to.equal(null);
    expect(cancelKind(true, 'get', '/a?x=1')).to.equal('GET /a');
    expect(cancelKind('unread', 'get', '/a')).to.equal('unread');
  });

  it('aborts the older call of a kind, follows the caller signal, and aborts all', () => {
    const flights = createInFlight();
    const older = flights.begin('k', null);
    const newer = flights.begin('k', null);
    const other = flights.begin(null, null);
    expect(older.signal.aborted).to.equal(true);
    expect(newer.signal.aborted).to.equal(false);
    const caller = new AbortController();
    const followed = flights.begin(null, caller.signal);
    caller.abort();
    expect(followed.signal.aborted).to.equal(true);
    older.end();
    flights.abortAll('logout');
    expect(newer.signal.aborted && other.signal.aborted).to.equal(true);
    expect(flights.size()).to.equal(0);
  });

  it('has zh and en texts for every message key', () => {
    expect(httpText('http.network')).to.contain('请求超时');
    expect(httpText('http.network', 'en_US')).to.equal(
      'request timed out, please check your network connection and retry later',
    );
    expect(httpText('http.unknown', 'en_US')).to.equal('unknown error');
  });
});
