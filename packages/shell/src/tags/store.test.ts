import { expect } from '@esm-bundle/chai';
import { serializeTags, type TagConfig, type TagState } from './rules';
import { createTagStore, type TagStorage } from './store';

const config: TagConfig = { home: { path: '/index', label: '首页' }, systemType: 'manage' };
const en: TagConfig = { ...config, home: { path: '/index', label: 'Home' } };
const visual: TagConfig = { ...config, systemType: 'visual' };

/** An in-memory storage that records every write, as the site storage would keep it. */
function memoryStorage(initial?: unknown) {
  let value: unknown = initial;
  const writes: string[] = [];
  const storage: TagStorage = {
    get: () => value,
    set: (next) => {
      writes.push(next);
      value = next;
    },
  };
  return { storage, writes, current: () => value };
}

const values = (state: TagState) => state.tags.map((tag) => tag.value);
const page = (path: string, label = `label ${path}`) => ({ path, label });

describe('tag store', () => {
  it('starts with the home tag alone when nothing is stored, and writes nothing yet', () => {
    const { storage, writes } = memoryStorage();
    const store = createTagStore({ config, storage });
    expect(values(store.get())).to.deep.equal(['/index']);
    expect(store.get().active).to.equal('/index');
    expect(store.get().tags[0]?.label).to.equal('首页');
    expect(writes).to.deep.equal([]);
  });

  it('visits add tags, notify once per change and persist every change', () => {
    const { storage, writes } = memoryStorage();
    const store = createTagStore({ config, storage });
    let heard = 0;
    const stop = store.subscribe(() => heard++);
    store.visit(page('/a?y=2&x=1'));
    expect(values(store.get())).to.deep.equal(['/index', '/a?x=1&y=2']);
    expect(store.get().active).to.equal('/a?x=1&y=2');
    expect(heard).to.equal(1);
    expect(writes.at(-1)).to.equal(serializeTags(store.get()));

    const before = store.get();
    store.visit(page('/a?x=1&y=2'));
    expect(store.get(), 'the same page again changes nothing').to.equal(before);
    expect(heard).to.equal(1);
    expect(writes).to.have.length(1);

    stop();
    store.visit(page('/b'));
    expect(heard, 'an unsubscribed listener hears nothing').to.equal(1);
    expect(writes).to.have.length(2);
  });

  it('the snapshot stays the same object until a change (useSyncExternalStore)', () => {
    const store = createTagStore({ config, storage: memoryStorage().storage });
    expect(store.get()).to.equal(store.get());
  });

  it('close returns where to go when the active tag closes, nothing otherwise', () => {
    const store = createTagStore({ config, storage: memoryStorage().storage });
    store.visit(page('/a'));
    store.visit(page('/b'));
    store.visit(page('/c'));
    expect(store.close('/a'), 'an inactive tag').to.equal(undefined);
    expect(values(store.get())).to.deep.equal(['/index', '/b', '/c']);
    expect(store.close('/c'), 'the active tag opens the previous one').to.equal('/b');
    expect(store.get().active).to.equal('/b');
  });

  it('closing what cannot be closed changes nothing and notifies nobody', () => {
    const { storage, writes } = memoryStorage();
    const store = createTagStore({ config, storage });
    store.visit(page('/a'));
    let heard = 0;
    store.subscribe(() => heard++);
    const before = store.get();
    expect(store.close('/index'), 'the home tag while first').to.equal(undefined);
    expect(store.close('/nowhere')).to.equal(undefined);
    expect(store.get()).to.equal(before);
    expect(heard).to.equal(0);
    expect(writes).to.have.length(1);
  });

  it('acts on the target: close others, close all, clear cache', () => {
    const store = createTagStore({ config, storage: memoryStorage().storage });
    for (const path of ['/a', '/b', '/c']) store.visit(page(path));
    expect(store.menu('/a')).to.deep.equal({ clearCache: true, closeOthers: true, closeAll: true });

    expect(store.act('clearCache', '/a')).to.deep.equal({ clearCache: true });
    expect(values(store.get())).to.deep.equal(['/index', '/a', '/b', '/c']);

    expect(store.act('closeOthers', '/a')).to.deep.equal({ navigateTo: '/a' });
    expect(values(store.get())).to.deep.equal(['/index', '/a']);
    expect(store.get().active).to.equal('/a');
    expect(store.menu('/a').closeOthers, 'nothing left to close but home').to.equal(false);
    expect(store.act('closeOthers', '/a')).to.deep.equal({});

    expect(store.act('closeAll', '/a')).to.deep.equal({ navigateTo: '/index' });
    expect(values(store.get())).to.deep.equal(['/index']);
    expect(store.menu('/index')).to.deep.equal({ clearCache: true, closeOthers: false, closeAll: false });
  });

  it('restores from the same storage in a second store (a reload)', () => {
    const { storage } = memoryStorage();
    const first = createTagStore({ config, storage });
    first.visit(page('/a', 'Alpha'));
    first.visit(page('/b?q=1', 'Beta'));
    first.visit(page('/a', 'Alpha'));

    const second = createTagStore({ config, storage });
    expect(values(second.get())).to.deep.equal(['/index', '/a', '/b?q=1']);
    expect(second.get().tags.map((tag) => tag.label)).to.deep.equal(['首页', 'Alpha', 'Beta']);
    expect(second.get().active).to.equal('/a');
    expect(second.get().tags.map((tag) => tag.close)).to.deep.equal([false, true, true]);
  });

  it('reads a stored value that is already parsed', () => {
    const stored = JSON.parse(
      serializeTags({
        tags: [{ label: 'A', value: '/a', params: {}, query: {}, meta: {}, close: true }],
        active: '/a',
      }),
    );
    const store = createTagStore({ config, storage: memoryStorage(stored).storage });
    expect(values(store.get())).to.deep.equal(['/a']);
  });

  const corrupt: [string, unknown][] = [
    ['not JSON', '{"tags": [oops'],
    ['a number', 42],
    ['null', null],
    ['an object without tags', { active: '/a' }],
    ['tags that are all bad', JSON.stringify({ tags: [{ value: 'javascript:alert(1)', label: 'x' }, 7] })],
    ['only pages that may not have a tag', JSON.stringify([{ value: '/login', label: 'Login' }])],
  ];
  for (const [name, raw] of corrupt) {
    it(`starts with the home tag when storage holds ${name}`, () => {
      const store = createTagStore({ config, storage: memoryStorage(raw).storage });
      expect(values(store.get())).to.deep.equal(['/index']);
      expect(store.get().active).to.equal('/index');
    });
  }

  it('drops the bad entries of a stored list and keeps the good ones', () => {
    const raw = JSON.stringify({
      tags: [
        { label: 'A', value: '/a' },
        { label: 'evil', value: '//evil.example/x' },
        { label: 'Lock', value: '/lock' },
        { label: 42, value: '/n' },
        { label: 'A again', value: '/a' },
        { label: 'B', value: '/b', params: 'nope' },
        { label: 'C', value: '/c' },
      ],
      active: '/c',
    });
    const store = createTagStore({ config, storage: memoryStorage(raw).storage });
    expect(values(store.get())).to.deep.equal(['/a', '/c']);
    expect(store.get().active).to.equal('/c');
  });

  it('a storage that throws never breaks the bar', () => {
    const storage: TagStorage = {
      get() {
        throw new Error('denied');
      },
      set() {
        throw new Error('quota');
      },
    };
    const store = createTagStore({ config, storage });
    expect(values(store.get())).to.deep.equal(['/index']);
    store.visit(page('/a'));
    expect(values(store.get())).to.deep.equal(['/index', '/a']);
  });

  it('reset gives the home tag alone, first and active, and persists it', () => {
    const { storage, current } = memoryStorage();
    const store = createTagStore({ config, storage });
    store.visit(page('/a'));
    store.visit(page('/b'));
    let heard = 0;
    store.subscribe(() => heard++);
    store.reset();
    expect(values(store.get())).to.deep.equal(['/index']);
    expect(store.get().active).to.equal('/index');
    expect(heard).to.equal(1);
    expect(current()).to.equal(serializeTags(store.get()));
    store.reset();
    expect(heard, 'a second reset changes nothing').to.equal(1);
  });

  it('setConfig: a language switch relabels the home tag; nothing else changes, nothing if the same', () => {
    const { storage, current } = memoryStorage();
    const store = createTagStore({ config, storage });
    store.visit(page('/a', 'Alpha'));
    let heard = 0;
    store.subscribe(() => heard++);
    store.setConfig(en);
    expect(store.get().tags.map((tag) => tag.label)).to.deep.equal(['Home', 'Alpha']);
    expect(store.get().active).to.equal('/a');
    expect(heard).to.equal(1);
    expect(current()).to.equal(serializeTags(store.get()));
    const before = store.get();
    store.setConfig({ ...en });
    expect(store.get()).to.equal(before);
    expect(heard).to.equal(1);
  });

  it('setConfig: a new home page goes first and cannot be closed; the old one can', () => {
    const store = createTagStore({ config, storage: memoryStorage().storage });
    store.visit(page('/a'));
    store.visit(page('/site/index', 'Workbench'));
    store.setConfig({ ...config, home: { path: '/site/index', label: 'Workbench' } });
    expect(values(store.get())).to.deep.equal(['/site/index', '/index', '/a']);
    expect(store.get().tags.map((tag) => tag.close)).to.deep.equal([false, true, true]);
    expect(store.close('/index')).to.equal(undefined);
    expect(values(store.get())).to.deep.equal(['/site/index', '/a']);
    // The rules use the new config from now on.
    expect(store.config().home.path).to.equal('/site/index');
    store.visit(page('/a'));
    expect(store.act('closeAll', '/a')).to.deep.equal({ navigateTo: '/site/index' });
    expect(values(store.get())).to.deep.equal(['/site/index']);
  });

  it('setConfig: a page that became the lock page loses its tag', () => {
    const store = createTagStore({ config, storage: memoryStorage().storage });
    store.visit(page('/screen-lock'));
    store.visit(page('/a'));
    store.setConfig({ ...config, lockPage: '/screen-lock' });
    expect(values(store.get())).to.deep.equal(['/index', '/a']);
  });

  it('the visual system shows no tags and keeps the stored ones for the way back', () => {
    const { storage, current } = memoryStorage();
    const store = createTagStore({ config, storage });
    store.visit(page('/a'));
    const stored = current();
    store.setConfig(visual);
    expect(store.get().tags).to.deep.equal([]);
    store.visit(page('/b'));
    expect(store.get().tags).to.deep.equal([]);
    expect(current(), 'storage keeps the manage tags').to.equal(stored);

    store.setConfig(config);
    expect(values(store.get())).to.deep.equal(['/index', '/a']);
    expect(store.get().active).to.equal('/a');
  });

  it('a reset in the visual system clears the stored manage tags too', () => {
    const { storage } = memoryStorage();
    const store = createTagStore({ config, storage });
    store.visit(page('/a'));
    store.setConfig(visual);
    store.reset();
    store.setConfig(config);
    expect(values(store.get())).to.deep.equal(['/index']);
    expect(store.get().active).to.equal('/index');
  });

  it('a store created in the visual system is empty and leaves storage alone', () => {
    const { storage, writes } = memoryStorage(
      JSON.stringify({ tags: [{ label: 'A', value: '/a' }], active: '/a' }),
    );
    const store = createTagStore({ config: visual, storage });
    expect(store.get().tags).to.deep.equal([]);
    store.visit(page('/b'));
    expect(writes).to.deep.equal([]);
  });
});
