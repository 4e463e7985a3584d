import { expect } from '@esm-bundle/chai';
import {
  environmentReport,
  factsOf,
  filterRows,
  type ImportMapRow,
  importMapSummary,
  readImportMaps,
} from './rules';

const BASE = 'https://ops.example.com/market/cart';

const MAP = JSON.stringify({
  imports: {
    react: '/deps/react.BjkUXoVR.js',
    '@ops/shell': '/shell/shell.DkiuS-RK.js',
    '@ops/app-station-monitor': 'https://cdn.example.com/sm.js',
  },
  scopes: { '/apps/legacy/': { react: '/deps/react-18.js' } },
  integrity: {
    '/shell/shell.DkiuS-RK.js': 'sha384-shell',
    'https://ops.example.com/deps/react.BjkUXoVR.js': 'sha384-react',
  },
});

describe('environment: reading the import maps', () => {
  it('lists every specifier with its address, scope and integrity, imports first, sorted', () => {
    const { rows, problems, maps } = readImportMaps([{ text: MAP }], BASE);
    expect(maps).to.equal(1);
    expect(problems).to.deep.equal([]);
    expect(rows.map((r) => [r.scope, r.specifier, r.url, r.integrity !== null])).to.deep.equal([
      [null, '@ops/app-station-monitor', 'https://cdn.example.com/sm.js', false],
      [null, '@ops/shell', '/shell/shell.DkiuS-RK.js', true],
      [null, 'react', '/deps/react.BjkUXoVR.js', true],
      ['/apps/legacy/', 'react', '/deps/react-18.js', false],
    ]);
    // Addresses resolve against the page, and the integrity entry is found by the resolved address.
    expect(rows[1]).to.deep.equal({
      specifier: '@ops/shell',
      url: '/shell/shell.DkiuS-RK.js',
      resolved: 'https://ops.example.com/shell/shell.DkiuS-RK.js',
      scope: null,
      integrity: 'sha384-shell',
      map: 1,
      overridden: false,
    });
  });

  it('marks an entry a later map names again as overridden; the later integrity wins', () => {
    const later = JSON.stringify({
      imports: { '@ops/shell': '/shell/shell.pinned.js' },
      integrity: { '/shell/shell.pinned.js': 'sha384-pinned' },
    });
    const { rows } = readImportMaps([{ text: MAP }, { text: later }], BASE);
    const shell = rows.filter((r) => r.specifier === '@ops/shell');
    expect(shell.map((r) => [r.map, r.url, r.overridden, r.integrity])).to.deep.equal([
      [1, '/shell/shell.DkiuS-RK.js', true, 'sha384-shell'],
      [2, '/shell/shell.pinned.js', false, 'sha384-pinned'],
    ]);
    expect(importMapSummary(rows)).to.deep.equal({ total: 5, withIntegrity: 3, overridden: 1 });
  });

  it('reports maps it cannot read and skips bad entries, without throwing', () => {
    const reading = readImportMaps(
      [
        { text: '{ not json' },
        { text: '[1, 2]' },
        { text: '', src: '/importmap.json' },
        { text: JSON.stringify({ imports: { good: '/good.js', bad: 42 }, integrity: { '/good.js': 7 } }) },
        { text: JSON.stringify({ imports: 'nope' }) },
      ],
      BASE,
    );
    expect(reading.maps).to.equal(5);
    expect(reading.problems).to.deep.equal([
      { kind: 'invalid-json', map: 1 },
      { kind: 'not-object', map: 2 },
      { kind: 'external', map: 3, src: '/importmap.json' },
      { kind: 'bad-entry', map: 4, specifier: 'bad' },
    ]);
    expect(reading.rows.map((r) => [r.specifier, r.integrity])).to.deep.equal([['good', null]]);
  });

  it('no maps: no rows, nothing wrong', () => {
    expect(readImportMaps([], BASE)).to.deep.equal({ rows: [], problems: [], maps: 0 });
  });
});

describe('environment: filtering', () => {
  const { rows } = readImportMaps([{ text: MAP }], BASE);
  const specifiers = (list: ImportMapRow[]) => list.map((r) => `${r.scope ?? ''}${r.specifier}`);

  it('matches specifier, address or scope, ignoring case; every word must match', () => {
    expect(specifiers(filterRows(rows, 'SHELL'))).to.deep.equal(['@ops/shell']);
    expect(specifiers(filterRows(rows, 'cdn.example'))).to.deep.equal(['@ops/app-station-monitor']);
    expect(specifiers(filterRows(rows, 'legacy'))).to.deep.equal(['/apps/legacy/react']);
    expect(specifiers(filterRows(rows, 'react 18'))).to.deep.equal(['/apps/legacy/react']);
    expect(specifiers(filterRows(rows, 'react zzz'))).to.deep.equal([]);
  });

  it('a blank filter keeps every row', () => {
    expect(filterRows(rows, '   ')).to.deep.equal(rows);
  });
});

describe('environment: facts and the copied report', () => {
  const facts = factsOf(
    {
      tenantId: '100001',
      userInfo: {
        account: 'admin',
        real_name: '张伟',
        tenant_name: 'Hydro Demo',
        role_name: 'admin',
        dept_name: '运行部',
      },
      subStation: null,
    },
    { language: 'zh', userAgent: 'Mozilla/5.0 Test', origin: 'https://ops.example.com' },
  );

  it('reads the session view, leaving what it lacks empty', () => {
    expect(facts).to.deep.equal({
      tenantId: '100001',
      tenantName: 'Hydro Demo',
      account: 'admin',
      userName: '张伟',
      roleName: 'admin',
      deptName: '运行部',
      station: '',
      language: 'zh',
      userAgent: 'Mozilla/5.0 Test',
      origin: 'https://ops.example.com',
    });
    const empty = factsOf(
      { tenantId: '', userInfo: null, subStation: null },
      {
        language: 'en',
        userAgent: '',
        origin: '',
      },
    );
    expect(empty.account).to.equal('');
    expect(empty.language).to.equal('en');
  });

  it('is JSON of the facts and the rows shown, with the filter that chose them', () => {
    const { rows } = readImportMaps([{ text: MAP }], BASE);
    const shown = filterRows(rows, 'shell');
    const text = environmentReport({
      facts,
      rows: shown,
      problems: [],
      filter: ' shell ',
      time: new Date('2026-07-01T08:00:00Z'),
    });
    const report = JSON.parse(text);
    expect(report.time).to.equal('2026-07-01T08:00:00.000Z');
    expect(report.tenantId).to.equal('100001');
    expect(report.account).to.equal('admin');
    expect(report.userAgent).to.equal('Mozilla/5.0 Test');
    expect(report.importMap).to.deep.equal({
      filter: 'shell',
      entries: [
        {
          specifier: '@ops/shell',
          url: '/shell/shell.DkiuS-RK.js',
          resolved: 'https://ops.example.com/shell/shell.DkiuS-RK.js',
          scope: null,
          integrity: true,
          map: 1,
        },
      ],
      problems: [],
    });
    expect(text).to.contain('\n  "tenantId"');
    // Without a filter the report says nothing about one.
    expect(
      JSON.parse(environmentReport({ facts, rows, problems: [], filter: '', time: new Date() })).importMap,
    ).to.not.have.property('filter');
  });
});
