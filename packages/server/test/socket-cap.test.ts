import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import WebSocket from 'ws';
import { SOCKETS_FULL_CODE } from '../src/http/socket-cap.ts';
import { startServer, type TestServer, type Tokens } from './helpers.ts';
import { BLADE, Client, MESSAGE, signedIn } from './socket-client.ts';

/** Opens a raw socket with headers and answers how the server closed it. */
function refused(url: string, path: string, headers: Record<string, string> = {}) {
  const ws = new WebSocket(url.replace(/^http/, 'ws') + path, { headers });
  return new Promise<{ code: number; reason: string }>((resolve, reject) => {
    ws.once('error', reject);
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
}

describe('socket cap: an instance holds at most maxSockets open sockets, all routes together', () => {
  let s: TestServer;
  let operator: Tokens;
  before(async () => {
    s = await startServer({ maxSockets: 3 });
    operator = await s.login('100001', 'operator', 'Operator@2026');
  });
  after(() => s.close());

  it('refuses the socket past the cap with 1013 and a reason, then accepts again once one closes', async () => {
    const id = operator.user_id!;
    const open = [
      (await signedIn(s, BLADE(id), operator)).client,
      (await signedIn(s, MESSAGE(id), operator)).client,
      (await signedIn(s, BLADE(id), operator)).client,
    ];
    assert.deepEqual(await refused(s.url, BLADE(id)), {
      code: SOCKETS_FULL_CODE,
      reason: '服务器连接已满，请稍后重试',
    });
    assert.deepEqual(await refused(s.url, MESSAGE(id), { 'Hz-Language': 'en_US' }), {
      code: SOCKETS_FULL_CODE,
      reason: 'server full, try again later',
    });
    // The held sockets are untouched and the server still answers calls.
    assert.equal((await open[0]!.ping()).message, 'pong');
    assert.ok((await s.login('100001', 'admin', 'Hydro@2026')).access_token);
    await open[2]!.close();
    const again = await signedIn(s, BLADE(id), operator);
    assert.equal(again.ready.type, 'ready');
    for (const c of [open[0]!, open[1]!, again.client]) await c.close();
  });

  it('counts the assistant chat sockets with the notification sockets', async () => {
    const id = operator.user_id!;
    const session = await s.call('GET', '/api/gglm-big-model/fontEnd/interactive/getSessionId', {
      token: operator.access_token,
    });
    const chat = `/api/gglm-big-model/websocket/interactive/${session.json.data}`;
    const clients: Client[] = [];
    for (let i = 0; i < 2; i++) clients.push((await signedIn(s, BLADE(id), operator)).client);
    const assistant = new Client(s.url, chat);
    await assistant.opened;
    assert.equal((await refused(s.url, chat)).code, SOCKETS_FULL_CODE);
    assert.equal((await refused(s.url, BLADE(id))).code, SOCKETS_FULL_CODE);
    for (const c of [...clients, assistant]) await c.close();
  });
});
