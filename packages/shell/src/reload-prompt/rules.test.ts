import { expect } from '@esm-bundle/chai';
import { etagVersion, ifNoneMatch, type PromptFacts, recheckVersion, showPrompt } from './rules';

describe('reload prompt: when it shows', () => {
  const table: Array<[string, PromptFacts, boolean]> = [
    ['nothing heard yet', { page: 'a.0.b', latest: null, dismissed: null }, false],
    ['the page’s own version heard', { page: 'a.0.b', latest: 'a.0.b', dismissed: null }, false],
    ['another version heard', { page: 'a.0.b', latest: 'a.1.b', dismissed: null }, true],
    ['that version dismissed', { page: 'a.0.b', latest: 'a.1.b', dismissed: 'a.1.b' }, false],
    ['a newer one after a dismissal', { page: 'a.0.b', latest: 'a.2.b', dismissed: 'a.1.b' }, true],
    [
      'back to the page’s version (a rollback)',
      { page: 'a.0.b', latest: 'a.0.b', dismissed: 'a.1.b' },
      false,
    ],
    ['a page without a version', { page: null, latest: 'a.1.b', dismissed: null }, false],
  ];
  for (const [name, facts, shown] of table)
    it(`${name} -> ${shown ? 'shown' : 'hidden'}`, () => expect(showPrompt(facts)).to.equal(shown));
});

describe('reload prompt: the re-check of /importmap.json', () => {
  const etags: Array<[string | null, string | null]> = [
    ['"a.1.b"', 'a.1.b'],
    ['W/"a.1.b"', 'a.1.b'],
    [' "a.1.b" ', 'a.1.b'],
    ['a.1.b', null],
    ['""', null],
    ['"a b"', null],
    [null, null],
  ];
  for (const [etag, version] of etags)
    it(`ETag ${etag} -> ${version}`, () => expect(etagVersion(etag)).to.equal(version));

  const answers: Array<[number, string | null, string | null]> = [
    [200, '"a.1.b"', 'a.1.b'],
    [304, '"a.0.b"', null],
    [200, null, null],
    [500, '"a.1.b"', null],
    [0, null, null],
  ];
  for (const [status, etag, version] of answers)
    it(`${status} ${etag} -> ${version}`, () => expect(recheckVersion(status, etag)).to.equal(version));

  it('asks with the page’s version', () => expect(ifNoneMatch('a.0.b')).to.equal('"a.0.b"'));
});
