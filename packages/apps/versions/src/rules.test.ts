import { expect } from '@esm-bundle/chai';
import {
  type Change,
  checkIntegrity,
  checkPinForm,
  checkReason,
  checkSpecifier,
  checkUrl,
  differingCount,
  diffMaps,
  diffsOf,
  entryRows,
  formatAt,
  type HistoryEntry,
  isIndexPath,
  pinBody,
  readHistory,
  readScopeDetail,
  readScopes,
  rollbackTargets,
  type ScopeDetail,
  startingVersion,
} from './rules';

const INTEGRITY = `sha384-${'A'.repeat(64)}`;

describe('versions rules: the diff of two maps', () => {
  const table: Array<[string, Record<string, string>, Record<string, string>, unknown[]]> = [
    ['equal maps', { a: '/a.js' }, { a: '/a.js' }, []],
    ['a changed URL', { a: '/a.js' }, { a: '/a2.js' }, [{ specifier: 'a', from: '/a.js', to: '/a2.js' }]],
    ['an added entry', {}, { b: '/b.js' }, [{ specifier: 'b', from: null, to: '/b.js' }]],
    ['a removed entry', { b: '/b.js' }, {}, [{ specifier: 'b', from: '/b.js', to: null }]],
    [
      'several, by specifier',
      { z: '/z.js', a: '/a.js', m: '/m.js' },
      { a: '/a.js', m: '/m2.js', c: '/c.js' },
      [
        { specifier: 'c', from: null, to: '/c.js' },
        { specifier: 'm', from: '/m.js', to: '/m2.js' },
        { specifier: 'z', from: '/z.js', to: null },
      ],
    ],
    [
      'a key of Object.prototype',
      { constructor: '/c.js' },
      {},
      [{ specifier: 'constructor', from: '/c.js', to: null }],
    ],
  ];
  for (const [name, from, to, expected] of table) {
    it(name, () => expect(diffMaps(from, to)).to.deep.equal(expected));
  }
});

describe('versions rules: what a history entry changed', () => {
  const table: Array<[Change, unknown[]]> = [
    [{ kind: 'seed' }, []],
    [
      { kind: 'pin', specifier: '@ops/notices', from: null, to: '/assets/n/1/n.js' },
      [{ specifier: '@ops/notices', from: null, to: '/assets/n/1/n.js' }],
    ],
    [
      { kind: 'pin', specifier: '@ops/notices', from: '/a.js', to: '/b.js' },
      [{ specifier: '@ops/notices', from: '/a.js', to: '/b.js' }],
    ],
    [
      { kind: 'unpin', specifier: '@ops/notices', from: '/b.js' },
      [{ specifier: '@ops/notices', from: '/b.js', to: null }],
    ],
    [
      { kind: 'rollback', toVersion: 'abcd', entries: [{ specifier: 'x', from: '/x2.js', to: '/x.js' }] },
      [{ specifier: 'x', from: '/x2.js', to: '/x.js' }],
    ],
  ];
  for (const [change, expected] of table) {
    it(change.kind, () => expect(diffsOf(change)).to.deep.equal(expected));
  }
});

