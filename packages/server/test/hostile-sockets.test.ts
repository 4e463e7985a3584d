import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import WebSocket from 'ws';
import { sql } from '../src/db/database.ts';
import { SPEECH_EMULATOR_PATH } from '../src/routes/speech-emulator.ts';
import { startServer, type TestServer, type Tokens } from './helpers.ts';
import { authFrame, BLADE, Client, type Frame, MESSAGE, signedIn } from './socket-client.ts';
import { signedUrl, speechCredentials } from './speech-client.ts';

// Hostile clients on every socket and stream route (issue 30): each bad frame gets the close code or error
// frame docs/api.md names, the server stays up, other clients are not touched, and what the server holds
// for sockets and answers is empty again afterwards. sockets.test.ts has the notification sockets' basics.

const SOE = '/api/hzinfo-data-socket/websocket/soe';
const PUBLISH_ALARM = '/api/blade-system/message/record/publish';
const INTERACTIVE = '/api/gglm-big-model/fontEnd/interactive';
const COMPLETIONS = '/api/hzgglm-model-business/v1/chat/completions';
const ASSISTANT_SOCKET = (id: string) => `/api/gglm-big-model/websocket/interactive/${id}`;
const OVER_1_MIB = 'x'.repeat(1024 * 1024 + 1);
const HOUR = 3600_000;

/** Waits (generously) until `read` answers `want`: a lasting state, not a timing. */
async function settles<T>(read: () => T, want: T, what: string) {
  for (let i = 0; i < 500 && read() !== want; i++) await new Promise((r) => setTimeout(r, 10));
  assert.equal(read(), want, what);
}

/** The close a client is sent; a close that never comes fails the test rather than holding it. */
function closeOf(c: Client) {
  return Promise.race([
    c.closed,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('the socket was not closed')), 10_000),
    ),
  ]);
}

/** The signed speech socket path (the test Client takes a path). */
function signedSpeechUrl(base: string, creds: { apiKey: string; apiSecret: string }, date?: string) {
  const url = signedUrl(base, creds, date ? { date } : {});
  return url.slice(url.indexOf(SPEECH_EMULATOR_PATH));
}

