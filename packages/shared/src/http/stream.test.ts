import { expect } from '@esm-bundle/chai';
import { manualClock } from '../../test-support/clock';
import {
  chunkedBody,
  eventStream,
  fakeFetch,
  feedBody,
  jsonAnswer,
} from '../../test-support/http/fake-fetch';
import { fakeTransport, tokenServer } from '../../test-support/http/fake-transport';
import { clientFor, outcome } from '../../test-support/http/setup';
import type { HttpError } from './errors';
import type { StreamEvent, StreamRequest } from './stream';

const COMPLETIONS = '/api/hzgglm-model-business/v1/chat/completions';
const noAxios = fakeTransport(() => ({ status: 500, data: { code: 500, msg: 'no axios call expected' } }));

const failedWith = async (promise: Promise<unknown>) => {
  const result = await outcome(promise);
  if (result.ok) throw new Error('expected the stream to fail');
  return result.error as HttpError;
};
const tick = () => new Promise((r) => setTimeout(r, 1));

/** A stream call that records its events. */
const collect = (extra: Partial<StreamRequest> = {}) => {
  const events: StreamEvent[] = [];
  const request: StreamRequest = {
    url: COMPLETIONS,
    body: { model: 'm', stream: true, messages: [{ role: 'user', content: 'hi' }] },
    onEvent: (event) => events.push(event),
    ...extra,
  };
  return { events, request };
};

const bytes = (text: string) => new TextEncoder().encode(text);

describe('http client: streams', () => {
  it('delivers events in order across awkward chunk boundaries and stops at [DONE]', async () => {
    const hello = bytes('data: 你好\n\n');
    const wire = chunkedBody([
      ': keep-alive comment\r\n\r\n',
      'data: {"choices":[{"delta":',
      '{"content":"A"}}]}\r\n\r\nevent: thinking\r\nid: 7\r\ndata: line one\r\ndata: line two\r',
      '\n\r\n',
      hello.slice(0, 8), // splits 你 (bytes 6-8) in the middle
      hello.slice(8),
      'data: [DO',
      'NE]\n\n',
      'data: after the end\n\n',
    ]);
    const net = fakeFetch(() => eventStream(wire.body));
    const { client } = clientFor(noAxios, { fetch: net.fetch });
    const { events, request } = collect();
    const result = await client.stream(request);
    expect(events).to.deep.equal([
      { data: '{"choices":[{"delta":{"content":"A"}}]}' },
      { data: 'line one\nline two', event: 'thinking', id: '7' },
      { data: '你好' },
    ]);
    expect(result).to.deep.equal({ done: true, events: 3 });
    expect(wire.state.canceled).to.equal(true);
    expect(client.inFlight()).to.equal(0);
  });

  it('sends the console headers (current token, Hz-Language, station), JSON and credentials', async () => {
    const net = fakeFetch(() => eventStream(chunkedBody(['data: [DONE]\n\n']).body));
    const { client, session, seen } = clientFor(noAxios, { fetch: net.fetch, language: 'en_US' });
    session.update({
      dataAuthKey: 'dk1',
      subStation: { id: 's1', name: 'A', tenantId: '200001', deptId: '77' },
    });
    const { request } = collect({ headers: { 'Hzinfo-App-Id': 'app9', 'Blade-Auth': 'bearer forged' } });
    await client.stream(request);
    seen.language = 'zh_CN';
    session.setTokens({ access_token: 'a5', refresh_token: 'r5', hz_access_token: 'h5' });
    await client.stream({ url: '/api/x', method: 'get', onEvent: () => undefined });
    const [first, second] = net.calls;
    expect(first!.method).to.equal('POST');
    expect(first!.url).to.equal(COMPLETIONS);
    expect(first!.credentials).to.equal('include');
    expect(first!.body).to.deep.equal(request.body);
    expect(Object.fromEntries(first!.headers)).to.include({
      authorization: `Basic ${btoa('saber:saber_secret')}`,
      'blade-auth': 'bearer a0',
      'hzinfo-auth': 'bearer h0',
      'hz-language': 'en_US',
      'data-auth': 'dk1',
      'tenant-id': '200001',
      'dept-id': '77',
      'hzinfo-app-id': 'app9',
      'content-type': 'application/json',
      accept: 'text/event-stream',
    });
    expect(second!.method).to.equal('GET');
    expect(second!.body).to.equal(undefined);
    expect(second!.headers.get('Content-Type')).to.equal(null);
    expect(second!.headers.get('Blade-Auth')).to.equal('bearer a5');
    expect(second!.headers.get('Hz-Language')).to.equal('zh_CN');
  });

  it('counts as a call in flight while it streams', async () => {
    const wire = feedBody();
    const net = fakeFetch(() => eventStream(wire.body));
    const { client } = clientFor(noAxios, { fetch: net.fetch });
    const { events, request } = collect();
    const running = client.stream(request);
    await net.sent(1);
    expect(client.inFlight()).to.equal(1);
    wire.send('data: 1\n\n');
    while (events.length < 1) await tick();
    wire.close();
    expect(await running).to.deep.equal({ done: false, events: 1 });
    expect(client.inFlight()).to.equal(0);
  });

  it('a stream that ends without [DONE] has delivered what it had, its last unterminated event too', async () => {
    const net = fakeFetch(() => eventStream(chunkedBody(['data: a\n\n', 'data: b']).body));
    const { client, seen } = clientFor(noAxios, { fetch: net.fetch });
    const { events, request } = collect();
    expect(await client.stream(request)).to.deep.equal({ done: false, events: 2 });
    expect(events.map((e) => e.data)).to.deep.equal(['a', 'b']);
    expect(seen.notes).to.deep.equal([]);
  });

  it('an error thrown by onEvent stops the stream, closes it and rejects with that error', async () => {
    const wire = chunkedBody(['data: 1\n\ndata: 2\n\n', 'data: 3\n\n']);
    const net = fakeFetch(() => eventStream(wire.body));
    const { client, seen } = clientFor(noAxios, { fetch: net.fetch });
    const seenData: string[] = [];
    const broken = new Error('bad chunk');
    const result = await outcome(
      client.stream({
        url: COMPLETIONS,
        onEvent: (event) => {
          seenData.push(event.data);
          throw broken;
        },
      }),
    );
    expect(result.ok ? null : result.error).to.equal(broken);
    expect(seenData).to.deep.equal(['1']);
    expect(wire.state.canceled).to.equal(true);
    expect(seen.notes.concat(seen.errors as never[])).to.deep.equal([]);
  });
});

