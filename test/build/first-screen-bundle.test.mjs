import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { staticGraph } from '../../scripts/module-graph.mjs';

/**
 * The login page's first screen in one script (scripts/first-screen-bundle.mjs): index.html loads it after
 * SystemJS with its integrity, it registers every module the root config and the shell import statically
 * under that module's own URL, unchanged, and the files stay in dist where the import map names them.
 */
describe('first-screen bundle', () => {
  it('holds each module of the login path under its URL, and index.html loads it with its integrity', (t) => {
    if (!existsSync('dist/importmap.json')) return t.skip('no build: run npm run build first');
    const { imports } = JSON.parse(readFileSync('dist/importmap.json', 'utf8'));
    const html = readFileSync('dist/index.html', 'utf8');
    const tag =
      /<script defer fetchpriority="high" src="(\/first-screen\.[\w-]+\.js)" integrity="([^"]+)"><\/script>/.exec(
        html,
      );
    assert.ok(tag, 'index.html loads the first-screen bundle');
    const [, url, integrity] = tag;
    const bundle = readFileSync(`dist${url}`);
    assert.equal(integrity, `sha384-${createHash('sha384').update(bundle).digest('base64')}`);
    assert.ok(
      html.indexOf('system.min.js') < html.indexOf(url),
      'SystemJS comes first: the bundle registers with it',
    );
    assert.doesNotMatch(html, /rel="preload" as="script"/, 'no module is fetched twice');

    const text = bundle.toString('utf8');
    const files = staticGraph('dist', imports, ['@ops/root-config', '@ops/shell']);
    assert.ok(files.includes(imports['@ops/root-config']) && files.includes(imports['@ops/shell']));
    const registered = [...text.matchAll(/System\.register\(u\("([^"]+)"\),/g)].map((m) => m[1]);
    assert.deepEqual(registered.sort(), [...files].sort());
    for (const file of files) {
      const body = readFileSync(`dist${file}`, 'utf8')
        .replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '')
        .slice('System.register('.length);
      assert.ok(text.includes(`System.register(u(${JSON.stringify(file)}),${body}`), `${file} unchanged`);
    }
  });
});