describe('hostile clients on every socket and stream route', () => {
  let s: TestServer;
  let admin: Tokens;
  let operator: Tokens;
  let dataDir: string;
  let creds: { appId: string; apiKey: string; apiSecret: string };
  let skew = 0;
  // Answer pauses are held by the test: an answer stays in flight until it lets it go.
  const held: (() => void)[] = [];
  let holding = false;

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ops-hostile-'));
    s = await startServer({
      dataDir,
      now: () => Date.now() + skew,
      assistant: {
        sleep: (_ms, signal) =>
          holding
            ? new Promise<void>((resolve, reject) => {
                held.push(resolve);
                signal.addEventListener('abort', () => reject(signal.reason), { once: true });
              })
            : Promise.resolve(),
      },
    });
    admin = await s.login('100001', 'admin', 'Hydro@2026');
    operator = await s.login('100001', 'operator', 'Operator@2026');
    creds = await speechCredentials(s, dataDir);
  });
  after(async () => {
    await s.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Another signed-in client and an HTTP call still answer while (or after) a hostile one does its worst. */
  async function othersUnaffected(bystander: Client) {
    assert.equal((await bystander.ping()).message, 'pong', 'the bystander still gets its heartbeat');
    const res = await s.call('GET', '/api/blade-system/oauth/user-info', { token: admin.access_token });
    assert.equal(res.status, 200, 'an HTTP call still answers');
  }

  /** The server's own socket of a client (an internal handle: to act as a client that stopped reading). */
  const serverSideOf = (client: WebSocket) => {
    const port = (client as unknown as { _socket: { localPort: number } })._socket.localPort;
    return [...s.app.websocketServer.clients].find(
      (ws) => (ws as unknown as { _socket: { remotePort: number } })._socket.remotePort === port,
    )!;
  };
  const tcpOf = (client: WebSocket) => (client as unknown as { _socket: import('node:net').Socket })._socket;

  it('notification sockets: bad frames are ignored, a frame over 1 MiB closes only its socket (1009)', async () => {
    const bystander = (await signedIn(s, BLADE(admin.user_id!), admin)).client;
    const paths: [string, Record<string, unknown>][] = [
      [BLADE(operator.user_id!), {}],
      [MESSAGE(operator.user_id!), {}],
      [SOE, { type: 'soe' }],
    ];
    for (const [path, extra] of paths) {
      const { client } = await signedIn(s, path, operator, extra);
      client.send('not json {');
      client.send(JSON.stringify({ message: 'x'.repeat(17 * 1024) }));
      client.send({ type: 'subscribe', channel: 'everything' });
      assert.equal((await client.ping()).message, 'pong', `${path}: still open after ignored frames`);
      client.send(OVER_1_MIB);
      assert.equal((await closeOf(client)).code, 1009, `${path}: over 1 MiB`);
      await othersUnaffected(bystander);
    }
    await bystander.close();
    await settles(() => s.app.opsNotificationSockets(), 0, 'no notification socket is held');
  });

  it('notification sockets: a heartbeat before sign-in is not answered; the sign-in after it still works', async () => {
    for (const [path, extra] of [
      [BLADE(operator.user_id!), {}],
      [SOE, { type: 'soe' }],
    ] as const) {
      const c = new Client(s.url, path);
      await c.opened;
      c.send({ message: 'ping' });
      c.send(authFrame(operator, extra));
      assert.equal((await c.until((f) => f.type === 'ready')).length, 1, path);
      assert.equal((await c.ping()).message, 'pong');
      assert.equal(c.frames.filter((f) => f.type === 'heartbeat').length, 1, 'only the later ping answered');
      await c.close();
    }
    await settles(() => s.app.opsNotificationSockets(), 0, 'no notification socket is held');
  });

  it("notification sockets: another user's, a revoked and an expired token are refused (1008)", async () => {
    const bystander = (await signedIn(s, BLADE(admin.user_id!), admin)).client;
    const refused = async (path: string, frame: unknown) => {
      const c = new Client(s.url, path);
      await c.opened;
      c.send(frame);
      const closed = await closeOf(c);
      assert.equal(closed.code, 1008, `${path} ${JSON.stringify(frame).slice(0, 40)}`);
      assert.equal(c.frames.length, 0, 'a refused socket is sent nothing');
    };
    await refused(MESSAGE(admin.user_id!), authFrame(operator));
    // The SOE path names no user: a token of another user is that user's sign-in, so only bad ones matter.
    const gone = await s.login('100001', 'hzinfo', 'Hzinfo@2026');
    assert.equal(
      (await s.call('GET', '/api/blade-system/oauth/logout', { token: gone.access_token })).status,
      200,
    );
    for (const path of [BLADE(gone.user_id!), MESSAGE(gone.user_id!)]) await refused(path, authFrame(gone));
    await refused(SOE, authFrame(gone, { type: 'soe' }));
    // Three hours on, the operator's access token (2 h) has expired.
    skew = 3 * HOUR;
    try {
      for (const path of [BLADE(operator.user_id!), MESSAGE(operator.user_id!)])
        await refused(path, authFrame(operator));
      await refused(SOE, authFrame(operator, { type: 'soe' }));
    } finally {
      skew = 0;
    }
    await othersUnaffected(bystander);
    await bystander.close();
    await settles(() => s.app.opsNotificationSockets(), 0, 'no notification socket is held');
  });

  it('notification sockets: a client that stops reading is closed (1013) once over 1 MiB is unsent', async () => {
    const bystander = (await signedIn(s, BLADE(admin.user_id!), admin)).client;
    const slow = (await signedIn(s, BLADE(operator.user_id!), operator)).client;
    const server = serverSideOf(slow.ws);
    tcpOf(slow.ws).pause();
    // The client stopped reading long ago: what it was sent fills the kernel's buffers and then the server's.
    server.send(JSON.stringify({ pad: 'x'.repeat(6 * 1024 * 1024) }));
    assert.ok(server.bufferedAmount > 1024 * 1024, 'over 1 MiB waits in the server');
    const publish = () =>
      s.call('POST', PUBLISH_ALARM, {
        token: admin.access_token,
        body: {
          accounts: ['operator'],
          businessClassify: 'alarm',
          subject: 'to a slow client',
          content: 'c',
        },
      });
    assert.equal((await publish()).status, 200);
    await settles(() => s.app.opsNotificationSockets(), 1, 'the slow socket is no longer held');
    const unsent = server.bufferedAmount;
    assert.equal((await publish()).status, 200);
    assert.equal(server.bufferedAmount, unsent, 'nothing more is queued for it');
    await othersUnaffected(bystander);
    tcpOf(slow.ws).resume();
    const closed = await closeOf(slow);
    assert.deepEqual([closed.code, closed.reason], [1013, 'too slow: over 1 MiB unsent']);
    await bystander.close();
    await settles(() => s.app.websocketServer.clients.size, 0, 'every socket is gone');
  });

  it('assistant session socket: bad frames get error frames, over 1 MiB closes it (1009), others go on', async () => {
    const sessionOf = async () =>
      (await s.call('GET', `${INTERACTIVE}/getSessionId`, { token: admin.access_token })).json.data as string;
    const own = await sessionOf();
    const bystander = new Client(s.url, ASSISTANT_SOCKET(await sessionOf()));
    const c = new Client(s.url, ASSISTANT_SOCKET(own));
    await Promise.all([c.opened, bystander.opened]);
    c.send('not json {');
    c.send({ type: 0, context: 'x'.repeat(5000) });
    c.send({ type: 'subscribe' });
    c.send(Buffer.from([1, 2, 3]));
    c.ws.send(Buffer.from('{"type":0}'), { binary: true });
    // The session id is the only credential and comes before the upgrade: there is no data before it.
    const errors = await c.until((f) => f.type === -1, 5);
    assert.deepEqual(
      errors.map((f) => f.msg),
      [
        'invalid frame: not JSON',
        'invalid frame: longer than 4096 characters',
        'invalid frame: unknown type',
        'invalid frame: binary frames are not accepted',
        'invalid frame: binary frames are not accepted',
      ],
    );
    c.send({ type: 0, context: 'still here' });
    assert.equal((await c.until((f) => f.type === 0)).at(-1).context, 'still here');
    c.send(OVER_1_MIB);
    assert.equal((await closeOf(c)).code, 1009);
    bystander.send({ type: 0, context: 'ping' });
    assert.equal((await bystander.until((f) => f.type === 0)).length, 1, 'the other session still answers');
    assert.equal(
      (await s.call('GET', '/api/blade-system/oauth/user-info', { token: admin.access_token })).status,
      200,
    );
    await bystander.close();
    await settles(() => s.app.opsAssistantLoad().sockets, 0, 'no assistant socket is held');
  });

  it('assistant session socket: a client that stops reading is closed (1013) once over 1 MiB is unsent', async () => {
    const sessionId = (await s.call('GET', `${INTERACTIVE}/getSessionId`, { token: admin.access_token })).json
      .data;
    const slow = new Client(s.url, ASSISTANT_SOCKET(sessionId));
    await slow.opened;
    slow.send({ type: 0 });
    await slow.until((f) => f.type === 0);
    const server = serverSideOf(slow.ws);
    tcpOf(slow.ws).pause();
    server.send(JSON.stringify({ pad: 'x'.repeat(6 * 1024 * 1024) }));
    const res = await s.call('POST', COMPLETIONS, {
      token: admin.access_token,
      body: { messages: [{ role: 'user', content: '告警有哪些' }], conversation_id: sessionId },
    });
    assert.equal(res.status, 200, 'the answer is streamed all the same');
    // The answer's frames reach the socket's instance through the bus, on PostgreSQL after the answer's
    // own response: the client resumes reading only once the server has given up on it.
    await settles(() => server.readyState, WebSocket.CLOSING, 'the server closes the slow reader');
    assert.equal(slow.ws.readyState, WebSocket.OPEN, 'the client has not read its close yet');
    tcpOf(slow.ws).resume();
    const closed = await closeOf(slow);
    assert.deepEqual([closed.code, closed.reason], [1013, 'too slow: over 1 MiB unsent']);
    assert.equal(slow.frames.filter((f) => f.type === 1).length, 0, 'no answer frame was queued for it');
    await settles(() => s.app.opsAssistantLoad().sockets, 0, 'no assistant socket is held');
  });

  it('answer stream: a client that goes away mid-answer leaves no answer in flight', async () => {
    const sessionId = (await s.call('GET', `${INTERACTIVE}/getSessionId`, { token: admin.access_token })).json
      .data;
    holding = true;
    try {
      const client = new AbortController();
      const res = await fetch(`${s.url}${COMPLETIONS}`, {
        method: 'POST',
        signal: client.signal,
        headers: { 'Content-Type': 'application/json', 'Blade-Auth': `bearer ${admin.access_token}` },
        body: JSON.stringify({
          messages: [{ role: 'user', content: '飞来峡的运行情况' }],
          conversation_id: sessionId,
        }),
      });
      await res.body!.getReader().read();
      assert.equal(s.app.opsAssistantLoad().answers, 1, 'one answer in flight');
      client.abort();
      await settles(() => s.app.opsAssistantLoad().answers, 0, 'the answer stopped');
      const pauses = held.length;
      for (const go of held.splice(0)) go();
      assert.equal(held.length, 0, 'no pause after the client left');
      assert.ok(pauses >= 1);
    } finally {
      holding = false;
    }
    const row = await s.app.opsDb.get<{ status: number }>(
      sql`SELECT status FROM assistant_answers WHERE session_id = ${sessionId}`,
    );
    assert.equal(row?.status, -2, 'kept as stopped');
  });

  it('speech socket: bad frames get their error code and close (1000), over 1 MiB closes it (1009)', async () => {
    const bystander = (await signedIn(s, BLADE(admin.user_id!), admin)).client;
    const speech = async (path: string, frames: (string | Buffer)[]) => {
      const c = new Client(s.url, path);
      await c.opened;
      for (const f of frames) c.ws.send(f, { binary: Buffer.isBuffer(f) });
      const closed = await closeOf(c);
      return { code: closed.code, replies: c.frames.map((f: Frame) => f.code) };
    };
    const url = () => signedSpeechUrl(s.url, creds);
    const status1 = JSON.stringify({ data: { status: 1, audio: '' } });
    const cases: [string, string, (string | Buffer)[], number, number[]][] = [
      ['not JSON', url(), ['not json {'], 1000, [10160]],
      [
        'over 16 KiB',
        url(),
        [JSON.stringify({ data: { status: 0, pad: 'x'.repeat(17 * 1024) } })],
        1000,
        [10160],
      ],
      ['binary', url(), [Buffer.from([1, 2, 3])], 1000, [10160]],
      ['unknown status', url(), [JSON.stringify({ data: { status: 7 } })], 1000, [10160]],
      ['audio before the first frame', url(), [status1], 1000, [10165]],
      ['over 1 MiB', url(), [OVER_1_MIB], 1009, []],
      ['a bad signature', signedSpeechUrl(s.url, { ...creds, apiSecret: 'other' }), [status1], 1000, [10105]],
      [
        'an expired date',
        signedSpeechUrl(s.url, creds, new Date(Date.now() - HOUR).toUTCString()),
        [],
        1000,
        [10106],
      ],
    ];
    for (const [what, path, frames, code, replies] of cases) {
      assert.deepEqual(await speech(path, frames), { code, replies }, what);
      await othersUnaffected(bystander);
    }
    await bystander.close();
    await settles(() => s.app.websocketServer.clients.size, 0, 'every socket is gone');
  });

  it('speech socket: a client that stops reading is closed (1013) once over 1 MiB is unsent', async () => {
    const slow = new Client(s.url, signedSpeechUrl(s.url, creds));
    await slow.opened;
    const server = serverSideOf(slow.ws);
    tcpOf(slow.ws).pause();
    server.send(JSON.stringify({ pad: 'x'.repeat(6 * 1024 * 1024) }));
    // A frame the emulator answers (here with an error reply): the reply is not queued behind the rest.
    slow.send('not json {');
    await settles(() => server.readyState, WebSocket.CLOSING, 'the server closes the slow reader');
    tcpOf(slow.ws).resume();
    const closed = await closeOf(slow);
    assert.deepEqual([closed.code, closed.reason], [1013, 'too slow: over 1 MiB unsent']);
    assert.deepEqual(
      slow.frames.map((f: Frame) => f.code),
      [undefined],
      'the pad came through, no reply was queued after it',
    );
    await settles(() => s.app.websocketServer.clients.size, 0, 'every socket is gone');
  });
});
