import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sha384 } from '../../scripts/build-bundle.mjs';
import {
  deployApi,
  PublishError,
  parseOptions,
  publish,
  publishedText,
  refusal,
} from '../../scripts/publish.mjs';

/**
 * `npm run publish` (scripts/publish.mjs): its command line, the messages of refused calls, and the order of
 * its calls to the deploy API with the 412 retry. Its use against the reference server is
 * test/e2e/deploy.spec.ts.
 */

const GOOD = [
  'notices',
  '--server',
  'http://127.0.0.1:8080/',
  '--key',
  'k'.repeat(20),
  '--reason',
  'new text',
];

describe('publish command line', () => {
  it('reads the bundle, server, key, tenant and reason', () => {
    assert.deepEqual(parseOptions(['--', ...GOOD, '--tenant', '100002']), {
      bundle: 'notices',
      server: 'http://127.0.0.1:8080',
      key: 'k'.repeat(20),
      scope: '100002',
      reason: 'new text',
    });
    assert.equal(parseOptions(GOOD).scope, 'base');
    assert.equal(
      parseOptions([...GOOD.slice(0, 3), '--reason', 'x'], { DEPLOY_KEY: 'from-env' }).key,
      'from-env',
    );
    assert.equal(parseOptions([...GOOD, '--key=other']).key, 'other');
    assert.deepEqual(parseOptions(['--help']), { help: true });
  });

  const refused = [
    [[], /^no bundle named$/],
    [['a', 'b', ...GOOD.slice(1)], /^one bundle expected, got 2: a b$/],
    [['notices', '--key', 'k', '--reason', 'x'], /^--server <url> is missing$/],
    [['notices', '--server', 'nowhere', '--key', 'k', '--reason', 'x'], /^--server is not a URL: nowhere$/],
    [['notices', '--server', 'ftp://h', '--key', 'k', '--reason', 'x'], /must be an http or https URL/],
    [['notices', '--server', 'http://h', '--reason', 'x'], /^--key <key> is missing \(or set DEPLOY_KEY\)$/],
    [[...GOOD, '--tenant', '10002'], /^--tenant must be a tenant id of 6 digits, not "10002"$/],
    [[...GOOD, '--tenant', 'base'], /tenant id of 6 digits/],
    [[...GOOD.slice(0, 5)], /^--reason "\.\.\." is missing/],
    [[...GOOD.slice(0, 5), '--reason', '   '], /^--reason "\.\.\." is missing/],
    [[...GOOD.slice(0, 5), '--reason', 'x'.repeat(201)], /^--reason is 201 characters long; at most 200$/],
    [[...GOOD.slice(0, 5), '--reason', 'a <b>'], /^--reason may not contain <, > or `$/],
    [[...GOOD, '--force'], /^Unknown option '--force'\.$/],
    [[...GOOD, '--tenant'], /--tenant/],
  ];
  for (const [argv, why] of refused) {
    it(`refuses ${JSON.stringify(argv.join(' ')).slice(0, 80)}`, () => {
      assert.throws(
        () => parseOptions(argv),
        (error) => error instanceof PublishError && why.test(error.message),
      );
    });
  }

  it('exits 1 with the reason and the usage, before building anything', () => {
    const run = spawnSync(process.execPath, ['scripts/publish.mjs', 'notices', '--server', 'http://h'], {
      encoding: 'utf8',
      env: { ...process.env, DEPLOY_KEY: '' },
    });
    assert.equal(run.status, 1);
    assert.equal(run.stdout, '');
    assert.match(
      run.stderr,
      /^publish: --key <key> is missing \(or set DEPLOY_KEY\)\nUsage: npm run publish -- <bundle>/,
    );
  });

  it('refuses a shared bundle for one tenant before building', () => {
    const run = spawnSync(
      process.execPath,
      ['scripts/publish.mjs', '@ops/ui', ...GOOD.slice(1), '--tenant', '100002'],
      {
        encoding: 'utf8',
      },
    );
    assert.equal(run.status, 1);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, /^publish: @ops\/ui is shared by every bundle and cannot be pinned per tenant/);
  });
});

describe('publish messages', () => {
  const cases = [
    [401, { msg: 'send the deploy key' }, '', /^upload: not signed in: .*: send the deploy key$/],
    [
      403,
      { msg: 'wrong deploy key' },
      '',
      /^upload: refused \(wrong deploy key, or key auth is off on this server\): wrong deploy key$/,
    ],
    [404, { msg: 'unknown bundle: @ops/x' }, '', /^upload: HTTP 404: unknown bundle: @ops\/x$/],
    [
      413,
      { msg: 'the upload is larger than 20 MB' },
      '',
      /^upload: HTTP 413: the upload is larger than 20 MB$/,
    ],
    [502, null, '<html>Bad gateway</html>', /^upload: HTTP 502: <html>Bad gateway<\/html>$/],
    [500, null, '', /^upload: HTTP 500$/],
  ];
  for (const [status, body, text, message] of cases) {
    it(`HTTP ${status}`, () => assert.match(refusal('upload', status, body, text), message));
  }

  it('says where the map points now, what it was and how to roll back', () => {
    const text = publishedText('@ops/notices', {
      url: '/assets/notices/abc/n.js',
      integrity: 'sha384-x',
      scope: '100002',
      version: 'bbbbbbbbbbbbbbbb',
      previous: 'aaaaaaaaaaaaaaaa',
    });
    assert.match(
      text,
      /^Published @ops\/notices for tenant 100002:\n {2}URL: +\/assets\/notices\/abc\/n\.js\n/,
    );
    assert.match(text, /Version: +bbbbbbbbbbbbbbbb \(was aaaaaaaaaaaaaaaa\)/);
    assert.match(text, /rollback \{"version":"aaaaaaaaaaaaaaaa"/);
    const same = publishedText('@ops/notices', {
      url: '/n.js',
      integrity: 'sha384-x',
      scope: 'base',
      version: 'a'.repeat(16),
      previous: 'a'.repeat(16),
    });
    assert.match(same, /^Already published @ops\/notices for the base map/);
    assert.match(same, /\(unchanged\)/);
  });
});

describe('publish calls', () => {
  /** A fetch that answers from `answers` in turn and records each request. */
  function scripted(answers) {
    const requests = [];
    const fetchImpl = async (url, init) => {
      requests.push({ url, method: init.method ?? 'GET', headers: init.headers, body: init.body });
      const next = answers.shift();
      if (next instanceof Error) throw next;
      return new Response(typeof next.body === 'string' ? next.body : JSON.stringify(next.body), {
        status: next.status ?? 200,
      });
    };
    return { requests, fetchImpl };
  }
  const envelope = (data) => ({ code: 200, success: true, data, msg: '' });

  it('sends the key, asks for English, and reads the envelope', async () => {
    const { requests, fetchImpl } = scripted([{ body: envelope({ scope: '100002', version: 'v1' }) }]);
    const api = deployApi('http://h:1', 'secret-key', fetchImpl);
    assert.deepEqual(await api.importMap('100002'), { scope: '100002', version: 'v1' });
    assert.equal(requests[0].url, 'http://h:1/api/deploy/importmap?scope=100002');
    assert.equal(requests[0].headers.authorization, 'Bearer secret-key');
    assert.equal(requests[0].headers['hz-language'], 'en');
  });

  it('a server that cannot be reached or answers no envelope is a clear error', async () => {
    const down = new TypeError('fetch failed', {
      cause: Object.assign(new Error('x'), { code: 'ECONNREFUSED' }),
    });
    await assert.rejects(deployApi('http://h:1', 'k', scripted([down]).fetchImpl).importMap('base'), {
      message: 'read the import map of base: cannot reach http://h:1: ECONNREFUSED',
    });
    await assert.rejects(
      deployApi('http://h:1', 'k', scripted([{ body: 'hello' }]).fetchImpl).importMap('base'),
      {
        message: 'read the import map of base: the server answered 200 without a JSON envelope',
      },
    );
    await assert.rejects(
      deployApi(
        'http://h:1',
        'k',
        scripted([{ status: 403, body: { msg: 'wrong deploy key' } }]).fetchImpl,
      ).importMap('base'),
      (error) => error.status === 403 && /refused .*: wrong deploy key$/.test(error.message),
    );
  });

  describe('of a built bundle', () => {
    let dist;
    const entryBytes = 'System.register([], function () { return { execute() {} }; });\n';
    const built = () => ({
      record: {
        name: '@ops/notices',
        dir: 'notices',
        entry: '/notices/notices.n2.js',
        files: ['/notices/notices.n2.js', '/notices/styles.s1.css'],
      },
      integrity: sha384(entryBytes),
    });
    const uploaded = (integrity = sha384(entryBytes)) => ({
      body: envelope({
        files: [
          { name: 'notices.n2.js', url: '/assets/notices/u1/notices.n2.js', integrity },
          { name: 'styles.s1.css', url: '/assets/notices/u1/styles.s1.css', integrity: 'sha384-css' },
        ],
      }),
    });
    before(() => {
      dist = mkdtempSync(path.join(os.tmpdir(), 'publish-'));
      mkdirSync(path.join(dist, 'notices'));
      writeFileSync(path.join(dist, 'notices/notices.n2.js'), entryBytes);
      writeFileSync(path.join(dist, 'notices/styles.s1.css'), '.x{}');
    });
    after(() => rmSync(dist, { recursive: true, force: true }));
    const run = (answers) => {
      const calls = scripted(answers);
      const api = deployApi('http://h:1', 'k', calls.fetchImpl);
      return { calls, done: publish({ api, built: built(), dist, scope: '100002', reason: 'new text' }) };
    };

    it('uploads every file, reads the version and points the entry with If-Match', async () => {
      const { calls, done } = run([
        uploaded(),
        { body: envelope({ version: 'aaaaaaaaaaaaaaaa' }) },
        { body: envelope({ scope: '100002', version: 'bbbbbbbbbbbbbbbb', previous: 'aaaaaaaaaaaaaaaa' }) },
      ]);
      assert.deepEqual(await done, {
        url: '/assets/notices/u1/notices.n2.js',
        integrity: sha384(entryBytes),
        scope: '100002',
        version: 'bbbbbbbbbbbbbbbb',
        previous: 'aaaaaaaaaaaaaaaa',
      });
      const [upload, read, pin] = calls.requests;
      assert.equal(upload.method, 'POST');
      assert.equal(upload.url, 'http://h:1/api/deploy/assets');
      assert.equal(upload.body.get('bundle'), '@ops/notices');
      const files = upload.body.getAll('files');
      assert.deepEqual(
        files.map((f) => [f.name, f.type]),
        [
          ['notices.n2.js', 'text/javascript'],
          ['styles.s1.css', 'text/css'],
        ],
      );
      assert.equal(await files[0].text(), entryBytes);
      assert.equal(read.url, 'http://h:1/api/deploy/importmap?scope=100002');
      assert.equal(pin.method, 'PUT');
      assert.equal(pin.url, 'http://h:1/api/deploy/importmap/100002/imports/%40ops%2Fnotices');
      assert.equal(pin.headers['if-match'], '"aaaaaaaaaaaaaaaa"');
      assert.deepEqual(JSON.parse(pin.body), {
        url: '/assets/notices/u1/notices.n2.js',
        integrity: sha384(entryBytes),
        reason: 'new text',
      });
    });

    it('on 412 reads the map again and retries once with the new version', async () => {
      const { calls, done } = run([
        uploaded(),
        { body: envelope({ version: 'aaaaaaaaaaaaaaaa' }) },
        { status: 412, body: { msg: 'changed meanwhile' } },
        { body: envelope({ version: 'cccccccccccccccc' }) },
        { body: envelope({ version: 'dddddddddddddddd', previous: 'cccccccccccccccc' }) },
      ]);
      assert.equal((await done).version, 'dddddddddddddddd');
      assert.deepEqual(
        calls.requests.map((r) => `${r.method} ${r.headers['if-match'] ?? ''}`.trim()),
        ['POST', 'GET', 'PUT "aaaaaaaaaaaaaaaa"', 'GET', 'PUT "cccccccccccccccc"'],
      );
    });

    it('a second 412 is the error, and other refusals are not retried', async () => {
      const twice = run([
        uploaded(),
        { body: envelope({ version: 'aaaaaaaaaaaaaaaa' }) },
        { status: 412, body: { msg: 'changed meanwhile' } },
        { body: envelope({ version: 'cccccccccccccccc' }) },
        { status: 412, body: { msg: 'changed meanwhile again' } },
      ]);
      await assert.rejects(twice.done, {
        message: 'point @ops/notices in 100002: HTTP 412: changed meanwhile again',
      });
      const refused = run([
        uploaded(),
        { body: envelope({ version: 'aaaaaaaaaaaaaaaa' }) },
        { status: 422, body: { msg: 'integrity mismatch' } },
      ]);
      await assert.rejects(refused.done, {
        message: 'point @ops/notices in 100002: HTTP 422: integrity mismatch',
      });
      assert.equal(refused.calls.requests.length, 3);
    });

    it('stops when the server holds other bytes for the entry, or does not list it', async () => {
      const other = run([uploaded('sha384-other')]);
      await assert.rejects(
        other.done,
        (error) =>
          error instanceof PublishError &&
          /^upload: the server holds other bytes for notices\.n2\.js \(sha384-other, built sha384-/.test(
            error.message,
          ),
      );
      assert.equal(other.calls.requests.length, 1);
      const missing = run([{ body: envelope({ files: [] }) }]);
      await assert.rejects(missing.done, {
        message: "upload: the server's answer does not list the entry file notices.n2.js",
      });
    });
  });
});
