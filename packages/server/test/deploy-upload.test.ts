import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from '../src/db/database.ts';
import {
  type DeployWorld,
  deployWorld,
  KEY,
  snapshot,
  sri,
  streamUpload,
  upload,
  withKey,
} from './deploy-fixture.ts';

const assetRows = async (w: DeployWorld) =>
  (await w.s.app.opsDb.get<{ n: number }>(sql`SELECT COUNT(*) AS n FROM deploy_assets`))!.n;

describe('deploy uploads', () => {
  let w: DeployWorld;
  before(async () => {
    w = await deployWorld();
  });
  after(() => w.dispose());

  it('stores files under /assets/<bundle dir>/<upload id>/<name> with their sha384; a re-upload is idempotent', async () => {
    const js = 'console.log("leave v2")';
    const css = '.leave{color:var(--ops-primary)}';
    const parts = [
      { name: 'bundle', value: '@ops/app-leave' },
      { name: 'files', filename: 'leave.js', bytes: js, type: 'text/javascript' },
      { name: 'files', filename: 'leave.css', bytes: css, type: 'text/css' },
    ];
    const res = await upload(w.s, parts);
    assert.equal(res.status, 200, JSON.stringify(res.json));
    const files = res.json.data.files as { name: string; url: string; integrity: string; size: number }[];
    const id = res.json.data.uploadId as string;
    assert.match(id, /^[0-9a-f]{12}$/);
    const byName = Object.fromEntries(files.map((f) => [f.name, f]));
    assert.deepEqual(byName['leave.js'], {
      name: 'leave.js',
      url: `/assets/apps/leave/${id}/leave.js`,
      integrity: sri(js),
      size: Buffer.byteLength(js),
    });
    assert.equal(byName['leave.css']!.integrity, sri(css));

    const served = await w.s.call('GET', byName['leave.js']!.url);
    assert.equal(served.status, 200);
    assert.equal(served.text, js);
    assert.match(served.headers.get('content-type')!, /^text\/javascript/);
    assert.equal(served.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal(served.headers.get('x-content-type-options'), 'nosniff');
    const etag = served.headers.get('etag')!;
    assert.equal(
      (await w.s.call('GET', byName['leave.js']!.url, { headers: { 'If-None-Match': etag } })).status,
      304,
    );
    assert.match(
      (await w.s.call('GET', byName['leave.css']!.url)).headers.get('content-type')!,
      /^text\/css/,
    );
    assert.equal((await w.s.call('GET', `/assets/apps/leave/${id}/other.js`)).status, 404);

    const before = await snapshot(w.s);
    const again = await upload(w.s, [parts[0]!, parts[2]!, parts[1]!]);
    assert.equal(again.status, 200);
    assert.equal(again.json.data.uploadId, id, 'the same files in another order are the same upload');
    assert.equal(await snapshot(w.s), before, 'nothing stored twice');
    // An administrator's token uploads too.
    const byAdmin = await upload(w.s, parts, { 'Blade-Auth': `bearer ${w.admin}` });
    assert.equal(byAdmin.status, 200);
  });

  it('sends uploaded text files compressed when the client accepts it', async () => {
    const js = `console.log(${JSON.stringify('x'.repeat(5000))});`;
    const res = await upload(w.s, [
      { name: 'bundle', value: '@ops/notices' },
      { name: 'files', filename: 'large.js', bytes: js },
    ]);
    const url = res.json.data.files[0].url as string;
    for (const [accept, encoding] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['', undefined],
    ] as const) {
      const got = await w.s.app.inject({ url, headers: accept ? { 'accept-encoding': accept } : {} });
      assert.equal(got.headers['content-encoding'], encoding, accept);
      const body =
        encoding === 'br'
          ? brotliDecompressSync(got.rawPayload)
          : encoding === 'gzip'
            ? gunzipSync(got.rawPayload)
            : got.rawPayload;
      assert.equal(body.toString(), js, accept);
      assert.ok(got.rawPayload.length < js.length || !encoding, 'smaller when compressed');
    }
  });

  it('never overwrites a path that holds other bytes (409, nothing stored)', async () => {
    const parts = [
      { name: 'bundle', value: '@ops/notices' },
      { name: 'files', filename: 'n.js', bytes: 'console.log(1)' },
    ];
    const hash = createHash('sha256')
      .update('n.js\0' + '14\0')
      .update('console.log(1)')
      .digest('hex')
      .slice(0, 12);
    const path = `/assets/notices/${hash}/n.js`;
    // Something else already lives at that path (as if written by an earlier, different upload).
    await w.s.app.opsDb.run(sql`
      INSERT INTO deploy_assets (path, bundle, upload_id, name, type, size, integrity, bytes, actor, created_at)
      VALUES (${path}, '@ops/notices', ${hash}, 'n.js', 'text/javascript', 5, ${sri('other')},
              ${Buffer.from('other')}, 'x', 0)`);
    const before = await snapshot(w.s);
    const res = await upload(w.s, parts);
    assert.equal(res.status, 409);
    assert.match(res.json.msg, /不会覆盖/);
    assert.equal(await snapshot(w.s), before);
    assert.equal((await w.s.call('GET', path)).text, 'other');
  });

  it('refuses path tricks, unknown bundles and kinds, and malformed uploads, storing nothing', async () => {
    const file = (filename: string, bytes = 'x') => ({ name: 'files', filename, bytes });
    const bundle = { name: 'bundle', value: '@ops/notices' };
    const cases: [string, Parameters<typeof upload>[1], number, RegExp][] = [
      ['parent folder', [bundle, file('../x.js')], 400, /bad file name: "\.\.\/x\.js"/],
      ['sub-folder', [bundle, file('a/b.js')], 400, /bad file name: "a\/b\.js"/],
      ['encoded dots', [bundle, file('%2e%2e')], 400, /bad file name/],
      ['encoded slash', [bundle, file('..%2fx.js')], 400, /bad file name/],
      ['NUL', [bundle, file('a\0.js')], 400, /bad file name/],
      ['backslash', [bundle, file('..\\x.js')], 400, /bad file name/],
      ['hidden', [bundle, file('.env')], 400, /bad file name/],
      ['dots inside', [bundle, file('a..js')], 400, /bad file name/],
      ['absolute', [bundle, file('/etc/passwd')], 400, /bad file name/],
      ['empty name', [bundle, file('')], 400, /bad file name/],
      ['HTML', [bundle, file('index.html', '<html></html>')], 400, /cannot be deployed: index\.html/],
      ['SVG', [bundle, file('logo.svg', '<svg/>')], 400, /cannot be deployed/],
      ['twice', [bundle, file('a.js'), file('a.js')], 400, /sent twice/],
      [
        'unknown bundle',
        [{ name: 'bundle', value: '@ops/nothing' }, file('a.js')],
        404,
        /unknown bundle: @ops\/nothing/,
      ],
      ['no bundle', [file('a.js')], 400, /field bundle/],
      ['no files', [bundle], 400, /at least one file/],
      ['other field', [bundle, { name: 'file', filename: 'a.js', bytes: 'x' }], 400, /field files/],
      ['extra field', [bundle, { name: 'tenant', value: '1' }, file('a.js')], 400, /unknown field: tenant/],
    ];
    for (const [name, parts, status, msg] of cases) {
      const before = await snapshot(w.s);
      const res = await upload(w.s, parts, { ...KEY, 'Hz-Language': 'en_US' });
      assert.equal(res.status, status, `${name}: ${JSON.stringify(res.json)}`);
      assert.match(res.json.msg, msg, name);
      assert.equal(await snapshot(w.s), before, `${name} stored nothing`);
    }
    const json = await w.s.call('POST', '/api/deploy/assets', withKey({ body: { bundle: '@ops/notices' } }));
    assert.equal(json.status, 415);
    const cut = await fetch(`${w.s.url}/api/deploy/assets`, {
      method: 'POST',
      headers: { ...KEY, 'content-type': 'multipart/form-data; boundary=zz' },
      body: '--zz\r\nContent-Disposition: form-data; name="files"; filename="a.js"\r\n\r\nconsole.log(',
    });
    assert.equal(cut.status, 400);
    const none = await upload(w.s, [bundle, file('a.js')], {});
    assert.equal(none.status, 401);
  });

  it('refuses a 50 MB upload with 413 before reading it, and stores nothing', async () => {
    const before = await snapshot(w.s);
    const declared = await streamUpload(w.s.url, 50 * 1024 * 1024, { declareLength: true });
    assert.equal(declared.status, 413);
    assert.match(JSON.parse(declared.body).msg, /20 MB/);
    assert.ok(declared.written < 50 * 1024 * 1024, `answered after ${declared.written} bytes`);
    // Without a declared length (chunked): the 10 MiB per-file cap stops it while it streams.
    const chunked = await streamUpload(w.s.url, 50 * 1024 * 1024, { declareLength: false });
    assert.equal(chunked.status, 413);
    assert.ok(chunked.written < 50 * 1024 * 1024, `answered after ${chunked.written} bytes`);
    assert.equal(await snapshot(w.s), before);
    assert.equal(
      (await w.s.call('GET', '/api/deploy/scopes', withKey())).status,
      200,
      'the server still answers',
    );
  });

  it('refuses a file over 10 MiB and an upload over 20 MiB in total (413, nothing stored)', async () => {
    const before = await snapshot(w.s);
    const rows = await assetRows(w);
    const big = await upload(w.s, [
      { name: 'bundle', value: '@ops/notices' },
      { name: 'files', filename: 'big.js', bytes: Buffer.alloc(10 * 1024 * 1024 + 1, 0x20) },
    ]);
    assert.equal(big.status, 413);
    const many = await upload(w.s, [
      { name: 'bundle', value: '@ops/notices' },
      ...[1, 2, 3].map((i) => ({
        name: 'files',
        filename: `part${i}.js`,
        bytes: Buffer.alloc(7 * 1024 * 1024, 0x20),
      })),
    ]);
    assert.equal(many.status, 413);
    assert.equal(await assetRows(w), rows);
    assert.equal(await snapshot(w.s), before);
  });
});

