import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fingerprint, startServer, type TestServer } from './helpers.ts';

const UPLOAD = '/api/blade-resource/oss/endpoint/put-file';
// A 1x1 PNG.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082',
  'hex',
);

describe('files: the avatar upload (object storage)', () => {
  let s: TestServer;
  let token = '';

  const upload = (name: string, bytes: Buffer, type: string, field = 'file', auth = token) => {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
    return fetch(`${s.url}${UPLOAD}`, {
      method: 'POST',
      headers: auth ? { 'Blade-Auth': `bearer ${auth}` } : {},
      body: form,
    });
  };

  before(async () => {
    s = await startServer();
    token = (await s.login('100001', 'operator', 'Operator@2026')).access_token;
  });
  after(() => s.close());

  it('stores an image and serves it at a public, unguessable link with its type and nosniff', async () => {
    const res = await upload('me.png', PNG, 'image/png');
    assert.equal(res.status, 200);
    const { data } = (await res.json()) as { data: { link: string; name: string; originalName: string } };
    assert.match(data.link, /^\/api\/blade-resource\/oss\/file\/[0-9a-f]{32}\.png$/);
    assert.equal(data.originalName, 'me.png');
    const file = await fetch(`${s.url}${data.link}`);
    assert.equal(file.status, 200);
    assert.equal(file.headers.get('content-type'), 'image/png');
    assert.equal(file.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(file.headers.get('content-security-policy'), "default-src 'none'");
    assert.deepEqual(Buffer.from(await file.arrayBuffer()), PNG);
  });

  const refusals: [string, () => Promise<Response>, number, RegExp][] = [
    ['a text file named .png', () => upload('x.png', Buffer.from('hello'), 'image/png'), 400, /只能上传图片/],
    [
      'an SVG (it can carry script)',
      () =>
        upload(
          'x.svg',
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>'),
          'image/svg+xml',
        ),
      400,
      /只能上传图片/,
    ],
    [
      'a file over 2 MB',
      () => upload('big.png', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), 'image/png'),
      413,
      /2 MB/,
    ],
    ['another field name', () => upload('me.png', PNG, 'image/png', 'avatar'), 400, /选择要上传/],
    ['no token', () => upload('me.png', PNG, 'image/png', 'file', ''), 401, /./],
    [
      'a JSON body',
      () =>
        fetch(`${s.url}${UPLOAD}`, {
          method: 'POST',
          headers: { 'Blade-Auth': `bearer ${token}`, 'content-type': 'application/json' },
          body: '{"file":"x"}',
        }),
      400,
      /multipart/,
    ],
  ];
  for (const [name, send, status, msg] of refusals) {
    it(`refuses ${name} and stores nothing`, async () => {
      const before = await fingerprint(s);
      const res = await send();
      assert.equal(res.status, status);
      const body = (await res.json()) as { success: boolean; msg: string };
      assert.equal(body.success, false);
      assert.match(body.msg, msg);
      assert.equal(await fingerprint(s), before);
    });
  }

  it('answers 404 for an unknown or malformed key', async () => {
    for (const key of ['0123456789abcdef0123456789abcdef.png', '..%2Fetc', 'x.svg']) {
      const res = await fetch(`${s.url}/api/blade-resource/oss/file/${key}`);
      assert.equal(res.status, 404, key);
    }
  });
});