describe('http client: streams and the refresh (QUALITY S1)', () => {
  /** The assistant's endpoint behind the token server: a stream for the current token, else 401 code 600. */
  const streamingServer = (options: Parameters<typeof tokenServer>[0] = {}) => {
    const server = tokenServer(options);
    const net = fakeFetch((call) =>
      call.headers.get('Blade-Auth') === `bearer ${server.access}`
        ? eventStream(chunkedBody([`data: ${call.headers.get('Blade-Auth')}\n\n`, 'data: [DONE]\n\n']).body)
        : jsonAnswer(401, { code: 600, success: false, msg: 'token invalid' }),
    );
    return { server, net };
  };

  it('401: exactly one refresh, then one retry with the new token', async () => {
    const { server, net } = streamingServer();
    const { client, session, seen } = clientFor(server, { fetch: net.fetch });
    const { events, request } = collect();
    expect(await client.stream(request)).to.deep.equal({ done: true, events: 1 });
    expect(server.refreshCalls()).to.have.length(1);
    expect(net.calls.map((c) => c.headers.get('Blade-Auth'))).to.deep.equal(['bearer a0', 'bearer a2']);
    expect(events).to.deep.equal([{ data: 'bearer a2' }]);
    expect(session.get().token).to.equal('a2');
    expect(seen.notes.concat(seen.logouts as never[])).to.deep.equal([]);
  });

  it('20 concurrent streams with an expired token: 1 refresh, each retried once', async () => {
    const { server, net } = streamingServer();
    const { client, seen } = clientFor(server, { fetch: net.fetch });
    const results = await Promise.all(Array.from({ length: 20 }, () => client.stream(collect().request)));
    expect(server.refreshCalls()).to.have.length(1);
    expect(results.every((r) => r.done && r.events === 1)).to.equal(true);
    const sent = net.calls.map((c) => c.headers.get('Blade-Auth'));
    expect(sent.filter((t) => t === 'bearer a0')).to.have.length(20);
    expect(sent.filter((t) => t === 'bearer a2')).to.have.length(20);
    expect(seen.notes).to.deep.equal([]);
    expect(client.inFlight()).to.equal(0);
  });

  it('a refused refresh: one logout, one message, every stream rejects with refresh-failed', async () => {
    const { server, net } = streamingServer({ refuseRefresh: true });
    const { client, seen } = clientFor(server, { fetch: net.fetch });
    const errors = await Promise.all(
      Array.from({ length: 5 }, () => failedWith(client.stream(collect().request))),
    );
    expect(errors.map((e) => e.kind)).to.deep.equal(Array(5).fill('refresh-failed'));
    expect(server.refreshCalls()).to.have.length(1);
    expect(seen.logouts).to.have.length(1);
    expect(seen.logouts[0]!.reason).to.equal('refresh-failed');
    expect(seen.notes.map((n) => n.message)).to.deep.equal(['refresh token invalid']);
    expect(net.calls).to.have.length(5);
  });

  it('waits for a refresh in progress and goes out with the new token', async () => {
    const { server, net } = streamingServer({ refreshDelayMs: 20 });
    const { client } = clientFor(server, { fetch: net.fetch });
    const refresh = client.refresh();
    const result = await client.stream(collect().request);
    await refresh;
    expect(result.done).to.equal(true);
    expect(net.calls.map((c) => c.headers.get('Blade-Auth'))).to.deep.equal(['bearer a2']);
  });
});

