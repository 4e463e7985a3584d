import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, request, type Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import WebSocket from 'ws';
import { sql } from '../src/db/database.ts';
import { assistantSettingsFromEnv } from '../src/routes/assistant-stream.ts';
import { freshDatabase, testEngine } from './engine.ts';
import { fingerprint, startServer, type TestServer } from './helpers.ts';

const BUSINESS = '/api/hzgglm-model-business';
const INTERACTIVE = '/api/gglm-big-model/fontEnd/interactive';
const COMPLETIONS = `${BUSINESS}/v1/chat/completions`;

interface Chunk {
  id: string;
  choices: {
    delta: { content?: string; reasoning_content?: string; extra?: string };
    finish_reason: string | null;
  }[];
}

/** The events of an SSE body, as the client's parser sees them. */
function eventsOf(text: string): string[] {
  return text
    .split(/\r?\n\r?\n/)
    .map((block) =>
      block
        .split(/\r?\n/)
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n'),
    )
    .filter((data) => data !== '');
}

function accumulate(text: string) {
  const events = eventsOf(text);
  const done = events.at(-1) === '[DONE]';
  const chunks = events.filter((e) => e !== '[DONE]').map((e) => JSON.parse(e) as Chunk);
  let content = '';
  let reasoning = '';
  let extras: { func: string; [key: string]: unknown }[] = [];
  for (const c of chunks) {
    const delta = c.choices[0]?.delta ?? {};
    content += delta.content ?? '';
    reasoning += delta.reasoning_content ?? '';
    if (delta.extra) extras = JSON.parse(delta.extra);
  }
  return { done, chunks, content, reasoning, extras, chatId: chunks[0]?.id ?? '' };
}

