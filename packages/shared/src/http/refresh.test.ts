import { expect } from '@esm-bundle/chai';
import { manualClock } from '../../test-support/clock';
import { tokenServer } from '../../test-support/http/fake-transport';
import { clientFor, outcome } from '../../test-support/http/setup';
import { MemoryStorage } from '../../test-support/memory-storage';
import type { HttpError } from './errors';
import { broadcastMutex, localMutex, webLocksMutex } from './tab-mutex';

describe('single-flight refresh (QUALITY S1)', () => {
  it('20 concurrent requests with an expired token: exactly 1 refresh, all 20 retried once and resolved', async () => {
    const server = tokenServer();
    const { client, session, seen } = clientFor(server);
    const urls = Array.from({ length: 20 }, (_, i) => `/api/item/${i}`);
    const results = await Promise.all(urls.map((url) => client.http.get(url)));

    expect(server.refreshCalls()).to.have.length(1);
    expect(results.map((r) => r.data.data)).to.deep.equal(urls);
    for (const url of urls) {
      const sent = server.apiCalls().filter((c) => c.url === url);
      expect(sent.map((c) => c.headers['Blade-Auth'])).to.deep.equal(['bearer a0', 'bearer a2']);
    }
    expect(session.get()).to.include({ token: 'a2', refreshToken: 'r2', hzToken: 'h2' });
    expect(seen.notes).to.deep.equal([]);
    expect(seen.logouts).to.deep.equal([]);
  });

  it('sends the refresh as the server expects it, without waiting on its own gate', async () => {
    const server = tokenServer();
    const { client } = clientFor(server);
    await client.refresh();
    const [call] = server.refreshCalls();
    expect(call!.method).to.equal('POST');
    expect(call!.url).to.equal('/api/blade-system/oauth/token');
    expect(call!.data).to.deep.equal({
      tenantId: '100001',
      refresh_token: 'r1',
      grant_type: 'refresh_token',
      scope: 'all',
      // spec §9: the refresh-type flag of the workbench.
      refTerminal: '2',
    });
    expect(call!.headers.Authorization).to.equal(`Basic ${btoa('saber:saber_secret')}`);
    expect(call!.headers['Tenant-Id']).to.equal('100001');
    expect(call!.headers['Blade-Auth']).to.equal(undefined);
  });

  it('a failed refresh logs out exactly once with one message, and every waiting request fails typed', async () => {
    const server = tokenServer({ refuseRefresh: true });
    const { client, seen } = clientFor(server);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => outcome(client.http.get(`/api/x/${i}`))),
    );

    expect(server.refreshCalls()).to.have.length(1);
    expect(seen.logouts).to.have.length(1);
    expect(seen.logouts[0]!.reason).to.equal('refresh-failed');
    expect(seen.notes).to.have.length(1);
    expect(seen.notes[0]!.message).to.equal('refresh token invalid');
    for (const result of results) {
      expect(result.ok).to.equal(false);
      expect(result.ok ? null : (result.error as HttpError).kind).to.equal('refresh-failed');
    }
    expect(server.apiCalls()).to.have.length(20);
  });

  it('a request that keeps getting 401 is retried once, then the session is logged out once', async () => {
    let refreshes = 0;
    let apiCalls = 0;
    const { client, seen } = clientFor({
      adapter: async (config) => {
        const base = { headers: {}, config, request: {}, statusText: '' };
        if (config.url?.endsWith('/oauth/token')) {
          refreshes++;
          return {
            ...base,
            status: 200,
            data: { access_token: `n${refreshes}`, refresh_token: `rr${refreshes}` },
          };
        }
        apiCalls++;
        const { AxiosError } = await import('axios');
        const response = { ...base, status: 401, data: { code: 600, msg: 'token invalid' } };
        throw new AxiosError('401', 'ERR_BAD_REQUEST', config, {}, response);
      },
    });
    const results = await Promise.all([outcome(client.http.get('/a')), outcome(client.http.get('/b'))]);
    expect(results.every((r) => !r.ok)).to.equal(true);
    expect(refreshes).to.equal(1);
    expect(apiCalls).to.equal(4);
    expect(seen.logouts).to.have.length(1);
    expect(seen.logouts[0]!.reason).to.equal('token-invalid');
    expect(seen.notes).to.deep.equal([]);
  });

  it('the token age check starts the refresh; requests made meanwhile wait and go out with the new token', async () => {
    const clock = manualClock(1_000_000);
    const server = tokenServer({ refreshDelayMs: 20 });
    const { client, session } = clientFor(server, { clock });
    const stop = client.startTokenAgeCheck();
    clock.advance(2_990_000);
    expect(server.refreshCalls()).to.have.length(0);
    clock.advance(10_000);
    expect(client.isRefreshing()).to.equal(true);
    const results = await Promise.all([1, 2, 3, 4, 5].map((i) => client.http.get(`/api/w/${i}`)));
    expect(results).to.have.length(5);
    expect(server.refreshCalls()).to.have.length(1);
    expect(server.apiCalls().map((c) => c.headers['Blade-Auth'])).to.deep.equal(Array(5).fill('bearer a2'));
    clock.advance(10_000);
    expect(server.refreshCalls()).to.have.length(1);
    expect(session.get().tokenTime).to.equal(4_000_000);
    stop();
  });

  it('a network failure of the refresh keeps the session and shows the network message once', async () => {
    let refreshCalls = 0;
    const { client, seen, session } = clientFor({
      adapter: async (config) => {
        const { AxiosError } = await import('axios');
        if (config.url?.endsWith('/oauth/token')) refreshCalls++;
        throw new AxiosError('timeout of 30000ms exceeded', 'ECONNABORTED', config, {});
      },
    });
    const results = await Promise.all([outcome(client.refresh()), outcome(client.refresh())]);
    expect(results.every((r) => !r.ok)).to.equal(true);
    expect(refreshCalls).to.equal(1);
    expect(seen.logouts).to.deep.equal([]);
    expect(seen.notes.map((n) => n.key)).to.deep.equal(['http.network']);
    expect(session.get().refreshToken).to.equal('r1');
  });
});

