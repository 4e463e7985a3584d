import { expect } from '@esm-bundle/chai';
import { byRole, waitFor } from '../../../../test/support/dom';
import { fieldByLabel, mount, submit, tick, type } from '../../test-support/dom';
import { pressEnterIn } from '../../test-support/keyboard';
import { shellTestServices } from '../../test-support/services';
import { LockDialog, lockNow } from './lock-dialog';
import { LockPage } from './lock-page';

describe('lock and unlock (spec §4 Lock)', () => {
  let cleanup: () => void = () => undefined;
  afterEach(() => cleanup());

  it('the lock dialog requires a password, locks and goes to the lock page', async () => {
    const fake = shellTestServices({});
    const view = mount(<LockDialog services={fake.services} open onClose={() => undefined} />);
    cleanup = view.unmount;
    const lock = await waitFor(() => byRole(view.container, 'button', '锁 屏'));
    submit(view.container);
    await waitFor(() => view.container.textContent?.includes('请输入锁屏密码'));
    expect(fake.lock.isLocked()).to.equal(false);
    type(fieldByLabel(view.container, '锁屏密码')!, 'secret');
    lock.click();
    await waitFor(() => fake.navigations.length > 0);
    expect(fake.navigations).to.deep.equal(['/lock']);
    expect(fake.lock.isLocked()).to.equal(true);
    await fake.lock.unlock('secret');
    expect(await lockNow(fake.services), 'with a password, locking is immediate').to.equal(true);
  });

  it('the public frame carries the login theme of spec §9 (one)', async () => {
    const fake = shellTestServices({}, 'en');
    await fake.lock.lock('secret');
    const view = mount(<LockPage services={fake.services} currentPath={() => '/lock'} />);
    cleanup = view.unmount;
    expect(view.container.querySelector('main')?.getAttribute('data-login-theme')).to.equal('one');
  });

  it('unlocks only with the right password (en)', async () => {
    const fake = shellTestServices({}, 'en');
    await fake.lock.lock('secret');
    const view = mount(<LockPage services={fake.services} currentPath={() => '/lock'} />);
    cleanup = view.unmount;
    expect(byRole(view.container, 'heading', 'Screen locked')).to.not.equal(null);
    type(fieldByLabel(view.container, 'Lock password')!, 'nope');
    submit(view.container);
    await waitFor(() => byRole(view.container, 'alert', 'Wrong lock password'));
    expect(fake.lock.isLocked()).to.equal(true);
    type(fieldByLabel(view.container, 'Lock password')!, 'secret');
    submit(view.container);
    await waitFor(() => fake.navigations.length > 0);
    expect(fake.navigations).to.deep.equal(['/']);
    expect(fake.lock.isLocked()).to.equal(false);
  });

  it('does not navigate again when the route guard already left the lock page on unlock', async () => {
    const fake = shellTestServices({});
    await fake.lock.lock('secret');
    const view = mount(<LockPage services={fake.services} currentPath={() => '/index'} />);
    cleanup = view.unmount;
    type(fieldByLabel(view.container, '锁屏密码')!, 'secret');
    submit(view.container);
    await waitFor(() => !fake.lock.isLocked());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fake.navigations).to.deep.equal([]);
  });

  it('Enter in the lock dialog locks with the typed password', async () => {
    const fake = shellTestServices({});
    let closed = 0;
    const view = mount(<LockDialog services={fake.services} open onClose={() => closed++} />);
    cleanup = view.unmount;
    // The dialog moves the focus into itself once it has opened.
    await tick(50);
    const password = fieldByLabel(view.container, '锁屏密码')!;
    await pressEnterIn(password);
    await waitFor(() => view.container.textContent?.includes('请输入锁屏密码'));
    expect(fake.lock.isLocked()).to.equal(false);
    type(password, 'secret');
    await pressEnterIn(password);
    await waitFor(() => fake.navigations.length > 0);
    expect(fake.navigations).to.deep.equal(['/lock']);
    expect(closed).to.equal(1);
    expect(fake.lock.isLocked()).to.equal(true);
    expect(await fake.lock.unlock('secret')).to.equal(true);
  });

  it('Enter on the lock page unlocks with the right password only', async () => {
    const fake = shellTestServices({});
    await fake.lock.lock('secret');
    const view = mount(<LockPage services={fake.services} currentPath={() => '/lock'} />);
    cleanup = view.unmount;
    const password = fieldByLabel(view.container, '锁屏密码')!;
    type(password, 'nope');
    await pressEnterIn(password);
    await waitFor(() => byRole(view.container, 'alert', '锁屏密码错误'));
    expect(fake.lock.isLocked()).to.equal(true);
    type(password, 'secret');
    await pressEnterIn(password);
    await waitFor(() => !fake.lock.isLocked());
    await tick(20);
    expect(fake.navigations, 'one Enter, one unlock').to.deep.equal(['/']);
  });
});
