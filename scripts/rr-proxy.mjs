// A round-robin reverse proxy on one port in front of several servers, for `npm run start:cluster`: each
// HTTP request and each WebSocket goes to the next server in turn (a server that refuses the connection
// is skipped), answers stream through unbuffered (Server-Sent Events arrive as they are sent), and only
// when every server is down does the client get a 502. Local use only: a real deployment puts a load
// balancer here (docs/scale-out.md).
//
//   node scripts/rr-proxy.mjs <port> <upstream> [<upstream> ...]    e.g. 8080 http://127.0.0.1:8081 :8082
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Headers that describe one connection, not the message (RFC 9110 §7.6.1); never passed on as they are. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * `http://host:port`, `host:port` or `:port` (127.0.0.1) → where to connect.
 * @param {string} upstream
 * @returns {{ host: string, port: number }}
 */
function parseUpstream(upstream) {
  const text = upstream.startsWith(':') ? `127.0.0.1${upstream}` : upstream;
  const url = new URL(/^[a-z]+:\/\//i.test(text) ? text : `http://${text}`);
  if (url.protocol !== 'http:' || !url.port) throw new Error(`Not an http upstream with a port: ${upstream}`);
  return { host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port) };
}

/** The message's headers without the hop-by-hop ones (also those its Connection header names). */
function endToEnd(headers) {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name) && !named.includes(name)),
  );
}

/** Who asked, added to what earlier proxies said. */
function forwarded(req) {
  const before = req.headers['x-forwarded-for'];
  const client = req.socket.remoteAddress ?? '';
  return {
    'x-forwarded-for': before ? `${before}, ${client}` : client,
    'x-forwarded-proto': req.headers['x-forwarded-proto'] ?? 'http',
  };
}

/**
 * Starts a round-robin proxy on `host:port` (port 0: any free one) in front of `upstreams`.
 * @param {{ port: number, host?: string, upstreams: string[] }} options
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function startProxy({ port, host = '127.0.0.1', upstreams }) {
  const targets = upstreams.map(parseUpstream);
  if (targets.length === 0) throw new Error('The proxy needs at least one upstream');
  let turn = 0;
  /** @type {Set<net.Socket>} */
  const tunnels = new Set();

  /**
   * Connects to the next upstream that accepts, starting at this request's turn; null when none does.
   * Nothing of the client's request is read before, so a refused connection loses no body.
   */
  async function connectNext() {
    const first = turn++ % targets.length;
    for (let i = 0; i < targets.length; i++) {
      const target = targets[(first + i) % targets.length];
      const socket = await new Promise((resolve) => {
        const candidate = net.connect(target);
        const refused = () => resolve(null);
        candidate.once('error', refused);
        candidate.once('connect', () => {
          candidate.off('error', refused);
          resolve(candidate);
        });
      });
      if (socket) return socket;
    }
    return null;
  }

  const allDown = `No upstream answered (${targets.length} tried).\n`;

  const server = http.createServer(async (req, res) => {
    const socket = await connectNext();
    if (!socket) {
      res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      res.end(allDown);
      return;
    }
    socket.setNoDelay(true);
    const outgoing = http.request({
      method: req.method,
      path: req.url,
      headers: { ...endToEnd(req.headers), ...forwarded(req) },
      // This socket, not an agent's: it is already connected (and is closed after the answer).
      createConnection: () => socket,
    });
    outgoing.on('response', (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.headers));
      // Headers now, then every chunk as it comes: an event stream must not wait for more.
      res.flushHeaders();
      answer.pipe(res);
      answer.on('error', () => res.destroy());
    });
    outgoing.on('error', () => {
      if (res.headersSent) res.destroy();
      else {
        res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
        res.end('The upstream closed the connection.\n');
      }
    });
    // The client went away (or the answer is done): the upstream connection is not needed any more.
    res.on('close', () => outgoing.destroy());
    req.pipe(outgoing);
  });

  server.on('upgrade', async (req, client, head) => {
    client.on('error', () => client.destroy());
    const upstream = await connectNext();
    if (!upstream) {
      client.end(
        `HTTP/1.1 502 Bad Gateway\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(allDown)}\r\nconnection: close\r\n\r\n${allDown}`,
      );
      return;
    }
    tunnels.add(client).add(upstream);
    const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      const name = req.rawHeaders[i];
      if (!/^x-forwarded-(for|proto)$/i.test(name)) lines.push(`${name}: ${req.rawHeaders[i + 1]}`);
    }
    for (const [name, value] of Object.entries(forwarded(req))) lines.push(`${name}: ${value}`);
    upstream.setNoDelay(true);
    client.setNoDelay(true);
    upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (head.length > 0) upstream.write(head);
    upstream.pipe(client).pipe(upstream);
    for (const [socket, other] of [
      [client, upstream],
      [upstream, client],
    ]) {
      socket.on('error', () => other.destroy());
      socket.on('close', () => {
        other.destroy();
        tunnels.delete(socket);
      });
    }
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(undefined);
    });
  });
  const address = /** @type {net.AddressInfo} */ (server.address());
  const shownHost = address.address.includes(':') ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}`,
    close: () =>
      new Promise((resolve) => {
        for (const socket of tunnels) socket.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const [port, ...upstreams] = process.argv.slice(2);
  if (!port || upstreams.length === 0) {
    process.stderr.write('Usage: node scripts/rr-proxy.mjs <port> <upstream> [<upstream> ...]\n');
    process.exit(2);
  }
  try {
    const proxy = await startProxy({ port: Number(port), host: process.env.HOST || '127.0.0.1', upstreams });
    process.stdout.write(`Round-robin proxy ${proxy.url}/ → ${upstreams.join(', ')}\n`);
    const stop = () => proxy.close().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } catch (err) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
}
