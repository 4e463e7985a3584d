import { expect } from '@esm-bundle/chai';
import { manualClock } from '../../test-support/clock';
import { MemoryStorage } from '../../test-support/memory-storage';
import { createBus } from '../bus/bus';
import type { SessionSnapshot } from '../bus/topics';
import { createSiteStorage, KEYS } from '../storage';
import { createSessionStore } from './session-store';
import type { UserInfo } from './state';

const user = {
  user_id: '7',
  account: 'op1',
  user_name: 'op1',
  real_name: 'Operator',
  nick_name: 'Op',
  avatar: '',
  role_name: 'operator,admin',
  tenant_id: '100001',
  deptId: '12',
  app_id: 'ops',
  isInit: 0,
  layoutState: null,
  oauth_id: '',
} satisfies UserInfo;

function setup(start = 1_000) {
  const clock = manualClock(start);
  const local = new MemoryStorage();
  const storage = createSiteStorage({
    prefix: 'saber-',
    local,
    session: new MemoryStorage(),
    now: clock.now,
  });
  const bus = createBus();
  const seen: (SessionSnapshot | null)[] = [];
  bus.on('session').subscribe((s) => seen.push(s));
  const make = () => createSessionStore({ storage, bus, clock });
  return { clock, local, storage, bus, seen, make };
}

describe('session store', () => {
  it('starts signed out and publishes null', () => {
    const { make, seen } = setup();
    const store = make();
    expect(store.get().token).to.equal('');
    expect(seen).to.deep.equal([null]);
  });

  it('persists tokens under the saber- names and restores them, token time included, after a reload', () => {
    const { make, local, clock } = setup(5_000);
    const store = make();
    store.setTokens({ access_token: 'a1', refresh_token: 'r1', hz_access_token: 'h1', tenant_id: '100001' });
    expect(JSON.parse(local.getItem('saber-access-token')!)).to.deep.equal({
      dataType: 'string',
      content: 'a1',
      datetime: 5_000,
    });
    expect(JSON.parse(local.getItem('saber-refresh-token')!).content).to.equal('r1');
    clock.advance(60_000);
    const reloaded = make().get();
    expect(reloaded).to.include({ token: 'a1', refreshToken: 'r1', hzToken: 'h1', tenantId: '100001' });
    expect(reloaded.tokenTime).to.equal(5_000);
  });

  it('reads what another app of the platform wrote in the BladeX shape', () => {
    const { make, local } = setup();
    local.setItem('saber-access-token', '{"dataType":"string","content":"tok","datetime":42}');
    local.setItem('saber-roles', '{"dataType":"object","content":["admin"],"datetime":42}');
    local.setItem('saber-permission', '{"dataType":"object","content":{"switch_add":true,"x":"yes"}}');
    local.setItem('saber-userInfo', '{"dataType":"string","content":"not an object"}');
    const state = make().get();
    expect(state.token).to.equal('tok');
    expect(state.tokenTime).to.equal(42);
    expect(state.roles).to.deep.equal(['admin']);
    expect(state.permission).to.deep.equal({ switch_add: true });
    expect(state.userInfo).to.equal(null);
  });

  it('publishes who is signed in on the bus, never a token, and only when that changes', () => {
    const { make, seen } = setup();
    const store = make();
    store.update({ token: 'a1', tenantId: '100001', userInfo: user, permission: { warring_log: true } });
    store.update({ menu: [{ id: '1', path: '/x' }] });
    expect(seen).to.have.length(2);
    const snapshot = seen[1]!;
    expect(snapshot).to.deep.include({ tenantId: '100001', userId: '7', account: 'op1', deptId: '12' });
    expect(snapshot.roles).to.deep.equal(['operator', 'admin']);
    expect(snapshot.permission).to.deep.equal({ warring_log: true });
    expect(JSON.stringify(seen)).to.not.contain('a1');
  });

  it('restarts the token time when a new token is stored', () => {
    const { make, clock } = setup(1_000);
    const store = make();
    store.setTokens({ access_token: 'a1', refresh_token: 'r1' });
    clock.advance(10_000);
    store.setTokens({ access_token: 'a2' });
    expect(store.get().tokenTime).to.equal(11_000);
    expect(store.get().refreshToken).to.equal('r1');
  });

  it('clears every persisted field on logout but keeps the platform login name', () => {
    const { make, local, seen } = setup();
    const store = make();
    store.update({ token: 'a1', refreshToken: 'r1', tenantId: '100001', userInfo: user, roles: ['x'] });
    local.setItem('loginUser', '{"dataType":"string","content":"op1"}');
    store.clear();
    expect(store.get().token).to.equal('');
    expect([...Array(local.length).keys()].map((i) => local.key(i))).to.deep.equal(['loginUser']);
    expect(seen.at(-1)).to.equal(null);
  });

  it('removes a field that became empty instead of storing an empty value', () => {
    const { make, local } = setup();
    const store = make();
    store.update({ dataAuthKey: 'k1' });
    store.update({ dataAuthKey: '' });
    expect(local.getItem('saber-dataAuthKey')).to.equal(null);
  });

  it("follows another tab's refresh and logout through storage events", () => {
    const { clock, local } = setup();
    const storage = createSiteStorage({
      prefix: 'saber-',
      local,
      session: new MemoryStorage(),
      now: clock.now,
    });
    const target = new EventTarget();
    const store = createSessionStore({ storage, clock, target: target as unknown as Window });
    const stop = store.listen();
    store.setTokens({ access_token: 'a1', refresh_token: 'r1' });

    const other = createSessionStore({ storage, clock });
    other.setTokens({ access_token: 'a2', refresh_token: 'r2' });
    expect(store.storedRefreshToken()).to.equal('r2');
    target.dispatchEvent(new StorageEvent('storage', { key: 'saber-access-token' }));
    expect(store.get()).to.include({ token: 'a2', refreshToken: 'r2' });

    other.clear();
    target.dispatchEvent(new StorageEvent('storage', { key: 'saber-access-token' }));
    expect(store.get().token).to.equal('');

    stop();
    other.setTokens({ access_token: 'a3' });
    target.dispatchEvent(new StorageEvent('storage', { key: 'saber-access-token' }));
    expect(store.get().token).to.equal('');
  });

  it('ignores storage events for keys that are not the session', () => {
    const { clock, local } = setup();
    const storage = createSiteStorage({
      prefix: 'saber-',
      local,
      session: new MemoryStorage(),
      now: clock.now,
    });
    const target = new EventTarget();
    const store = createSessionStore({ storage, clock, target: target as unknown as Window });
    store.listen();
    let changes = 0;
    store.state$.subscribe(() => changes++);
    target.dispatchEvent(new StorageEvent('storage', { key: 'saber-themeName' }));
    target.dispatchEvent(new StorageEvent('storage', { key: storage.fullName(KEYS.errorLog) }));
    expect(changes).to.equal(1);
  });
});