describe('deploy without a build manifest', () => {
  let w: DeployWorld;
  before(async () => {
    w = await deployWorld({ manifest: false });
  });
  after(() => w.dispose());

  it('refuses tenant pins and uploads with 503 "build manifest missing"; base pins still work', async () => {
    const version = async (scope: string) =>
      (await w.s.call('GET', `/api/deploy/importmap?scope=${scope}`, withKey())).json.data.version as string;
    const before = await snapshot(w.s);
    const res = await w.s.call(
      'PUT',
      `/api/deploy/importmap/100002/imports/${encodeURIComponent('@ops/notices')}`,
      withKey({
        headers: { 'If-Match': await version('100002'), 'Hz-Language': 'en_US' },
        body: { url: '/notices/notices.Nt99Zz00.js', reason: 'r' },
      }),
    );
    assert.equal(res.status, 503);
    assert.match(res.json.msg, /build manifest missing/);
    const up = await upload(w.s, [
      { name: 'bundle', value: '@ops/notices' },
      { name: 'files', filename: 'a.js', bytes: 'x' },
    ]);
    assert.equal(up.status, 503);
    assert.equal(await snapshot(w.s), before);
    const base = await w.s.call(
      'PUT',
      `/api/deploy/importmap/base/imports/${encodeURIComponent('@ops/notices')}`,
      withKey({
        headers: { 'If-Match': await version('base') },
        body: { url: '/notices/notices.Nt99Zz00.js', reason: 'r' },
      }),
    );
    assert.equal(base.status, 200);
  });
});