describe('versions rules: a scope entries and where a tenant differs from base', () => {
  const base = {
    imports: { '@ops/notices': '/notices/n.1.js', '@ops/shell': '/shell/s.1.js', react: '/vendor/react.js' },
    integrity: {},
  };
  const tenant: ScopeDetail = {
    scope: '100002',
    version: '1111111111111111',
    layer: { imports: { '@ops/notices': '/assets/notices/u1/n.js' }, integrity: {} },
    map: {
      imports: {
        react: '/vendor/react.js',
        '@ops/shell': '/shell/s.1.js',
        '@ops/notices': '/assets/notices/u1/n.js',
        '@ops/extra': '/extra.js',
      },
      integrity: {},
    },
  };

  it('a tenant: differing entries first with the base URL, then the rest by name', () => {
    const rows = entryRows(tenant, base);
    expect(rows).to.deep.equal([
      { specifier: '@ops/extra', url: '/extra.js', pinned: false, base: null, differs: true },
      {
        specifier: '@ops/notices',
        url: '/assets/notices/u1/n.js',
        pinned: true,
        base: '/notices/n.1.js',
        differs: true,
      },
      { specifier: '@ops/shell', url: '/shell/s.1.js', pinned: false, base: null, differs: false },
      { specifier: 'react', url: '/vendor/react.js', pinned: false, base: null, differs: false },
    ]);
    expect(differingCount(rows)).to.equal(2);
  });

  it('base itself: nothing differs, its own pins first', () => {
    const detail: ScopeDetail = {
      scope: 'base',
      version: '2222222222222222',
      layer: { imports: { react: '/vendor/react.js' }, integrity: {} },
      map: base,
    };
    const rows = entryRows(detail, null);
    expect(rows.map((r) => [r.specifier, r.pinned, r.differs])).to.deep.equal([
      ['react', true, false],
      ['@ops/notices', false, false],
      ['@ops/shell', false, false],
    ]);
    expect(differingCount(rows)).to.equal(0);
  });

  it('rollback targets: every version the scope had but the current one', () => {
    const history = readHistory([
      { id: 3, version: 'c', change: { kind: 'pin' } },
      { id: 2, version: 'b', change: { kind: 'pin' } },
      { id: 1, version: 'a', change: { kind: 'seed' } },
      { id: 0, version: 'b', change: { kind: 'rollback' } },
    ]);
    expect([...rollbackTargets(history, 'c')]).to.deep.equal(['b', 'a']);
  });

  it('starting version: the oldest change’s previous when no row names it and it is not current', () => {
    const pinned = readHistory([
      { id: 2, version: 'b', previous: 'a', change: { kind: 'pin' } },
      { id: 1, version: 'a', previous: 'e', change: { kind: 'pin' } },
    ]);
    const table: [string, HistoryEntry[], string, string | null][] = [
      ['a tenant that started empty', pinned, 'b', 'e'],
      ['back at the start', pinned, 'e', null],
      [
        'a row names it',
        readHistory([{ id: 1, version: 'a', previous: 'a', change: { kind: 'pin' } }]),
        'x',
        null,
      ],
      [
        'a seed row has no previous',
        readHistory([{ id: 1, version: 's', change: { kind: 'seed' } }]),
        'x',
        null,
      ],
      ['no history', [], 'x', null],
    ];
    for (const [name, history, current, start] of table)
      expect(startingVersion(history, current), name).to.equal(start);
  });
});

describe('versions rules: reading the API answers', () => {
  it('scopes: keeps the fields, fills the missing, refuses a non-list', () => {
    expect(
      readScopes([
        { scope: 'base', version: 'v', pins: 0 },
        { scope: '100001', tenantName: '水电', version: 'w', pins: 2 },
        'junk',
        { scope: '100002', version: 'x', pins: 'many' },
      ]),
    ).to.deep.equal([
      { scope: 'base', tenantName: '', version: 'v', pins: 0 },
      { scope: '100001', tenantName: '水电', version: 'w', pins: 2 },
      { scope: '100002', tenantName: '', version: 'x', pins: 0 },
    ]);
    expect(() => readScopes({ records: [] })).to.throw(TypeError);
  });

  it('a scope: string entries only; a body without scope or version is refused', () => {
    expect(
      readScopeDetail({
        scope: '100001',
        version: 'v',
        layer: { imports: { a: '/a.js', b: 3 }, integrity: { '/a.js': INTEGRITY } },
        map: { imports: { a: '/a.js' } },
      }),
    ).to.deep.equal({
      scope: '100001',
      version: 'v',
      layer: { imports: { a: '/a.js' }, integrity: { '/a.js': INTEGRITY } },
      map: { imports: { a: '/a.js' }, integrity: {} },
    });
    for (const bad of [null, [], { version: 'v' }, { scope: 'base' }])
      expect(() => readScopeDetail(bad)).to.throw(TypeError);
  });

  it('history: each kind of change; an unknown kind reads as a seed', () => {
    // A full row reads as it came (read from a copy, so the expectation stays as written).
    const pinned = {
      id: 2,
      scope: '100002',
      version: 'v2',
      previous: 'v1',
      actor: '000000/admin',
      at: '2026-11-23T21:00:00.000Z',
      reason: 'try the new bell',
      change: { kind: 'pin', specifier: '@ops/notices', from: null, to: '/n.js' },
    };
    const rows = readHistory([
      structuredClone(pinned),
      { id: 1, scope: '100002', version: 'v1', previous: null, actor: 'seed', change: { kind: 'odd' } },
    ]);
    expect(rows[0]).to.deep.equal(pinned);
    expect(rows[1]!.change).to.deep.equal({ kind: 'seed' });
    expect(rows[1]!.previous).to.equal(null);
    expect(() => readHistory('nope')).to.throw(TypeError);
  });
});

