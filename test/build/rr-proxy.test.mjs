// scripts/rr-proxy.mjs in front of two tiny servers that answer their own name: requests and WebSockets
// alternate between them, bodies and event streams pass through whole and unbuffered, a server that is
// down is skipped, and with both down the client gets a 502.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import http from 'node:http';
import { afterEach, test } from 'node:test';
import WebSocket from 'ws';
import { startProxy } from '../../scripts/rr-proxy.mjs';

// The root's ws is 7.x (CommonJS, no named exports); Server is the WebSocketServer of 7 and 8.
const WebSocketServer = WebSocket.Server;

const opened = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((close) => close()));
});

/** A server named `name`: GET answers the name, POST the name and the body's digest, /events a stream. */
async function upstream(name) {
  const streams = [];
  const server = http.createServer((req, res) => {
    if (req.url === '/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write(`data: ${name} first\n\n`);
      // The second event waits for the test, which asks only once the first has come through.
      streams.push(() => res.end(`data: ${name} second\n\n`));
      return;
    }
    const hash = createHash('sha256');
    req.on('data', (chunk) => hash.update(chunk));
    req.on('end', () => {
      res.setHeader('content-type', 'text/plain');
      res.setHeader('set-cookie', ['a=1', 'b=2']);
      if (req.method === 'POST') res.end(`${name} ${hash.digest('hex')} ${req.headers['x-forwarded-for']}`);
      else res.end(name);
    });
  });
  new WebSocketServer({ server }).on('connection', (socket) => {
    socket.on('message', (data) => socket.send(`${name}:${data}`));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  let closed = false;
  const close = () => {
    if (closed) return Promise.resolve();
    closed = true;
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  };
  opened.push(close);
  return { url: `http://127.0.0.1:${server.address().port}`, close, release: () => streams.shift()?.() };
}

async function cluster() {
  const a = await upstream('A');
  const b = await upstream('B');
  const proxy = await startProxy({ port: 0, upstreams: [a.url, b.url] });
  opened.push(proxy.close);
  return { a, b, proxy };
}

const text = async (url, init) => (await fetch(url, init)).text();

/** Opens a WebSocket through the proxy, sends `hello` and resolves with the echo. */
function echo(proxyUrl) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${proxyUrl.replace('http', 'ws')}/socket`);
    socket.on('open', () => socket.send('hello'));
    socket.on('message', (data) => {
      resolve(String(data));
      socket.close();
    });
    socket.on('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    socket.on('error', reject);
  });
}

test('requests alternate between the upstreams, keeping their headers', async () => {
  const { proxy } = await cluster();
  const names = [];
  for (let i = 0; i < 4; i++) names.push(await text(`${proxy.url}/any`));
  assert.deepEqual(names, ['A', 'B', 'A', 'B']);
  const answer = await fetch(`${proxy.url}/any`);
  assert.deepEqual(answer.headers.getSetCookie(), ['a=1', 'b=2']);
});

test('a POST body arrives intact, with X-Forwarded-For', async () => {
  const { proxy } = await cluster();
  const body = Buffer.alloc(3 * 1024 * 1024, 'ops-console ');
  const digest = createHash('sha256').update(body).digest('hex');
  assert.match(
    await text(`${proxy.url}/upload`, { method: 'POST', body }),
    new RegExp(`^A ${digest} 127\\.0\\.0\\.1$`),
  );
});

test('WebSockets reach the upstreams in turn and echo', async () => {
  const { proxy } = await cluster();
  assert.equal(await echo(proxy.url), 'A:hello');
  assert.equal(await echo(proxy.url), 'B:hello');
});

test('an event stream comes through before the upstream ends it', { timeout: 10_000 }, async () => {
  const { a, proxy } = await cluster();
  const answer = await fetch(`${proxy.url}/events`);
  assert.equal(answer.headers.get('content-type'), 'text/event-stream');
  const reader = answer.body.pipeThrough(new TextDecoderStream()).getReader();
  // A buffering proxy would hold the first event until the end, and the upstream ends only after it.
  assert.equal((await reader.read()).value, 'data: A first\n\n');
  a.release();
  let rest = '';
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += chunk.value;
  assert.equal(rest, 'data: A second\n\n');
});

test('with one upstream down, the other answers everything', async () => {
  const { b, proxy } = await cluster();
  await b.close();
  const names = [];
  for (let i = 0; i < 4; i++) names.push(await text(`${proxy.url}/any`));
  assert.deepEqual(names, ['A', 'A', 'A', 'A']);
  assert.equal(await echo(proxy.url), 'A:hello');
  assert.equal(await echo(proxy.url), 'A:hello');
});

test('with every upstream down, requests and WebSockets get a 502', async () => {
  const { a, b, proxy } = await cluster();
  await a.close();
  await b.close();
  const answer = await fetch(`${proxy.url}/any`);
  assert.equal(answer.status, 502);
  assert.match(await answer.text(), /No upstream answered/);
  await assert.rejects(echo(proxy.url), /HTTP 502/);
});
