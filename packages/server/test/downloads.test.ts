import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startServer, type TestServer } from './helpers.ts';

const NEWEST = '/api/blade-system/app_version/getNewestApkUrlByPackageName?packageName=';

describe('mobile app packages: the newest version is offered only when its file is published', () => {
  let s: TestServer;
  let dataDir: string;
  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ops-downloads-'));
    s = await startServer({ dataDir });
  });
  after(async () => {
    await s.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('no file in the downloads folder: no version offered, no file served (zh, en)', async () => {
    const zh = await s.call('GET', `${NEWEST}com.ops.console`);
    assert.equal(zh.status, 404);
    const file = await s.call('GET', '/downloads/ops-console-1.2.3.apk', {
      headers: { 'Hz-Language': 'en_US' },
    });
    assert.equal(file.status, 404);
    assert.equal(file.json.msg, 'this package is not published on this server');
    assert.equal(
      (await s.call('GET', '/downloads/ops-console-1.2.3.apk')).json.msg,
      '该安装包未发布到本服务器',
    );
  });

  it('published: the newest version names it, and it downloads as an attachment', async () => {
    mkdirSync(join(dataDir, 'downloads'), { recursive: true });
    const bytes = Buffer.from('PK\u0003\u0004 a package');
    writeFileSync(join(dataDir, 'downloads', 'ops-console-1.2.3.apk'), bytes);
    const apk = (await s.call('GET', `${NEWEST}com.ops.console`)).json.data;
    assert.equal(apk.versionName, '1.2.3');
    assert.equal(apk.url, '/downloads/ops-console-1.2.3.apk');
    const res = await fetch(`${s.url}${apk.url}`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/vnd.android.package-archive');
    assert.match(
      res.headers.get('content-disposition') ?? '',
      /^attachment; filename="ops-console-1\.2\.3\.apk"$/,
    );
    assert.deepEqual(Buffer.from(await res.arrayBuffer()), bytes);
    assert.equal((await s.call('GET', `${NEWEST}com.none`)).status, 404);
  });

  it('refuses names that are not one package file, and never leaves the folder', async () => {
    for (const path of [
      '/downloads/..%2Fconsole.sqlite',
      '/downloads/%2E%2E%2Fsigning.key',
      '/downloads/x.exe',
      '/downloads/.apk',
      `/downloads/${'a'.repeat(120)}.apk`,
    ]) {
      const res = await s.call('GET', path);
      assert.ok([400, 404].includes(res.status), `${path}: ${res.status}`);
      assert.notEqual(res.status, 200);
    }
  });
});