describe('versions rules: form validation', () => {
  const reasons: Array<[string, string | null]> = [
    ['a', null],
    ['roll out the new bell to 100002', null],
    ['x'.repeat(200), null],
    ['码'.repeat(200), null],
    ['😀'.repeat(200), null],
    ['', 'form.reasonRequired'],
    ['   ', 'form.reasonRequired'],
    ['x'.repeat(201), 'form.reasonTooLong'],
    ['<b>bold</b>', 'form.reasonChars'],
    ['use `this`', 'form.reasonChars'],
  ];
  for (const [value, error] of reasons) {
    it(`reason ${JSON.stringify(value.slice(0, 12))} (${value.length}) -> ${error ?? 'ok'}`, () => {
      const result = checkReason(value);
      expect(result.ok ? null : result.error).to.equal(error);
    });
  }

  const urls: Array<[string, string | null]> = [
    ['/notices/notices.abc.js', null],
    ['/assets/notices/0123456789ab/notices.js', null],
    ['https://cdn.example.com/notices.js', null],
    ['http://localhost:8080/notices.js', null],
    ['', 'form.urlRequired'],
    ['  ', 'form.urlRequired'],
    ['/', 'form.urlForm'],
    ['//cdn.example.com/x.js', 'form.urlForm'],
    ['notices.js', 'form.urlForm'],
    ['ftp://host/x.js', 'form.urlForm'],
    ['javascript:alert(1)', 'form.urlForm'],
    ['/a b.js', 'form.urlForm'],
    [' /a.js', 'form.urlForm'],
  ];
  for (const [value, error] of urls) {
    it(`url ${JSON.stringify(value)} -> ${error ?? 'ok'}`, () => {
      const result = checkUrl(value);
      expect(result.ok ? null : result.error).to.equal(error);
    });
  }

  const integrities: Array<[string, boolean]> = [
    ['', true],
    [INTEGRITY, true],
    [`sha384-${'a+/9'.repeat(16)}`, true],
    [`sha256-${'A'.repeat(64)}`, false],
    [`sha384-${'A'.repeat(63)}`, false],
    ['sha384-', false],
  ];
  for (const [value, ok] of integrities) {
    it(`integrity ${JSON.stringify(value.slice(0, 12))}… -> ${ok ? 'ok' : 'refused'}`, () =>
      expect(checkIntegrity(value).ok).to.equal(ok));
  }

  it('specifier: must be chosen and be in the map', () => {
    const known = ['@ops/notices', 'react'];
    expect(checkSpecifier('@ops/notices', known)).to.deep.equal({ ok: true });
    expect(checkSpecifier('', known)).to.deep.equal({ ok: false, error: 'form.specifierRequired' });
    expect(checkSpecifier('@ops/nope', known)).to.deep.equal({ ok: false, error: 'form.specifierUnknown' });
  });

  it('the pin form: the first failing field, and the body it sends', () => {
    const form = { specifier: '@ops/notices', url: '/n.js', integrity: '', reason: 'why' };
    expect(checkPinForm(form, ['@ops/notices'])).to.deep.equal({ ok: true });
    expect(checkPinForm({ ...form, url: 'x', reason: '' }, ['@ops/notices'])).to.deep.equal({
      ok: false,
      error: 'form.urlForm',
    });
    expect(pinBody(form)).to.deep.equal({ url: '/n.js', reason: 'why' });
    expect(pinBody({ ...form, integrity: INTEGRITY })).to.deep.equal({
      url: '/n.js',
      integrity: INTEGRITY,
      reason: 'why',
    });
  });
});

describe('versions rules: pages and times', () => {
  const paths: Array<[string, boolean]> = [
    ['/versions', true],
    ['/versions/', true],
    ['/versions/index', true],
    ['/versions/index/', true],
    ['/versions/other', false],
    ['/versionsx', false],
    ['/', false],
  ];
  for (const [path, index] of paths)
    it(`${path} -> ${index}`, () => expect(isIndexPath(path)).to.equal(index));

  it('formats an ISO time in local time; an unreadable one stays as it came', () => {
    const at = new Date(2026, 10, 23, 9, 5, 7).toISOString();
    expect(formatAt(at)).to.equal('2026-11-23 09:05:07');
    expect(formatAt('')).to.equal('');
    expect(formatAt('yesterday')).to.equal('yesterday');
  });
});