describe('http client: streams and the error catalogue', () => {
  const answering = (response: () => Response, options: Parameters<typeof clientFor>[1] = {}) => {
    const net = fakeFetch(response);
    return { net, ...clientFor(noAxios, { fetch: net.fetch, ...options }) };
  };

  it("a non-OK JSON answer shows the server's message and rejects with a typed error", async () => {
    const { client, seen } = answering(() => jsonAnswer(500, { code: 500, msg: 'model busy' }));
    const error = await failedWith(client.stream(collect().request));
    expect(error).to.include({ kind: 'response', status: 500, code: 500, msg: 'model busy' });
    expect(error.config).to.deep.equal({ url: COMPLETIONS, method: 'POST' });
    expect(seen.notes).to.deep.equal([{ kind: 'error', message: 'model busy', key: undefined }]);
    expect(seen.errors).to.deep.equal([error]);
    expect(seen.logouts).to.deep.equal([]);
  });

  it('a JSON answer with status 200 goes through the catalogue too; a quiet code shows nothing', async () => {
    const busy = answering(() => jsonAnswer(200, { code: 400, msg: 'question too long' }));
    const error = await failedWith(busy.client.stream(collect().request));
    expect(error).to.include({ kind: 'response', status: 200, code: 400 });
    expect(busy.seen.notes.map((n) => n.message)).to.deep.equal(['question too long']);
    const quiet = answering(() => jsonAnswer(200, { code: 4001, msg: 'x' }));
    const whitelisted = await failedWith(quiet.client.stream(collect({ quietCodes: [4001] }).request));
    expect(whitelisted.kind).to.equal('whitelisted');
    expect(quiet.seen.notes).to.deep.equal([]);
  });

  it("an error page without JSON shows its short text, or 'unknown error'", async () => {
    const short = answering(() => new Response('Bad Gateway', { status: 502 }));
    expect((await failedWith(short.client.stream(collect().request))).kind).to.equal('response');
    const empty = answering(() => new Response(null, { status: 503 }), { language: 'en_US' });
    await failedWith(empty.client.stream(collect().request));
    expect(short.seen.notes.map((n) => n.message)).to.deep.equal(['Bad Gateway']);
    expect(empty.seen.notes.map((n) => [n.message, n.key])).to.deep.equal([
      ['unknown error', 'http.unknown'],
    ]);
  });

  it('a 401 without a refresh token logs out once with the message', async () => {
    const { client, session, seen } = answering(() => jsonAnswer(401, { code: 401, msg: 'expired' }));
    session.update({ refreshToken: '' });
    const error = await failedWith(client.stream(collect().request));
    expect(error.kind).to.equal('unauthorized');
    expect(seen.logouts).to.deep.equal([{ reason: 'unauthorized', message: 'expired' }]);
  });

  it('a network failure rejects as network, with the one network message for a burst', async () => {
    const { client, seen } = answering(() => {
      throw new TypeError('Failed to fetch');
    });
    const errors = await Promise.all([1, 2, 3].map(() => failedWith(client.stream(collect().request))));
    expect(errors.map((e) => [e.kind, e.status])).to.deep.equal(Array(3).fill(['network', 0]));
    expect(seen.notes).to.deep.equal([
      { kind: 'error', message: '请求超时，请检查网络连接后稍后重试', key: 'http.network' },
    ]);
    expect(seen.errors).to.have.length(3);
  });

  it('a connection lost mid-stream rejects as network after the events that arrived', async () => {
    const wire = feedBody();
    const { client, seen } = answering(() => eventStream(wire.body));
    const { events, request } = collect();
    const running = client.stream(request);
    wire.send('data: partial\n\n');
    while (events.length < 1) await tick();
    wire.fail(new TypeError('network error'));
    expect((await failedWith(running)).kind).to.equal('network');
    expect(events.map((e) => e.data)).to.deep.equal(['partial']);
    expect(seen.notes.map((n) => n.key)).to.deep.equal(['http.network']);
  });
});

