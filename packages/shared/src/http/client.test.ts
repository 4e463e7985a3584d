import { expect } from '@esm-bundle/chai';
import { Subject } from 'rxjs';
import { manualClock } from '../../test-support/clock';
import { type FakeReply, fakeTransport, tokenServer } from '../../test-support/http/fake-transport';
import { clientFor, outcome } from '../../test-support/http/setup';
import type { SessionEndReason } from '../session/context';
import type { HttpError } from './errors';

const ok = (data: unknown = null): FakeReply => ({ status: 200, data: { code: 200, success: true, data } });
const failedWith = async (promise: Promise<unknown>) => {
  const result = await outcome(promise);
  if (result.ok) throw new Error('expected the call to fail');
  return result.error as HttpError;
};

describe('http client: requests', () => {
  it('loads axios with the first call, not before, and once', async () => {
    const wire = fakeTransport(() => ok());
    let loads = 0;
    const { client } = clientFor(wire, {
      loadAxios: () => {
        loads += 1;
        return import('axios').then((module) => module.default);
      },
    });
    expect(loads).to.equal(0);
    await Promise.all([client.http.get('/api/a'), client.http.get('/api/b')]);
    await client.http.post('/api/c');
    expect(loads).to.equal(1);
    expect(wire.calls.map((call) => call.url)).to.deep.equal(['/api/a', '/api/b', '/api/c']);
  });

  it('sends a call at once over the browser transport: no XSRF cookie is read or sent', async () => {
    // The console's calls carry their tokens in headers; an XSRF-TOKEN cookie is neither read (axios would
    // wait for the async Cookie Store before sending) nor sent.
    // biome-ignore lint/suspicious/noDocumentCookie: the test plants the cookie axios would read
    document.cookie = 'XSRF-TOKEN=probe; path=/';
    const store = (window as { cookieStore?: { get: (...args: unknown[]) => unknown } }).cookieStore;
    const realGet = store?.get;
    let cookieReads = 0;
    if (store && realGet)
      store.get = (...args: unknown[]) => {
        cookieReads += 1;
        return realGet.apply(store, args);
      };
    const realSetHeader = XMLHttpRequest.prototype.setRequestHeader;
    const headers: string[] = [];
    XMLHttpRequest.prototype.setRequestHeader = function (name: string, value: string) {
      headers.push(name.toLowerCase());
      realSetHeader.call(this, name, value);
    };
    try {
      const { client } = clientFor({ adapter: undefined });
      await outcome(client.http.get('/__no-such-call__'));
      expect(headers, 'the call went out').to.include('blade-auth');
      expect(headers).not.to.include('x-xsrf-token');
      expect(cookieReads).to.equal(0);
    } finally {
      XMLHttpRequest.prototype.setRequestHeader = realSetHeader;
      if (store && realGet) store.get = realGet;
      // biome-ignore lint/suspicious/noDocumentCookie: and removes it
      document.cookie = 'XSRF-TOKEN=; path=/; max-age=0';
    }
  });

  it('hands every successful token answer to onTokenAnswer, and no other answer', async () => {
    const grant = { access_token: 'a9', refresh_token: 'r9', dataAuthKey: 'dk9' };
    const wire = fakeTransport((call) =>
      /oauth\/token/.test(call.url ?? '')
        ? { status: 200, data: grant }
        : ok({ access_token: 'not-a-token-answer' }),
    );
    const answers: unknown[] = [];
    const { client } = clientFor(wire, { onTokenAnswer: (answer) => answers.push(answer) });
    await client.http.get('/api/a');
    await client.http.post('/api/blade-system/oauth/token?grant_type=password');
    expect(answers).to.deep.equal([grant]);
  });

  it('sends the headers of spec §6-§7, credentials and the 30 s timeout', async () => {
    const wire = fakeTransport(() => ok());
    const { client, session, seen } = clientFor(wire);
    session.update({
      dataAuthKey: 'dk1',
      subStation: { id: 's1', name: 'A', tenantId: '200001', deptId: '77' },
      userInfo: { app_id: 'app1' } as never,
    });
    await client.http.get('/api/a');
    seen.language = 'en_US';
    await client.http.post('/api/upload', new FormData(), { upload: true });
    await client.http.post('/api/rc', {}, { timeout: 5000 });
    const [first, upload, rc] = wire.calls;
    expect(first!.headers).to.include({
      Authorization: `Basic ${btoa('saber:saber_secret')}`,
      'Blade-Auth': 'bearer a0',
      'Hzinfo-Auth': 'bearer h0',
      'Data-Auth': 'dk1',
      'Tenant-Id': '200001',
      'Dept-Id': '77',
      'App-Id': 'app1',
      'Hz-Language': 'zh_CN',
    });
    expect(first!.withCredentials).to.equal(true);
    expect(first!.timeout).to.equal(30_000);
    expect(upload!.timeout).to.equal(60_000);
    expect(upload!.headers['Hz-Language']).to.equal('en_US');
    expect(rc!.timeout).to.equal(5000);
  });

  it('sends no station tenant on the token endpoint, where Tenant-Id is the tenant signing in', async () => {
    const wire = fakeTransport(() => ({ status: 200, data: { access_token: 'x' } }));
    const { client, session } = clientFor(wire);
    session.update({ subStation: { id: 's1', name: 'A', tenantId: '200001', deptId: '77' } });
    await client.http.post('/api/blade-system/oauth/token', null, { params: { tenantId: '100001' } });
    await client.http.get('/api/any');
    expect(wire.calls[0]!.headers).to.not.have.any.keys('Tenant-Id', 'Dept-Id');
    expect(wire.calls[1]!.headers).to.include({ 'Tenant-Id': '200001', 'Dept-Id': '77' });
  });

  it("keeps a header the caller set (the login's Tenant-Id)", async () => {
    const wire = fakeTransport(() => ({ status: 200, data: { access_token: 'x' } }));
    const { client } = clientFor(wire, { signedIn: false, path: '/login' });
    const answer = await client.http.post('/api/blade-system/oauth/token', null, {
      headers: { 'Tenant-Id': '100002', 'Captcha-Key': 'k' },
    });
    expect(answer.data.access_token).to.equal('x');
    expect(wire.calls[0]!.headers).to.include({ 'Tenant-Id': '100002', 'Captcha-Key': 'k' });
    expect(wire.calls[0]!.headers).to.not.have.property('Blade-Auth');
  });

  it('cancels the older cancellable call of the same kind, quietly', async () => {
    const wire = fakeTransport((call) => (call.url.includes('slow') ? { hang: true } : ok(call.url)));
    const { client, seen } = clientFor(wire);
    const older = client.http.get('/api/unread?p=1&slow', { cancellable: true });
    const other = client.http.get('/api/other?slow');
    const newer = client.http.get('/api/unread?p=2', { cancellable: true });
    const error = await failedWith(older);
    expect(error.kind).to.equal('canceled');
    expect(error.canceled).to.equal(true);
    expect((await newer).data.data).to.equal('/api/unread?p=2');
    expect(seen.logs).to.deep.equal(['Request canceled']);
    expect(seen.notes).to.deep.equal([]);
    expect(seen.errors).to.deep.equal([]);
    expect(client.inFlight()).to.equal(1);
    client.abortAll();
    expect((await failedWith(other)).kind).to.equal('canceled');
  });
});

