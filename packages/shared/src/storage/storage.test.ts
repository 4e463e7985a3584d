import { expect } from '@esm-bundle/chai';
import { KEYS } from './keys';
import { decodeRecord, encodeRecord } from './record';
import { createSiteStorage } from './storage';

describe('stored record', () => {
  const cases: [string, string | null, unknown][] = [
    ['a string', '{"dataType":"string","content":"abc","datetime":5}', 'abc'],
    ['a number', '{"dataType":"number","content":3000,"datetime":5}', 3000],
    ['a number written as text', '{"dataType":"number","content":"42","datetime":5}', 42],
    ['a boolean written as text', '{"dataType":"boolean","content":"true","datetime":5}', true],
    ['false written as text', '{"dataType":"boolean","content":"false","datetime":5}', false],
    ['an object', '{"dataType":"object","content":{"a":[1]},"datetime":5}', { a: [1] }],
    ['null content', '{"dataType":"object","content":null,"datetime":5}', null],
    ['no dataType', '{"content":"x"}', 'x'],
  ];
  for (const [name, text, content] of cases) {
    it(`reads ${name}`, () => {
      expect(decodeRecord(text)?.content).to.deep.equal(content);
    });
  }

  for (const text of [null, '', 'not json', '"plain"', '{"dataType":"string"}', 'null', '42']) {
    it(`treats ${JSON.stringify(text)} as absent`, () => {
      expect(decodeRecord(text)).to.equal(undefined);
    });
  }

  it('writes the BladeX shape with the write time', () => {
    expect(JSON.parse(encodeRecord({ a: 1 }, 1234))).to.deep.equal({
      dataType: 'object',
      content: { a: 1 },
      datetime: 1234,
    });
    expect(JSON.parse(encodeRecord('t', 1))).to.deep.equal({ dataType: 'string', content: 't', datetime: 1 });
  });

  it('keeps the time of a record without a valid datetime as 0', () => {
    expect(decodeRecord('{"dataType":"string","content":"a","datetime":"soon"}')?.datetime).to.equal(0);
  });
});

describe('site storage', () => {
  afterEach(() => {
    for (const area of [localStorage, sessionStorage]) {
      for (const key of Object.keys(area))
        if (key.startsWith('t-') || key === 'loginUser') area.removeItem(key);
    }
  });

  it('writes tokens under the BladeX names with the site prefix, readable by other apps', () => {
    const storage = createSiteStorage({ prefix: 't-', now: () => 777 });
    storage.set(KEYS.token, 'abc');
    storage.set(KEYS.refreshToken, 'r1');
    expect(JSON.parse(localStorage.getItem('t-access-token')!)).to.deep.equal({
      dataType: 'string',
      content: 'abc',
      datetime: 777,
    });
    expect(storage.get(KEYS.refreshToken)).to.equal('r1');
    expect(storage.record(KEYS.token)?.datetime).to.equal(777);
  });

  it('uses the saber- prefix by default', () => {
    const storage = createSiteStorage();
    expect(storage.fullName(KEYS.userInfo)).to.equal('saber-userInfo');
    expect(storage.fullName(KEYS.token)).to.equal('saber-access-token');
    expect(storage.fullName(KEYS.loginUser)).to.equal('loginUser');
  });

  it('keeps the lock state in session storage and everything else in local storage', () => {
    const storage = createSiteStorage({ prefix: 't-' });
    storage.set(KEYS.isLock, true);
    storage.set(KEYS.tenantId, '100001');
    expect(sessionStorage.getItem('t-isLock')).to.not.equal(null);
    expect(localStorage.getItem('t-isLock')).to.equal(null);
    expect(localStorage.getItem('t-tenantId')).to.not.equal(null);
  });

  it('removes a key and answers undefined for a missing or corrupt one', () => {
    const storage = createSiteStorage({ prefix: 't-' });
    storage.set(KEYS.roles, ['admin']);
    storage.remove(KEYS.roles);
    expect(storage.get(KEYS.roles)).to.equal(undefined);
    localStorage.setItem('t-menu', '{broken');
    expect(storage.get(KEYS.menu)).to.equal(undefined);
  });

  it('reports a refused write instead of throwing', () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    } as unknown as Storage;
    const storage = createSiteStorage({ prefix: 't-', local: full });
    expect(storage.set(KEYS.menuAll, [1, 2])).to.equal(false);
  });

  it('recognises a storage event for one of its keys', () => {
    const storage = createSiteStorage({ prefix: 't-' });
    expect(storage.matches({ key: 't-access-token', storageArea: localStorage }, KEYS.token)).to.equal(true);
    expect(storage.matches({ key: 'saber-access-token', storageArea: localStorage }, KEYS.token)).to.equal(
      false,
    );
    expect(storage.matches({ key: null, storageArea: localStorage }, KEYS.token)).to.equal(true);
    expect(storage.matches({ key: 't-isLock', storageArea: localStorage }, KEYS.isLock)).to.equal(false);
  });
});
