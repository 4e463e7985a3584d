import { expect } from '@esm-bundle/chai';
import { loadsOverrides } from './overrides-gate';
import { activeOverrides, overrideList, overridesStored } from './overrides-rules';

describe('import-map-overrides: the console’s rules', () => {
  const loads: Array<[boolean, boolean]> = [
    [false, true],
    [true, false],
  ];
  for (const [production, loaded] of loads)
    it(`production ${production} -> ${loaded ? 'loaded' : 'not loaded'}`, () =>
      expect(loadsOverrides({ production })).to.equal(loaded));

  const stored: Array<[string[], boolean]> = [
    [[], false],
    [['saber-access-token', 'devtools'], false],
    [['import-map-override:@ops/notices'], true],
    [['x', 'import-map-overrides-external-maps'], true],
    [['import-map-overrides-disabled'], false],
  ];
  for (const [keys, waits] of stored)
    it(`stored keys ${keys.join(', ') || '(none)'} -> ${waits ? 'wait for the tool' : 'load it later'}`, () =>
      expect(overridesStored(keys)).to.equal(waits));

  const maps: Array<[string, unknown, unknown[]]> = [
    ['no map', undefined, []],
    ['an empty map', { imports: {}, scopes: {} }, []],
    [
      'overrides, by specifier',
      {
        imports: {
          '@ops/shell': 'http://localhost:8500/shell.js',
          '@ops/notices': '//localhost:8080/notices.js',
        },
      },
      [
        { specifier: '@ops/notices', url: '//localhost:8080/notices.js' },
        { specifier: '@ops/shell', url: 'http://localhost:8500/shell.js' },
      ],
    ],
    ['junk values left out', { imports: { a: 3, b: '', c: '/c.js' } }, [{ specifier: 'c', url: '/c.js' }]],
    ['imports of the wrong kind', { imports: 'x' }, []],
  ];
  for (const [name, map, expected] of maps)
    it(name, () => expect(activeOverrides(map)).to.deep.equal(expected));

  it('lists up to three and counts the rest', () => {
    const many = ['a', 'b', 'c', 'd', 'e'].map((s) => ({ specifier: s, url: `/${s}.js` }));
    expect(overrideList(many)).to.deep.equal({ shown: 'a → /a.js, b → /b.js, c → /c.js', more: 2 });
    expect(overrideList(many.slice(0, 1))).to.deep.equal({ shown: 'a → /a.js', more: 0 });
    expect(overrideList([])).to.deep.equal({ shown: '', more: 0 });
  });
});