describe('http client: error catalogue', () => {
  const answer = (reply: FakeReply, options: Parameters<typeof clientFor>[1] = {}) => {
    const wire = fakeTransport(() => reply);
    return { wire, ...clientFor(wire, options) };
  };

  it("shows the server's message for another code and rejects with a typed error", async () => {
    const { client, seen } = answer({ status: 200, data: { code: 400, msg: 'name too long', data: null } });
    const error = await failedWith(client.http.get('/api/x'));
    expect(error).to.include({ kind: 'response', status: 200, code: 400, msg: 'name too long' });
    expect(error.config?.url).to.equal('/api/x');
    expect(seen.notes).to.deep.equal([{ kind: 'error', message: 'name too long', key: undefined }]);
    expect(seen.errors).to.have.length(1);
  });

  it("shows error_description, then message, then 'unknown error'", async () => {
    const a = answer({ status: 400, data: { code: 400, error_description: 'bad grant' } });
    await failedWith(a.client.http.get('/x'));
    const b = answer({ status: 500, data: { message: 'boom' } });
    await failedWith(b.client.http.get('/x'));
    const c = answer({ status: 502, data: {} }, { language: 'en_US' });
    await failedWith(c.client.http.get('/x'));
    expect([a, b, c].map((s) => s.seen.notes.map((n) => n.message))).to.deep.equal([
      ['bad grant'],
      ['boom'],
      ['unknown error'],
    ]);
    expect(c.seen.notes[0]!.key).to.equal('http.unknown');
  });

  it('hands the login conflict to the login flow with its data, showing nothing', async () => {
    const { client, seen } = answer(
      { status: 409, data: { code: 1800100001, msg: 'signed in elsewhere', data: { uuid: 'u1' } } },
      { signedIn: false, path: '/login' },
    );
    const error = await failedWith(client.http.post('/api/blade-system/oauth/token'));
    expect(error.kind).to.equal('conflict');
    expect((error.data as { data: { uuid: string } }).data.uuid).to.equal('u1');
    expect(seen.notes).to.deep.equal([]);
  });

  it('rejects whitelisted codes, global or per call, without a message', async () => {
    const { client, seen } = answer({ status: 200, data: { code: 4001, msg: 'x' } }, { whitelist: [4001] });
    expect((await failedWith(client.http.get('/x'))).kind).to.equal('whitelisted');
    const other = answer({ status: 200, data: { code: 4002, msg: 'x' } });
    expect((await failedWith(other.client.http.get('/x', { quietCodes: [4002] }))).kind).to.equal(
      'whitelisted',
    );
    expect(seen.notes.concat(other.seen.notes)).to.deep.equal([]);
  });

  it('401 with code 600 and no refresh token: one logout for a burst, no message', async () => {
    const { client, session, seen } = answer({ status: 401, data: { code: 600, msg: 'token invalid' } });
    session.update({ refreshToken: '' });
    const errors = await Promise.all([1, 2, 3].map(() => failedWith(client.http.get('/x'))));
    expect(errors.map((e) => e.kind)).to.deep.equal(['unauthorized', 'unauthorized', 'unauthorized']);
    expect(seen.logouts).to.deep.equal([{ reason: 'token-invalid', message: '' }]);
    expect(seen.notes).to.deep.equal([]);
  });

  it('401 with code 600 on the login page neither logs out nor shows anything; on /authorization only the message', async () => {
    const login = answer(
      { status: 401, data: { code: 600, msg: 'token invalid' } },
      { path: '/login', signedIn: false },
    );
    await failedWith(login.client.http.get('/x'));
    expect(login.seen.logouts.concat(login.seen.notes as never[])).to.deep.equal([]);
    const auth = answer(
      { status: 401, data: { code: 600, msg: 'token invalid' } },
      { path: '/authorization', signedIn: false },
    );
    await failedWith(auth.client.http.get('/x'));
    expect(auth.seen.logouts).to.deep.equal([]);
    expect(auth.seen.notes.map((n) => n.message)).to.deep.equal(['token invalid']);
  });

  it('another 401 shows its message on /login and logs out with the message elsewhere', async () => {
    const login = answer(
      { status: 401, data: { code: 401, msg: 'client invalid' } },
      { path: '/login', signedIn: false },
    );
    await failedWith(login.client.http.get('/x'));
    expect(login.seen.notes.map((n) => n.message)).to.deep.equal(['client invalid']);
    expect(login.seen.logouts).to.deep.equal([]);
    const page = answer({ status: 401, data: {} }, { signedIn: false, language: 'en_US' });
    await failedWith(page.client.http.get('/x'));
    expect(page.seen.logouts).to.deep.equal([
      { reason: 'unauthorized', message: 'Not authorised, please sign in again' },
    ]);
    expect(page.seen.notes).to.have.length(1);
  });

  it('shows the network message once for a burst of timeouts and aborts, again after a quiet spell', async () => {
    const clock = manualClock(0);
    let n = 0;
    const wire = fakeTransport(() => ({ network: n++ % 2 ? 'timeout' : 'offline' }));
    const { client, seen } = clientFor(wire, { clock });
    const burst = await Promise.all([1, 2, 3, 4, 5].map(() => failedWith(client.http.get('/x'))));
    expect(burst.map((e) => e.kind).sort()).to.deep.equal([
      'network',
      'network',
      'network',
      'timeout',
      'timeout',
    ]);
    expect(seen.notes.map((n) => n.key)).to.deep.equal(['http.network']);
    clock.advance(1000);
    await failedWith(client.http.get('/x'));
    expect(seen.notes).to.have.length(1);
    clock.advance(3001);
    await failedWith(client.http.get('/x'));
    expect(seen.notes).to.have.length(2);
    expect(seen.notes[0]!.message).to.equal('请求超时，请检查网络连接后稍后重试');
    expect(seen.errors).to.have.length(7);
  });
});