/** The chat session's socket, with the frames it was sent so far; `until(n)` waits for the n-th. */
async function sessionSocket(baseUrl: string, sessionId: string) {
  const ws = new WebSocket(
    `${baseUrl.replace('http', 'ws')}/api/gglm-big-model/websocket/interactive/${sessionId}`,
  );
  const frames: { type: number; [key: string]: unknown }[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (data) => {
    frames.push(JSON.parse(String(data)));
    for (const w of waiters.splice(0)) w();
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  // A frame that never arrives fails the test (and lets it close its servers) rather than holding it.
  const until = (count: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${frames.length} of ${count} frames arrived`)),
        10_000,
      );
      const check = () => {
        if (frames.length < count) return waiters.push(check);
        clearTimeout(timer);
        resolve();
      };
      check();
    });
  return { ws, frames, until };
}

describe('assistant (built-in responder)', () => {
  let s: TestServer;
  let token: string;
  let operatorToken: string;
  let sessionId: string;
  const sleeps: number[] = [];

  before(async () => {
    s = await startServer({
      assistant: {
        chunkDelayMs: 25,
        sleep: async (ms) => {
          sleeps.push(ms);
        },
      },
    });
    token = (await s.login('100001', 'admin', 'Hydro@2026')).access_token;
    operatorToken = (await s.login('100001', 'operator', 'Operator@2026')).access_token;
    const res = await s.call('GET', `${INTERACTIVE}/getSessionId?type=hydropower`, { token });
    assert.equal(res.status, 200);
    assert.equal(res.json.code, '200');
    sessionId = res.json.data;
    assert.match(sessionId, /^[0-9a-f]{32}$/);
  });
  after(() => s.close());

  const ask = (question: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    s.call('POST', COMPLETIONS, {
      token,
      headers,
      body: {
        model: 'ops',
        stream: true,
        messages: [{ role: 'user', content: question }],
        conversation_id: sessionId,
        inputs: { query_id: 'q1', client: 0, show_type: 0, query: question },
        ...extra,
      },
    });

  it('gives query ids and suggested questions per persona, naming the tenant’s stations', async () => {
    const q = await s.call('GET', `${BUSINESS}/v1/chat/generateQueryId`, { token });
    assert.equal(q.status, 200);
    assert.match(q.json.data, /^q[0-9a-f]{24}$/);
    for (const type of ['hydropower', 'hydraulicEngineering', 'energyStorage']) {
      const res = await s.call('GET', `${INTERACTIVE}/questionGenerate?type=${type}`, { token });
      assert.equal(res.status, 200, type);
      assert.ok(res.json.data.length >= 4, type);
      assert.ok(
        res.json.data.some((text: string) => text.includes('飞来峡水电站')),
        `${type} names a station`,
      );
    }
    const en = await s.call('GET', `${INTERACTIVE}/questionGenerate?type=hydropower`, {
      token,
      headers: { 'Hz-Language': 'en_US' },
    });
    assert.equal(en.json.data[0], "What is today's generation?");
    const bad = await s.call('GET', `${INTERACTIVE}/questionGenerate?type=poet`, { token });
    assert.equal(bad.status, 400);
    assert.equal(bad.json.success, false);
  });

  it('streams an answer in the OpenAI chunk format, in small paced chunks, ending with [DONE]', async () => {
    sleeps.length = 0;
    const res = await ask('今天的发电量');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/event-stream/);
    const answer = accumulate(res.text);
    assert.equal(answer.done, true);
    assert.match(answer.chatId, /^chat-[0-9a-f]{24}$/);
    assert.match(answer.content, /今日发电量合计 \*\*[0-9.]+ MWh\*\*/);
    assert.match(answer.content, /\| 飞来峡水电站 \| [0-9.]+ \|/);
    assert.equal(answer.reasoning, '', 'no reasoning without think');
    assert.ok(answer.chunks.length > 20, 'many small chunks');
    for (const c of answer.chunks) assert.ok(Array.from(c.choices[0]?.delta.content ?? '').length <= 3);
    assert.equal(answer.chunks.at(-1)?.choices[0]?.finish_reason, 'stop');
    assert.equal(sleeps.length, answer.chunks.length - 2, 'a pause before every chunk but the first');
    assert.ok(sleeps.every((ms) => ms === 25));
  });

  it('reasons when think is on, and lists the alarms of the caller as a table', async () => {
    const answer = accumulate((await ask('告警有哪些', { think: true })).text);
    assert.match(answer.reasoning, /^1\. 理解问题：用户想了解当前的告警情况。/);
    assert.match(answer.content, /\| 时间 \| 主题 \| 内容 \| 状态 \|/);
    assert.match(answer.content, /机组温度越限/);
  });

  it('answers a station by name with its points and a show_data extra; a list with stations_num', async () => {
    const station = accumulate((await ask('飞来峡的运行情况')).text);
    assert.match(station.content, /### 飞来峡水电站（HS0001）/);
    assert.match(station.content, /\| 1号机组 \| 有功功率 \| [0-9.]+ MW \|/);
    assert.deepEqual(
      station.extras.map((e) => e.func),
      ['show_data'],
    );
    const list = accumulate((await ask('一共有多少座电站？')).text);
    assert.match(list.content, /共有 \*\*22\*\* 座电站/);
    assert.equal(list.extras[0]?.func, 'stations_num');
    const history = accumulate((await ask('白石窑水电站1号机组有功功率的历史曲线')).text);
    assert.deepEqual(history.extras[0], {
      func: 'history_data',
      name: '有功功率',
      station_name: '白石窑水电站',
      device_name: '1号机组',
      attrName: '有功功率',
      beginTime: history.extras[0]?.beginTime,
      endTime: history.extras[0]?.endTime,
      params: { realId: 'HS0002.G1.P' },
    });
  });

  it('answers in English with Hz-Language en_US, and explains what it can do for an unknown question', async () => {
    const en = accumulate((await ask('How many stations are there?', {}, { 'Hz-Language': 'en_US' })).text);
    assert.match(en.content, /^There are \*\*22\*\* stations:/);
    const help = accumulate((await ask('写一首诗')).text);
    assert.match(help.content, /^抱歉，我暂时只能回答/);
    assert.match(help.content, /- 今天的发电量是多少？/);
  });

  it('keeps markdown of the data inert in table cells (a pipe in data does not break the table)', async () => {
    const answer = accumulate((await ask('告警')).text);
    for (const line of answer.content
      .split('\n')
      .filter((l) => l.startsWith('| ') && !l.startsWith('| ---'))) {
      assert.equal(line.split(/(?<!\\)\|/).length, 6, line);
    }
  });

  it('takes praise, a feedback comment of at most 150 characters and gives similar questions', async () => {
    const { chatId } = accumulate((await ask('今天的发电量')).text);
    const praise = await s.call('POST', `${BUSINESS}/question/praise`, {
      token,
      body: { chartId: chatId, queryId: 'q1', questionId: 'q1', praise: 1 },
    });
    assert.equal(praise.status, 200);
    const row = () =>
      s.app.opsDb.get(sql`SELECT praise, comment, status FROM assistant_answers WHERE chat_id = ${chatId}`);
    assert.deepEqual(await row(), { praise: 1, comment: null, status: 1 });

    const before = await fingerprint(s);
    const long = await s.call('POST', `${BUSINESS}/question/comment`, {
      token,
      body: { chartId: chatId, content: 'x'.repeat(151) },
    });
    assert.equal(long.status, 400);
    assert.match(long.json.msg, /content/);
    const blank = await s.call('POST', `${BUSINESS}/question/comment`, {
      token,
      body: { chartId: chatId, content: '  ' },
    });
    assert.equal(blank.status, 400);
    assert.equal(blank.json.msg, '请填写反馈内容');
    const badPraise = await s.call('POST', `${BUSINESS}/question/praise`, {
      token,
      body: { chartId: chatId, praise: 2 },
    });
    assert.equal(badPraise.status, 400);
    const foreign = await s.call('POST', `${BUSINESS}/question/praise`, {
      token: operatorToken,
      body: { chartId: chatId, praise: 0 },
    });
    assert.equal(foreign.status, 404, "another user's answer does not exist for the caller");
    assert.equal(await fingerprint(s), before, 'refusals change nothing');

    const comment = await s.call('POST', `${BUSINESS}/question/comment`, {
      token,
      body: { chartId: chatId, content: '数据不全'.padEnd(150, '。') },
    });
    assert.equal(comment.status, 200);
    assert.equal(comment.json.msg, '感谢您的反馈');
    assert.deepEqual(await row(), { praise: 0, comment: '数据不全'.padEnd(150, '。'), status: 1 });

    const similar = await s.call('GET', `${BUSINESS}/question/similar?chatId=${chatId}`, { token });
    assert.equal(similar.status, 200);
    assert.equal(similar.json.code, 200);
    assert.equal(similar.json.data.length, 3);
    assert.ok(!similar.json.data.includes('今天的发电量'));
  });

  it('refuses a 1 MB question, malformed messages and a foreign or unknown session with a 4xx envelope', async () => {
    const before = await fingerprint(s);
    const huge = await ask('问'.repeat(1024 * 1024));
    assert.equal(huge.status, 413);
    assert.equal(huge.json.success, false);
    const long = await ask('问'.repeat(8001));
    assert.equal(long.status, 400);
    for (const messages of [
      'hello',
      [],
      [{ role: 'robot', content: 'x' }],
      [{ role: 'user' }],
      [{ role: 'user', content: 1 }],
    ]) {
      const res = await s.call('POST', COMPLETIONS, {
        token,
        body: { messages, conversation_id: sessionId },
      });
      assert.equal(res.status, 400, JSON.stringify(messages));
      assert.match(res.json.msg, /^invalid body\.messages/);
    }
    const lastNotUser = await s.call('POST', COMPLETIONS, {
      token,
      body: { messages: [{ role: 'assistant', content: 'x' }], conversation_id: sessionId },
    });
    assert.equal(lastNotUser.status, 400);
    const foreign = await s.call('POST', COMPLETIONS, {
      token: operatorToken,
      body: { messages: [{ role: 'user', content: '告警' }], conversation_id: sessionId },
    });
    assert.equal(foreign.status, 404);
    assert.equal(foreign.json.msg, '会话不存在或已失效');
    const unknown = await s.call('POST', COMPLETIONS, {
      token,
      body: { messages: [{ role: 'user', content: '告警' }], conversation_id: 'f'.repeat(32) },
    });
    assert.equal(unknown.status, 404);
    const anonymous = await s.call('POST', COMPLETIONS, {
      body: { messages: [{ role: 'user', content: '告警' }], conversation_id: sessionId },
    });
    assert.equal(anonymous.status, 401);
    assert.equal(await fingerprint(s), before, 'refusals change nothing');
  });

  it('answers heartbeats on the session socket, refuses bad frames and pushes each answer as type-1 frames', async () => {
    const { ws, frames, until } = await sessionSocket(s.url, sessionId);
    ws.send(JSON.stringify({ type: 0, context: 'ping' }));
    await until(1);
    assert.deepEqual(frames[0], { type: 0, context: 'ping' });
    ws.send('not json');
    ws.send(JSON.stringify({ type: 7 }));
    await until(3);
    assert.deepEqual(frames[1], { type: -1, msg: 'invalid frame: not JSON' });
    assert.deepEqual(frames[2], { type: -1, msg: 'invalid frame: unknown type' });

    const { chatId, content } = accumulate((await ask('告警有哪些')).text);
    await until(5);
    assert.equal(frames[3]?.type, 1);
    assert.equal(frames[3]?.running, true);
    assert.equal(frames[3]?.chat_id, chatId);
    assert.equal(frames[4]?.running, false);
    assert.equal(frames[4]?.status, 1);
    assert.equal(frames[4]?.answer, content);
    assert.equal(frames[4]?.query, '告警有哪些');
    ws.close();

    const refused = new WebSocket(
      `${s.url.replace('http', 'ws')}/api/gglm-big-model/websocket/interactive/${'0'.repeat(32)}`,
    );
    const status = await new Promise<number>((resolve) => {
      refused.once('unexpected-response', (_req, res: IncomingMessage) => resolve(res.statusCode ?? 0));
      refused.once('open', () => resolve(101));
      refused.once('error', () => undefined);
    });
    assert.equal(status, 404, 'an unknown session never upgrades');
  });
});

describe('assistant: a client that goes away stops the answer at once', () => {
  it('stops the responder between two chunks and marks the answer stopped', async () => {
    let pauses = 0;
    const held: { resolve: () => void }[] = [];
    const s = await startServer({
      assistant: {
        sleep: (_ms, signal) =>
          new Promise<void>((resolve, reject) => {
            pauses++;
            held.push({ resolve });
            signal.addEventListener('abort', () => reject(signal.reason), { once: true });
          }),
      },
    });
    try {
      const token = (await s.login('100001', 'admin', 'Hydro@2026')).access_token;
      const sessionId = (await s.call('GET', `${INTERACTIVE}/getSessionId`, { token })).json.data;
      const client = new AbortController();
      const res = await fetch(`${s.url}${COMPLETIONS}`, {
        method: 'POST',
        signal: client.signal,
        headers: { 'Content-Type': 'application/json', 'Blade-Auth': `bearer ${token}` },
        body: JSON.stringify({
          messages: [{ role: 'user', content: '今天的发电量' }],
          conversation_id: sessionId,
        }),
      });
      const reader = res.body!.getReader();
      const first = new TextDecoder().decode((await reader.read()).value);
      assert.match(first, /"role":"assistant"/);
      // Let three chunks through, then go away.
      for (let i = 0; i < 3; i++) {
        while (held.length === 0) await new Promise((r) => setTimeout(r, 1));
        held.shift()?.resolve();
      }
      while (held.length === 0) await new Promise((r) => setTimeout(r, 1));
      client.abort();
      const status = async () =>
        (await s.app.opsDb.get<{ status: number; answer: string }>(
          sql`SELECT status, answer FROM assistant_answers`,
        ))!;
      for (let i = 0; i < 200 && (await status()).status !== -2; i++)
        await new Promise((r) => setTimeout(r, 5));
      const stopped = await status();
      assert.equal(stopped.status, -2, 'the answer is marked stopped');
      assert.equal(pauses, 4, 'no pause after the client left');
      assert.equal(stopped.answer.length > 0, true, 'the part sent is kept');
    } finally {
      await s.close();
    }
  });
});

describe('assistant: two instances on one PostgreSQL database', { skip: testEngine() !== 'postgres' }, () => {
  it('pushes the frames of an answer streamed by one instance to the session socket held by the other', async () => {
    const database = await freshDatabase();
    const a = await startServer({ dbPath: database.url, assistant: { sleep: async () => undefined } });
    const b = await startServer({ dbPath: database.url });
    try {
      const token = (await a.login('100001', 'admin', 'Hydro@2026')).access_token;
      const sessionId = (await a.call('GET', `${INTERACTIVE}/getSessionId`, { token })).json.data;
      // The socket is on B; the heartbeat's echo shows B holds it before the question goes to A.
      const { ws, frames, until } = await sessionSocket(b.url, sessionId);
      ws.send(JSON.stringify({ type: 0, context: 'ping' }));
      await until(1);
      const ask = (question: string) =>
        a.call('POST', COMPLETIONS, {
          token,
          body: { messages: [{ role: 'user', content: question }], conversation_id: sessionId },
        });
      const alarms = accumulate((await ask('告警有哪些')).text);
      await until(3);
      // The frames carry the question: a long one makes both frames longer than one NOTIFY takes.
      const long = `飞来峡的运行情况${'。'.repeat(2700)}`;
      const station = accumulate((await ask(long)).text);
      await until(5);
      assert.deepEqual(
        frames.slice(1).map((f) => [f.chat_id, f.running, f.status]),
        [
          [alarms.chatId, true, 0],
          [alarms.chatId, false, 1],
          [station.chatId, true, 0],
          [station.chatId, false, 1],
        ],
        'each answer’s start, then its end, in order',
      );
      assert.equal(frames[2]?.answer, alarms.content);
      assert.match(station.content, /### 飞来峡水电站/);
      assert.equal(frames[4]?.answer, station.content);
      assert.deepEqual(frames[4]?.extras, station.extras);
      for (const frame of frames.slice(3)) {
        assert.equal(frame.query, long);
        assert.ok(Buffer.byteLength(JSON.stringify(frame)) > 8000, 'longer than a NOTIFY carries');
      }
      ws.close();
    } finally {
      await b.close();
      await a.close();
      await database.drop();
    }
  });
});

/** What the flooding upstream answers: far more than the kernel's buffers between it and a client hold. */
const FLOOD_BYTES = 32 * 1024 * 1024;

/** A small OpenAI-compatible server: streams the given chunks, holding before the last until released. */
function fakeUpstream(behaviour: 'stream' | 'refuse' | 'hold' | 'flood') {
  const seen: { body: unknown; auth: string | undefined; closedEarly: boolean; sent: number }[] = [];
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (c) => {
      text += c;
    });
    req.on('end', () => {
      const entry = { body: JSON.parse(text), auth: req.headers.authorization, closedEarly: false, sent: 0 };
      seen.push(entry);
      if (behaviour === 'refuse') {
        res.writeHead(500, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'model overloaded' } }));
        return;
      }
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      const chunk = (content: string) =>
        `data: ${JSON.stringify({ id: 'up-1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content } }] })}\n\n`;
      res.on('close', () => {
        entry.closedEarly = !res.writableFinished;
      });
      if (behaviour === 'flood') {
        // FLOOD_BYTES as fast as it is taken (an upstream's own flow control), then the end.
        const piece = chunk('x'.repeat(64 * 1024));
        const more = () => {
          while (entry.sent < FLOOD_BYTES && !res.destroyed) {
            entry.sent += piece.length;
            if (!res.write(piece)) return void res.once('drain', more);
          }
          if (!res.destroyed) res.end('data: [DONE]\n\n');
        };
        more();
        return;
      }
      res.write(chunk('上游'));
      res.write(chunk('的回答'));
      if (behaviour === 'hold') return;
      res.end('data: [DONE]\n\n');
    });
  });
  return new Promise<{ url: string; seen: typeof seen; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as { port: number };
      resolve({
        url: `http://127.0.0.1:${address.port}/v1`,
        seen,
        close: () =>
          new Promise((r) => {
            server.closeAllConnections();
            server.close(() => r());
          }),
      });
    });
  });
}