describe('http client: stopping a stream (QUALITY R3, S2)', () => {
  const open = (options: Parameters<typeof clientFor>[1] = {}) => {
    const wire = feedBody();
    const net = fakeFetch(() => eventStream(wire.body));
    const setup = clientFor(noAxios, { fetch: net.fetch, ...options });
    const { events, request } = collect();
    /** Starts a stream and waits for its first event (the call is wrapped: awaiting it would wait it out). */
    const started = async (extra: Partial<StreamRequest> = {}) => {
      const running = client.stream({ ...request, ...extra });
      await net.sent(1);
      wire.send('data: first\n\n');
      while (events.length < 1) await tick();
      return { running };
    };
    const { client } = setup;
    return { ...setup, wire, net, events, started };
  };

  it("the caller's abort: canceled, the reader cancelled, nothing left open, nothing shown", async () => {
    const { client, wire, events, seen, started } = open();
    const controller = new AbortController();
    const { running } = await started({ signal: controller.signal });
    expect(client.inFlight()).to.equal(1);
    controller.abort();
    const error = await failedWith(running);
    expect(error.kind).to.equal('canceled');
    expect(wire.state.canceled).to.equal(true);
    expect(client.inFlight()).to.equal(0);
    expect(events.map((e) => e.data)).to.deep.equal(['first']);
    expect(seen.notes.concat(seen.errors as never[])).to.deep.equal([]);
    expect(seen.logs).to.deep.equal(['Request canceled']);
  });

  it('an abort before the answer arrives aborts the request itself', async () => {
    const net = fakeFetch(() => 'hang');
    const { client } = clientFor(noAxios, { fetch: net.fetch });
    const controller = new AbortController();
    const running = client.stream(collect({ signal: controller.signal }).request);
    await net.sent(1);
    controller.abort();
    expect((await failedWith(running)).kind).to.equal('canceled');
    expect(net.calls[0]!.signal.aborted).to.equal(true);
    const already = await failedWith(client.stream(collect({ signal: controller.signal }).request));
    expect(already.kind).to.equal('canceled');
    expect(net.calls).to.have.length(1);
  });

  it('abortAll() closes a running stream', async () => {
    const { client, wire, started } = open();
    const { running } = await started();
    client.abortAll('sign-out');
    expect((await failedWith(running)).kind).to.equal('canceled');
    expect(wire.state.canceled).to.equal(true);
    expect(client.inFlight()).to.equal(0);
  });

  it('the session context ending (station switch, logout) closes a running stream', async () => {
    const station = open();
    const { running } = await station.started();
    station.session.update({ subStation: { id: 's2', name: 'B', tenantId: '200002', deptId: '5' } });
    expect((await failedWith(running)).kind).to.equal('canceled');
    expect(station.wire.state.canceled).to.equal(true);

    const logout = open();
    const { running: other } = await logout.started();
    logout.session.clear();
    expect((await failedWith(other)).kind).to.equal('canceled');
    expect(logout.wire.state.canceled).to.equal(true);
    expect(logout.client.inFlight()).to.equal(0);
  });

  it('idle timeout: 30 s from sending to the first event, then between events', async () => {
    const clock = manualClock(1_000_000);
    const { client, wire, net, events, seen } = open({ clock });
    const running = client.stream(collect({ onEvent: (e) => events.push(e) }).request);
    await net.sent(1);
    await tick();
    clock.advance(29_999);
    wire.send('data: 1\n\n');
    while (events.length < 1) await tick();
    clock.advance(29_999);
    wire.send('data: 2\n\n');
    while (events.length < 2) await tick();
    clock.advance(30_000);
    const error = await failedWith(running);
    expect(error.kind).to.equal('timeout');
    expect(events.map((e) => e.data)).to.deep.equal(['1', '2']);
    expect(wire.state.canceled).to.equal(true);
    expect(client.inFlight()).to.equal(0);
    expect(seen.notes.map((n) => n.key)).to.deep.equal(['http.network']);
    expect(seen.errors).to.deep.equal([error]);
    expect(clock.pending()).to.equal(0);
  });

  it('idle timeout before any answer, and a caller-chosen limit', async () => {
    const clock = manualClock(0);
    const net = fakeFetch(() => 'hang');
    const { client } = clientFor(noAxios, { fetch: net.fetch, clock });
    const running = client.stream(collect({ idleTimeoutMs: 5000 }).request);
    await net.sent(1);
    clock.advance(4999);
    await tick();
    expect(net.calls[0]!.signal.aborted).to.equal(false);
    clock.advance(1);
    expect((await failedWith(running)).kind).to.equal('timeout');
    expect(net.calls[0]!.signal.aborted).to.equal(true);
  });

  it('a finished stream leaves no timer behind', async () => {
    const clock = manualClock(0);
    const net = fakeFetch(() => eventStream(chunkedBody(['data: x\n\n', 'data: [DONE]\n\n']).body));
    const { client } = clientFor(noAxios, { fetch: net.fetch, clock });
    await client.stream(collect().request);
    expect(clock.pending()).to.equal(0);
  });
});
