import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { urlAllowed } from '../src/deploy/check-url.ts';
import {
  canonicalJson,
  composeMap,
  diffLayers,
  emptyLayer,
  normalise,
  versionOf,
  withEntry,
  withoutEntry,
} from '../src/deploy/layer.ts';

describe('deploy layers: pure rules', () => {
  it('writes canonical JSON: keys sorted at every depth, undefined dropped', () => {
    const cases: [unknown, string][] = [
      [{ b: 1, a: { d: [2, { z: 1, y: 2 }], c: null } }, '{"a":{"c":null,"d":[2,{"y":2,"z":1}]},"b":1}'],
      [{ a: undefined, b: 'x' }, '{"b":"x"}'],
      ['s', '"s"'],
    ];
    for (const [value, text] of cases) assert.equal(canonicalJson(value), text);
  });

  it('addresses a version by its content: equal layers equal versions, per scope', () => {
    const a = { imports: { x: '/x.js', y: '/y.js' }, integrity: { '/x.js': 'sha384-a' } };
    const b = { integrity: { '/x.js': 'sha384-a' }, imports: { y: '/y.js', x: '/x.js' } };
    assert.equal(versionOf('100001', a), versionOf('100001', b));
    assert.match(versionOf('100001', a), /^[0-9a-f]{16}$/);
    assert.notEqual(versionOf('100001', a), versionOf('100002', a), 'the scope is part of the address');
    assert.notEqual(versionOf('base', emptyLayer()), versionOf('base', a));
    // Integrity of a URL the layer no longer imports is not part of it.
    assert.equal(
      versionOf('base', { ...a, integrity: { ...a.integrity, '/old.js': 'sha384-o' } }),
      versionOf('base', a),
    );
  });

  it('normalises what a seed file may hold: strings only, scopes kept, stray integrity dropped', () => {
    const raw = {
      imports: { a: '/a.js', b: 5 },
      integrity: { '/a.js': 'sha384-a', '/s.js': 'sha384-s', '/gone.js': 'sha384-g' },
      scopes: { '/apps/': { dep: '/s.js' }, '/empty/': {} },
    } as never;
    assert.deepEqual(normalise(raw), {
      imports: { a: '/a.js' },
      integrity: { '/a.js': 'sha384-a', '/s.js': 'sha384-s' },
      scopes: { '/apps/': { dep: '/s.js' } },
    });
  });

  it('pins and unpins one entry, and tells what differs', () => {
    const one = withEntry(emptyLayer(), '@ops/notices', '/n1.js', 'sha384-1');
    const two = withEntry(one, '@ops/notices', '/n2.js', 'sha384-2');
    assert.deepEqual(two, { imports: { '@ops/notices': '/n2.js' }, integrity: { '/n2.js': 'sha384-2' } });
    assert.deepEqual(withoutEntry(two, '@ops/notices'), emptyLayer());
    assert.deepEqual(diffLayers(one, two), [{ specifier: '@ops/notices', from: '/n1.js', to: '/n2.js' }]);
    assert.deepEqual(diffLayers(two, emptyLayer()), [
      { specifier: '@ops/notices', from: '/n2.js', to: null },
    ]);
    assert.deepEqual(diffLayers(two, two), []);
  });

  it('composes build ⊕ base ⊕ tenant: later layers win, integrity from the layer, else computed, else the build', () => {
    const build = {
      imports: { a: '/a.1.js', b: '/b.1.js', c: '/c.1.js' },
      integrity: { '/a.1.js': 'sha384-a1', '/b.1.js': 'sha384-b1', '/c.1.js': 'sha384-c1' },
    };
    const base = { imports: { a: '/a.2.js', b: '/b.2.js' }, integrity: { '/a.2.js': 'sha384-a2' } };
    const tenant = { imports: { a: '/a.3.js' }, integrity: { '/a.3.js': 'sha384-a3' } };
    const computed = (url: string) => (url === '/b.2.js' ? 'sha384-b2-computed' : null);
    assert.deepEqual(composeMap(build, [base, tenant], computed), {
      imports: { a: '/a.3.js', b: '/b.2.js', c: '/c.1.js' },
      integrity: {
        '/a.1.js': 'sha384-a1',
        '/b.1.js': 'sha384-b1',
        '/c.1.js': 'sha384-c1',
        '/a.2.js': 'sha384-a2',
        '/b.2.js': 'sha384-b2-computed',
        '/a.3.js': 'sha384-a3',
      },
    });
    assert.deepEqual(composeMap(build, [emptyLayer()], computed), build, 'an empty layer changes nothing');
  });

  it('allows same-origin paths and allowlisted http(s) origins only', () => {
    const origins = ['https://cdn.example.com', 'http://127.0.0.1:9000'];
    const cases: [string, 'same-origin' | 'remote' | null][] = [
      ['/notices/notices.Ab12.js', 'same-origin'],
      ['/assets/notices/0123456789ab/n.js', 'same-origin'],
      ['/deps/systemjs@6.15.1/system.js', 'same-origin'],
      ['//cdn.example.com/x.js', null],
      ['/a/../b.js', null],
      ['/a/./b.js', null],
      ['/.env', null],
      ['/%2e%2e/x.js', null],
      ['/x.js?v=1', null],
      ['/x.js#f', null],
      ['/x\\y.js', null],
      ['https://cdn.example.com/x.js', 'remote'],
      ['https://CDN.example.com/x.js', 'remote'],
      ['https://cdn.example.com:443/x.js', 'remote'],
      ['https://cdn.example.com.evil.io/x.js', null],
      ['http://cdn.example.com/x.js', null],
      ['https://u:p@cdn.example.com/x.js', null],
      ['https://cdn.example.com/x.js#frag', null],
      ['http://127.0.0.1:9000/x.js', 'remote'],
      ['http://127.0.0.1:9001/x.js', null],
      ['javascript:alert(1)', null],
      ['data:text/javascript,1', null],
      ['notices.js', null],
      ['', null],
    ];
    for (const [url, expected] of cases) assert.equal(urlAllowed(url, origins), expected, url);
  });
});