describe('http client: context switches', () => {
  const hanging = () => {
    const wire = fakeTransport((call) => (call.url === '/hang' ? { hang: true } : ok()));
    /** Resolves once n calls are on the wire (request interceptors run asynchronously). */
    const onWire = async (n: number) => {
      while (wire.calls.length < n) await new Promise((r) => setTimeout(r, 1));
    };
    return { ...clientFor(wire), onWire };
  };

  it('logout aborts every call in flight', async () => {
    const { client, session, onWire } = hanging();
    const calls = [client.http.get('/hang'), client.http.post('/hang')];
    await onWire(2);
    session.clear();
    const errors = await Promise.all(calls.map(failedWith));
    expect(errors.map((e) => e.kind)).to.deep.equal(['canceled', 'canceled']);
    expect(client.inFlight()).to.equal(0);
  });

  it('a tenant or station switch aborts every call in flight; a token refresh does not', async () => {
    const { client, session, onWire } = hanging();
    const first = client.http.get('/hang');
    await onWire(1);
    session.setTokens({ access_token: 'a9', refresh_token: 'r9' });
    expect(client.inFlight()).to.equal(1);
    session.update({ subStation: { id: 's2', name: 'B', tenantId: '200002', deptId: '5' } });
    expect((await failedWith(first)).kind).to.equal('canceled');
    const second = client.http.get('/hang');
    await onWire(2);
    session.update({ tenantId: '100009' });
    expect((await failedWith(second)).kind).to.equal('canceled');
    client.dispose();
  });

  it('follows the session context it is given, not the session itself', async () => {
    const ended = new Subject<SessionEndReason>();
    const wire = fakeTransport(() => ({ hang: true }));
    const { client, session } = clientFor(wire, { sessionContext: { ended$: ended } });
    const call = client.http.get('/hang');
    while (wire.calls.length < 1) await new Promise((r) => setTimeout(r, 1));
    session.update({ subStation: { id: 's2', name: 'B', tenantId: '200002', deptId: '5' } });
    expect(client.inFlight()).to.equal(1);
    ended.next('station-switch');
    expect((await failedWith(call)).kind).to.equal('canceled');
    expect(client.inFlight()).to.equal(0);
    client.dispose();
    expect(ended.observed).to.equal(false);
  });

  it('a call waiting on a refresh when the station switches is canceled, not sent into the new station', async () => {
    const server = tokenServer({ refreshDelayMs: 20 });
    const { client, session, seen } = clientFor(server);
    const refresh = client.refresh();
    const waiting = client.http.get('/api/old-station');
    await new Promise((r) => setTimeout(r, 1));
    session.update({ subStation: { id: 's2', name: 'B', tenantId: '200002', deptId: '5' } });
    await refresh;
    expect((await failedWith(waiting)).kind).to.equal('canceled');
    expect(server.apiCalls()).to.deep.equal([]);
    await client.http.get('/api/new-station');
    expect(server.apiCalls().map((c) => [c.url, c.headers['Tenant-Id']])).to.deep.equal([
      ['/api/new-station', '200002'],
    ]);
    expect(seen.notes).to.deep.equal([]);
  });

  it('a call refused with 401 is not retried into a station chosen during the refresh', async () => {
    const server = tokenServer({ refreshDelayMs: 20 });
    const { client, session } = clientFor(server);
    const call = client.http.get('/api/x');
    while (server.refreshCalls().length < 1) await new Promise((r) => setTimeout(r, 1));
    session.update({ subStation: { id: 's2', name: 'B', tenantId: '200002', deptId: '5' } });
    expect((await failedWith(call)).kind).to.equal('canceled');
    expect(server.apiCalls()).to.have.length(1);
    expect(session.get().token).to.equal('a2');
  });
});
