import { expect } from '@esm-bundle/chai';
import { manualClock } from '../../test-support/clock';
import { MemoryStorage } from '../../test-support/memory-storage';
import { createSiteStorage } from '../storage';
import { createLockState, type LockState } from './lock';

/** One browser tab: its own session storage, the shared local storage, a real BroadcastChannel. */
function tab(channelName: string, account = 'op1') {
  const session = new MemoryStorage();
  const storage = createSiteStorage({ prefix: 'saber-', local: new MemoryStorage(), session });
  const channel = new BroadcastChannel(channelName);
  const clock = manualClock();
  const lock = createLockState({ storage, account: () => account, channel, clock });
  return { session, storage, channel, clock, lock };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

/** Waits for another tab's message to arrive (real BroadcastChannel delivery is asynchronous). */
async function until(check: () => boolean, ms = 3000): Promise<boolean> {
  const end = performance.now() + ms;
  while (!check() && performance.now() < end) await settle();
  return check();
}

describe('screen lock', () => {
  let opened: { lock: LockState; channel: BroadcastChannel }[] = [];
  const open = (name: string, account?: string) => {
    const t = tab(name, account);
    opened.push(t);
    return t;
  };
  afterEach(() => {
    for (const t of opened) {
      t.lock.dispose();
      t.channel.close();
    }
    opened = [];
  });

  it('requires a password the first time, then locks at once', async () => {
    const { lock } = open(`l-${Math.random()}`);
    let refused = false;
    await lock.lock().catch(() => (refused = true));
    expect(refused).to.equal(true);
    expect(lock.isLocked()).to.equal(false);
    await lock.lock('1234');
    expect(lock.isLocked()).to.equal(true);
    expect(await lock.unlock('1234')).to.equal(true);
    expect(lock.hasPassword()).to.equal(true);
    await lock.lock();
    expect(lock.isLocked()).to.equal(true);
  });

  it('keeps the flag and a salted hash in session storage, never the password', async () => {
    const { lock, session } = open(`l-${Math.random()}`);
    await lock.lock('secret-9');
    const stored = JSON.stringify(
      Object.fromEntries([0, 1].map((i) => [session.key(i), session.getItem(session.key(i)!)])),
    );
    expect(stored).to.contain('saber-isLock').and.contain('saber-lockPasswdHash');
    expect(stored).to.not.contain('secret-9');
    const record = JSON.parse(session.getItem('saber-lockPasswdHash')!);
    expect(record.content.hash).to.match(/^[0-9a-f]{64}$/);
  });

  it('refuses a wrong password and a password hashed for another account', async () => {
    const a = open(`l-${Math.random()}`, 'op1');
    await a.lock.lock('pw');
    expect(await a.lock.unlock('PW')).to.equal(false);
    expect(a.lock.isLocked()).to.equal(true);
    const b = tab('unused', 'op2');
    b.session.setItem('saber-lockPasswdHash', a.session.getItem('saber-lockPasswdHash')!);
    b.session.setItem('saber-isLock', a.session.getItem('saber-isLock')!);
    const other = createLockState({ storage: b.storage, account: () => 'op2', channel: null });
    expect(other.isLocked()).to.equal(true);
    expect(await other.unlock('pw')).to.equal(false);
    b.lock.dispose();
    b.channel.close();
  });

  it('locks and unlocks every open tab, and clears on login everywhere', async () => {
    const name = `l-${Math.random()}`;
    const a = open(name);
    const b = open(name);
    await a.lock.lock('pw');
    expect(await until(() => b.lock.isLocked())).to.equal(true);
    expect(await b.lock.unlock('pw')).to.equal(true);
    expect(await until(() => !a.lock.isLocked())).to.equal(true);
    a.lock.clear();
    expect(await until(() => !b.lock.hasPassword())).to.equal(true);
    expect(b.session.length).to.equal(0);
  });

  it('opens a new tab locked while another tab is locked', async () => {
    const name = `l-${Math.random()}`;
    const a = open(name);
    await a.lock.lock('pw');
    const c = open(name);
    expect(c.lock.isLocked()).to.equal(false);
    await c.lock.ready;
    expect(c.lock.isLocked()).to.equal(true);
    expect(await c.lock.unlock('pw')).to.equal(true);
  });

  it('is ready after a short wait when no other tab answers', async () => {
    const c = open(`l-${Math.random()}`);
    let ready = false;
    c.lock.ready.then(() => (ready = true));
    await settle();
    expect(ready).to.equal(false);
    c.clock.advance(150);
    expect(await until(() => ready)).to.equal(true);
    expect(c.lock.isLocked()).to.equal(false);
  });
});