describe('assistant: settings from the environment', () => {
  it('reads the built-in pace (ASSISTANT_CHUNK_DELAY_MS) and refuses a bad one', () => {
    assert.deepEqual(assistantSettingsFromEnv({ ASSISTANT_CHUNK_DELAY_MS: '5' }), { chunkDelayMs: 5 });
    assert.deepEqual(assistantSettingsFromEnv({ ASSISTANT_CHUNK_DELAY_MS: '0' }), { chunkDelayMs: 0 });
    assert.deepEqual(assistantSettingsFromEnv({}), {});
    for (const bad of ['-1', '2.5', 'fast', '1001'])
      assert.throws(
        () => assistantSettingsFromEnv({ ASSISTANT_CHUNK_DELAY_MS: bad }),
        /ASSISTANT_CHUNK_DELAY_MS/,
      );
  });
});

describe('assistant: an OpenAI-compatible upstream (ASSISTANT_UPSTREAM_URL)', () => {
  const setup = async (behaviour: 'stream' | 'refuse' | 'hold' | 'flood', clientStallMs?: number) => {
    const upstream = await fakeUpstream(behaviour);
    const s = await startServer({
      assistant: {
        upstreamUrl: upstream.url,
        upstreamKey: 'sk-test',
        model: 'qwen-test',
        ...(clientStallMs ? { clientStallMs } : {}),
      },
    });
    const token = (await s.login('100001', 'admin', 'Hydro@2026')).access_token;
    const sessionId = (await s.call('GET', `${INTERACTIVE}/getSessionId`, { token })).json.data;
    const body = { messages: [{ role: 'user', content: '你好' }], conversation_id: sessionId, think: true };
    return { upstream, s, token, body };
  };

  it('passes the upstream stream through and keeps the answer', async () => {
    const { upstream, s, token, body } = await setup('stream');
    try {
      const res = await s.call('POST', COMPLETIONS, { token, body });
      assert.equal(res.status, 200);
      const answer = accumulate(res.text);
      assert.equal(answer.content, '上游的回答');
      assert.equal(answer.done, true);
      assert.match(answer.chatId, /^chat-[0-9a-f]{24}$/, "the first chunk is ours: the answer's id");
      const similar = await s.call('GET', `${BUSINESS}/question/similar?chatId=${answer.chatId}`, { token });
      assert.equal(similar.status, 200);
      assert.deepEqual(upstream.seen[0], {
        body: { model: 'qwen-test', messages: [{ role: 'user', content: '你好' }], stream: true },
        auth: 'Bearer sk-test',
        closedEarly: false,
        sent: 0,
      });
      const row = await s.app.opsDb.get(sql`SELECT answer, status FROM assistant_answers`);
      assert.deepEqual(row, { answer: '上游的回答', status: 1 });
    } finally {
      await s.close();
      await upstream.close();
    }
  });

  it('answers an upstream refusal with a 502 envelope the client shows', async () => {
    const { upstream, s, token, body } = await setup('refuse');
    try {
      const res = await s.call('POST', COMPLETIONS, { token, body });
      assert.equal(res.status, 502);
      assert.equal(res.json.success, false);
      assert.equal(res.json.msg, '智能助手服务不可用（500）');
    } finally {
      await s.close();
      await upstream.close();
    }
  });

  it('turns an upstream that breaks off into an SSE error event', async () => {
    const { upstream, s, token, body } = await setup('hold');
    try {
      const pending = s.call('POST', COMPLETIONS, { token, body });
      while (upstream.seen.length === 0) await new Promise((r) => setTimeout(r, 5));
      await new Promise((r) => setTimeout(r, 50));
      upstream.close();
      const res = await pending;
      const events = eventsOf(res.text);
      const last = JSON.parse(events.at(-1) ?? '{}');
      assert.equal(last.error.code, 502);
      assert.match(last.error.message, /^智能助手服务中断/);
      assert.equal(accumulate(res.text.replace(/data: \{"error".*\n\n$/, '')).content, '上游的回答');
    } finally {
      await s.close();
    }
  });

  it('cancels the upstream request as soon as the client goes away', async () => {
    const { upstream, s, token, body } = await setup('hold');
    try {
      const client = new AbortController();
      const res = await fetch(`${s.url}${COMPLETIONS}`, {
        method: 'POST',
        signal: client.signal,
        headers: { 'Content-Type': 'application/json', 'Blade-Auth': `bearer ${token}` },
        body: JSON.stringify(body),
      });
      const reader = res.body!.getReader();
      await reader.read();
      client.abort();
      for (let i = 0; i < 200 && !upstream.seen[0]?.closedEarly; i++)
        await new Promise((r) => setTimeout(r, 5));
      assert.equal(upstream.seen[0]?.closedEarly, true, 'the upstream request was closed');
    } finally {
      await s.close();
      await upstream.close();
    }
  });

  it('holds the upstream back for a client that stops reading, and cuts one that takes nothing', async () => {
    const { upstream, s, token, body } = await setup('flood', 200);
    try {
      // A client that reads the headers and then nothing: its socket is paused, as a frozen tab's.
      const req = request(`${s.url}${COMPLETIONS}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Blade-Auth': `bearer ${token}` },
      });
      req.on('error', () => undefined);
      await new Promise<void>((resolve) => {
        req.on('response', (res) => {
          res.socket.pause();
          res.on('error', () => undefined);
          resolve();
        });
        req.end(JSON.stringify(body));
      });
      // A paused client does not read that the server closed it: the server's side is what is asserted.
      for (let i = 0; i < 1000 && !upstream.seen[0]?.closedEarly; i++)
        await new Promise((r) => setTimeout(r, 10));
      assert.equal(upstream.seen[0]?.closedEarly, true, 'the upstream request was cancelled');
      assert.ok(
        upstream.seen[0]!.sent < FLOOD_BYTES,
        'the upstream was read no further than the client took',
      );
      for (let i = 0; i < 500 && s.app.opsAssistantLoad().answers > 0; i++)
        await new Promise((r) => setTimeout(r, 10));
      assert.equal(s.app.opsAssistantLoad().answers, 0, 'no answer in flight');
      req.destroy();
      const row = await s.app.opsDb.get(sql`SELECT status FROM assistant_answers`);
      assert.deepEqual(row, { status: -2 }, 'kept as stopped');
      const other = await s.call('GET', '/api/blade-system/oauth/user-info', { token });
      assert.equal(other.status, 200, 'other calls were answered all along');
    } finally {
      await s.close();
      await upstream.close();
    }
  });
});