describe('refresh across tabs', () => {
  const twoTabs = (mutex: () => import('./tab-mutex').TabMutex) => {
    const server = tokenServer({ refreshDelayMs: 30 });
    const local = new MemoryStorage();
    const first = clientFor(server, { local, mutex: mutex() });
    const second = clientFor(server, { local, mutex: mutex(), signedIn: false });
    second.session.reload();
    return { server, first, second };
  };

  it('with Web Locks only one tab rotates the refresh token; the other takes the new tokens from storage', async () => {
    const name = `lock-${Math.random()}`;
    const locks = navigator.locks;
    const mutex = () => webLocksMutex({ request: (n, task) => locks.request(`${name}${n}`, task) });
    const { server, first, second } = twoTabs(mutex);
    expect(second.session.get().refreshToken).to.equal('r1');
    const results = await Promise.all([
      first.client.http.get('/api/a'),
      second.client.http.get('/api/b'),
      first.client.http.get('/api/c'),
      second.client.http.get('/api/d'),
    ]);
    expect(results).to.have.length(4);
    expect(server.refreshCalls()).to.have.length(1);
    expect(second.session.get().token).to.equal(first.session.get().token);
    expect(first.seen.logouts.concat(second.seen.logouts)).to.deep.equal([]);
  });

  it('with only BroadcastChannel the tabs also refresh once', async () => {
    const name = `bc-${Math.random()}`;
    const mutex = () =>
      broadcastMutex(new BroadcastChannel(name), {
        now: () => Date.now(),
        setTimeout: (fn, ms) => {
          const id = setTimeout(fn, ms);
          return () => clearTimeout(id);
        },
        setInterval: () => () => undefined,
      });
    const { server, first, second } = twoTabs(mutex);
    await Promise.all([first.client.http.get('/api/a'), second.client.http.get('/api/b')]);
    expect(server.refreshCalls()).to.have.length(1);
    expect(second.session.get().refreshToken).to.equal('r2');
  });

  it('without coordination two tabs would spend the same refresh token (the server then revokes)', async () => {
    const { server, first, second } = twoTabs(localMutex);
    const results = await Promise.all([outcome(first.client.refresh()), outcome(second.client.refresh())]);
    expect(server.refreshCalls()).to.have.length(2);
    expect(results.filter((r) => !r.ok)).to.have.length(1);
  });
});

describe('tab mutex', () => {
  it('never runs two tasks of the same name at once, even from different tabs', async () => {
    const name = `m-${Math.random()}`;
    const clock = {
      now: () => Date.now(),
      setTimeout: (fn: () => void, ms: number) => {
        const id = setTimeout(fn, ms);
        return () => clearTimeout(id);
      },
      setInterval: () => () => undefined,
    };
    const tabs = [0, 1, 2].map(() => broadcastMutex(new BroadcastChannel(name), clock));
    let running = 0;
    let most = 0;
    const task = async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 15));
      running--;
    };
    await Promise.all(tabs.flatMap((tab) => [tab.run('x', task), tab.run('x', task)]));
    expect(most).to.equal(1);
  });

  it('keeps a local queue going after a failed task', async () => {
    const mutex = localMutex();
    const order: string[] = [];
    const failed = mutex.run('x', async () => {
      order.push('a');
      throw new Error('no');
    });
    const next = mutex.run('x', async () => {
      order.push('b');
      return 2;
    });
    expect((await outcome(failed)).ok).to.equal(false);
    expect(await next).to.equal(2);
    expect(order).to.deep.equal(['a', 'b']);
  });
});
