import { expect } from '@esm-bundle/chai';
import { holdStylesheet, setLanguage } from '@ops/shared';
import { fireEvent, getRoles, within } from '@testing-library/dom';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import { flushSync } from 'react-dom';
import { byRole, waitFor } from '../../../../test/support/dom';
import { frameStylesheet as frameHref } from '../../../../test/support/frame-styles';
import { mount } from '../../test-support/dom';
import type { TagConfig } from './rules';
import { createTagStore, type TagStorage } from './store';
import { TagBar } from './tag-bar';

const config: TagConfig = { home: { path: '/index', label: '首页' }, systemType: 'manage' };

function memoryStorage(initial?: unknown): TagStorage & { value: unknown } {
  const storage = {
    value: initial,
    get: () => storage.value,
    set: (next: string) => {
      storage.value = next;
    },
  };
  return storage;
}

const LONG = '一二三四五六七八九十一二三四五六七八九十超长的页面名称';

/**
 * The bar over a store with the home tag and `pages` visited in order. `navigate` does what the chrome
 * does: the URL changes, and the chrome visits the page.
 */
function setup(
  pages: [path: string, label: string][] = [
    ['/a', '告警列表'],
    ['/b?x=1', '设备台账'],
    ['/c', '电站监视'],
  ],
  storage: TagStorage = memoryStorage(),
  width?: number,
) {
  const store = createTagStore({ config, storage });
  for (const [path, label] of pages) store.visit({ path, label });
  const navigations: string[] = [];
  let cleared = 0;
  const navigate = (path: string) => {
    navigations.push(path);
    store.visit({ path, label: path });
  };
  const view = mount(
    <div style={width ? { width: `${width}px` } : undefined}>
      <TagBar store={store} navigate={navigate} onClearCache={() => cleared++} />
    </div>,
  );
  const bar = () => byRole(view.container, 'tablist', '已打开页面')!;
  const tab = (name: string) => byRole(view.container, 'tab', name);
  const menu = () => document.querySelector<HTMLElement>('[role="menu"]');
  const menuOpen = () => menu() !== null;
  return {
    store,
    view,
    navigations,
    cleared: () => cleared,
    bar,
    tab,
    menu,
    menuOpen,
    tabNames: () =>
      within(bar())
        .queryAllByRole('tab')
        .map((element) => element.textContent),
    selected: () =>
      within(bar())
        .queryAllByRole('tab')
        .filter((element) => element.getAttribute('aria-selected') === 'true')
        .map((element) => element.textContent),
  };
}

/** Changes the store from outside React (the chrome visiting a page), and renders at once. */
const outside = (change: () => void) => flushSync(change);

/** After a click React renders in a microtask; a task later the DOM shows it. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function press(element: HTMLElement | null) {
  if (!element) throw new Error('nothing to press');
  element.click();
  await settle();
}

async function rightClick(element: Element | null) {
  if (!element) throw new Error('nothing to right-click');
  const rect = element.getBoundingClientRect();
  fireEvent.contextMenu(element, { button: 2, clientX: rect.left + 5, clientY: rect.top + 5 });
  await settle();
}

/**
 * What has the focus, by its accessible name (assertions compare strings: a failed comparison of DOM
 * elements would make the runner serialise React's internals).
 */
const focusName = () => {
  const element = document.activeElement;
  return element?.getAttribute('aria-label') ?? element?.textContent ?? null;
};

const itemOf = (menu: HTMLElement, name: string) => within(menu).getByRole('menuitem', { name });

/**
 * A tag's close control as a mouse user finds it: the cross with its tooltip ("关闭 <label>"). It is left
 * out of the accessibility tree (the tab closes on Delete), so it is not found by role.
 */
const closeControl = (root: ParentNode, title: string) =>
  Array.from(root.querySelectorAll<HTMLElement>('.ops-tag__close')).find((el) => el.title === title) ?? null;

describe('tag bar', () => {
  let cleanup: () => void = () => undefined;
  afterEach(() => {
    cleanup();
    cleanup = () => undefined;
  });

  it('shows a tablist of the open pages, the active one selected, one tab stop', () => {
    const bar = setup();
    cleanup = bar.view.unmount;
    expect(bar.bar()).to.not.equal(null);
    expect(bar.tabNames()).to.deep.equal(['首页', '告警列表', '设备台账', '电站监视']);
    expect(bar.selected()).to.deep.equal(['电站监视']);
    const stops = within(bar.bar())
      .getAllByRole('tab')
      .filter((element) => element.tabIndex === 0)
      .map((element) => element.textContent);
    expect(stops).to.deep.equal(['电站监视']);
  });

  it('follows the store: a visit adds a tag and selects it', () => {
    const bar = setup();
    cleanup = bar.view.unmount;
    outside(() => bar.store.visit({ path: '/d', label: '工单' }));
    expect(bar.tabNames()).to.deep.equal(['首页', '告警列表', '设备台账', '电站监视', '工单']);
    expect(bar.selected()).to.deep.equal(['工单']);
    outside(() => bar.store.visit({ path: '/a', label: 'ignored' }));
    expect(bar.selected()).to.deep.equal(['告警列表']);
  });

  it('a click on a tag opens its page (path plus query); the active tag opens nothing', async () => {
    const bar = setup();
    cleanup = bar.view.unmount;
    await press(bar.tab('设备台账'));
    expect(bar.navigations).to.deep.equal(['/b?x=1']);
    expect(bar.selected()).to.deep.equal(['设备台账']);
    await press(bar.tab('设备台账'));
    expect(bar.navigations).to.deep.equal(['/b?x=1']);
  });

  it('the tablist owns tabs alone (WAI-ARIA deletable tabs): the close buttons are out of its tree and tab order', () => {
    const bar = setup();
    cleanup = bar.view.unmount;
    // Every element of the accessibility tree under the tablist, by role (hidden ones are left out, as a
    // screen reader leaves them); containers without a role of their own do not count.
    const owned = Object.entries(getRoles(bar.bar()))
      .filter(([role]) => !['tablist', 'presentation', 'none', 'generic'].includes(role))
      .flatMap(([role, elements]) => elements.map((element) => `${role} ${element.textContent}`));
    expect(owned).to.deep.equal(['tab 首页', 'tab 告警列表', 'tab 设备台账', 'tab 电站监视']);
    const crosses = Array.from(bar.bar().querySelectorAll<HTMLElement>('.ops-tag__close'));
    expect(
      crosses.map((cross) => [cross.title, cross.tabIndex, cross.getAttribute('aria-hidden')]),
    ).to.deep.equal([
      ['关闭 告警列表', -1, 'true'],
      ['关闭 设备台账', -1, 'true'],
      ['关闭 电站监视', -1, 'true'],
    ]);
    expect(bar.tab('告警列表')?.getAttribute('aria-keyshortcuts'), 'the tab says Delete closes it').to.equal(
      'Delete',
    );
    expect(bar.tab('首页')?.hasAttribute('aria-keyshortcuts'), 'home does not close').to.equal(false);
  });

  it('the home tag while first has no close button; the others have one titled after them', () => {
    const bar = setup();
    cleanup = bar.view.unmount;
    const root = bar.view.container;
    expect(closeControl(root, '关闭 首页') === null, 'no close button on home').to.equal(true);
    for (const name of ['告警列表', '设备台账', '电站监视'])
      expect(closeControl(root, `关闭 ${name}`), name).to.not.equal(null);
  });

  it('a sole tag has no close button', () => {
    const bar = setup([]);
    cleanup = bar.view.unmount;
    expect(bar.tabNames()).to.deep.equal(['首页']);
    expect(bar.bar().querySelectorAll('.ops-tag__close').length).to.equal(0);
  });

  it('closing an inactive tag opens nothing; closing the active tag opens the previous one', async () => {
    const bar = setup();
    cleanup = bar.view.unmount;
    const root = bar.view.container;
    await press(closeControl(root, '关闭 告警列表'));
    expect(bar.tabNames()).to.deep.equal(['首页', '设备台账', '电站监视']);
    expect(bar.navigations).to.deep.equal([]);

    await press(closeControl(root, '关闭 电站监视'));
    expect(bar.navigations).to.deep.equal(['/b?x=1']);
    expect(bar.tabNames()).to.deep.equal(['首页', '设备台账']);
    expect(bar.selected()).to.deep.equal(['设备台账']);
    expect(closeControl(root, '关闭 设备台账'), 'two tags: the second can still close').to.not.equal(null);
  });

  it('cuts a label over 20 characters with an ellipsis; the name and the title keep it whole', () => {
    const bar = setup([['/long', LONG]]);
    cleanup = bar.view.unmount;
    const tab = bar.tab(LONG);
    expect(tab, 'named by the whole label').to.not.equal(null);
    expect(tab?.textContent).to.equal(`${Array.from(LONG).slice(0, 20).join('')}…`);
    expect(tab?.title).to.equal(LONG);
    expect(closeControl(bar.view.container, `关闭 ${LONG}`)).to.not.equal(null);
    expect(bar.tab('首页')?.hasAttribute('title'), 'a short label has no title').to.equal(false);
  });

  it('renders a label as text, never as markup', () => {
    const bar = setup([['/x', '<img src=x onerror=alert(1)>']]);
    cleanup = bar.view.unmount;
    expect(bar.tab('<img src=x onerror=alert(1)>')).to.not.equal(null);
    expect(bar.bar().querySelector('img') === null, 'no element made of the label').to.equal(true);
  });

  it('uses labelOf for the names when given', () => {
    const store = createTagStore({ config, storage: memoryStorage() });
    store.visit({ path: '/a', label: 'a', meta: { i18n: 'menu.a' } });
    const view = mount(
      <TagBar
        store={store}
        navigate={() => undefined}
        onClearCache={() => undefined}
        labelOf={(tag) => `${tag.label}!`}
      />,
    );
    cleanup = view.unmount;
    expect(byRole(view.container, 'tab', 'a!')).to.not.equal(null);
    expect(closeControl(view.container, '关闭 a!')).to.not.equal(null);
  });

  describe('context menu', () => {
    it('opens on right-click with the three actions, on the tag that was right-clicked', async () => {
      const bar = setup();
      cleanup = bar.view.unmount;
      await rightClick(bar.tab('告警列表'));
      const menu = await waitFor(() => bar.menu());
      expect(menu.getAttribute('aria-label')).to.equal('告警列表 的操作');
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((item) => item.textContent),
      ).to.deep.equal(['清除缓存', '关闭其他', '关闭全部']);
      for (const item of within(menu).getAllByRole('menuitem'))
        expect(item.getAttribute('aria-disabled'), item.textContent ?? '').to.equal('false');
      await waitFor(() => focusName() === '清除缓存');
      expect(bar.selected(), 'the active tag stays active').to.deep.equal(['电站监视']);
    });

    it('"close others" keeps home and the right-clicked tag, and opens it', async () => {
      const bar = setup();
      cleanup = bar.view.unmount;
      await rightClick(bar.tab('设备台账'));
      await press(itemOf(await waitFor(() => bar.menu()), '关闭其他'));
      expect(bar.menuOpen(), 'the menu closed').to.equal(false);
      expect(bar.tabNames()).to.deep.equal(['首页', '设备台账']);
      expect(bar.navigations).to.deep.equal(['/b?x=1']);
      expect(bar.selected()).to.deep.equal(['设备台账']);
      await waitFor(() => focusName() === '设备台账');
    });

    it('"close others" on the active tag opens nothing', async () => {
      const bar = setup();
      cleanup = bar.view.unmount;
      await rightClick(bar.tab('电站监视'));
      await press(itemOf(await waitFor(() => bar.menu()), '关闭其他'));
      expect(bar.tabNames()).to.deep.equal(['首页', '电站监视']);
      expect(bar.navigations).to.deep.equal([]);
    });

    it('"close all" keeps the home tag alone and opens it', async () => {
      const bar = setup();
      cleanup = bar.view.unmount;
      await rightClick(bar.tab('告警列表'));
      await press(itemOf(await waitFor(() => bar.menu()), '关闭全部'));
      expect(bar.tabNames()).to.deep.equal(['首页']);
      expect(bar.navigations).to.deep.equal(['/index']);
      expect(bar.selected()).to.deep.equal(['首页']);
      await waitFor(() => focusName() === '首页');
    });

    it('"clear cache" asks the caller and closes no tag', async () => {
      const bar = setup();
      cleanup = bar.view.unmount;
      await rightClick(bar.tab('告警列表'));
      await press(itemOf(await waitFor(() => bar.menu()), '清除缓存'));
      expect(bar.cleared()).to.equal(1);
      expect(bar.tabNames()).to.deep.equal(['首页', '告警列表', '设备台账', '电站监视']);
      expect(bar.navigations).to.deep.equal([]);
      expect(bar.menuOpen(), 'the menu closed').to.equal(false);
      await waitFor(() => focusName() === '告警列表');
    });

    it('entries that would change nothing are disabled and do nothing', async () => {
      const bar = setup([]);
      cleanup = bar.view.unmount;
      await rightClick(bar.tab('首页'));
      const menu = await waitFor(() => bar.menu());
      expect(itemOf(menu, '清除缓存').getAttribute('aria-disabled')).to.equal('false');
      for (const name of ['关闭其他', '关闭全部']) {
        const item = itemOf(menu, name);
        expect(item.getAttribute('aria-disabled'), name).to.equal('true');
        await press(item);
        expect(bar.menuOpen(), 'the menu stays open').to.equal(true);
      }
      expect(bar.navigations).to.deep.equal([]);
      expect(bar.tabNames()).to.deep.equal(['首页']);
    });

    it('opens on the close button too, and a press outside closes it', async () => {
      const bar = setup();
      cleanup = bar.view.unmount;
      await rightClick(closeControl(bar.view.container, '关闭 设备台账'));
      const menu = await waitFor(() => bar.menu());
      expect(menu.getAttribute('aria-label')).to.equal('设备台账 的操作');
      fireEvent.pointerDown(document.body);
      await waitFor(() => !bar.menuOpen());
      expect(bar.tabNames()).to.have.length(4);
    });

    it('closes when its tag is closed elsewhere', async () => {
      const bar = setup();
      cleanup = bar.view.unmount;
      await rightClick(bar.tab('告警列表'));
      await waitFor(() => bar.menu());
      outside(() => bar.store.close('/a'));
      await waitFor(() => !bar.menuOpen());
    });

    it('stays inside the window near its bottom right corner', async () => {
      const bar = setup();
      cleanup = bar.view.unmount;
      fireEvent.contextMenu(bar.tab('告警列表')!, {
        button: 2,
        clientX: window.innerWidth - 2,
        clientY: window.innerHeight - 2,
      });
      const menu = await waitFor(() => bar.menu());
      const rect = menu.getBoundingClientRect();
      expect(rect.right).to.be.at.most(window.innerWidth);
      expect(rect.bottom).to.be.at.most(window.innerHeight);
    });
  });

  describe('keyboard', () => {
    it('arrows, Home and End move between tags (roving tabindex); Enter opens the page', async () => {
      const bar = setup();
      cleanup = bar.view.unmount;
      bar.tab('电站监视')!.focus();
      await sendKeys({ press: 'ArrowLeft' });
      expect(focusName()).to.equal('设备台账');
      expect(bar.tab('设备台账')?.tabIndex).to.equal(0);
      expect(bar.tab('电站监视')?.tabIndex).to.equal(-1);
      await sendKeys({ press: 'Home' });
      expect(focusName()).to.equal('首页');
      await sendKeys({ press: 'ArrowLeft' });
      expect(focusName(), 'wraps to the last').to.equal('电站监视');
      await sendKeys({ press: 'ArrowRight' });
      expect(focusName(), 'wraps to the first').to.equal('首页');
      await sendKeys({ press: 'End' });
      await sendKeys({ press: 'ArrowLeft' });
      await sendKeys({ press: 'ArrowLeft' });
      expect(focusName()).to.equal('告警列表');
      expect(bar.navigations, 'moving opens nothing').to.deep.equal([]);
      await sendKeys({ press: 'Enter' });
      await settle();
      expect(bar.navigations).to.deep.equal(['/a']);
      expect(bar.selected()).to.deep.equal(['告警列表']);
    });

    it('the tab stop follows a new active tag (a page opened elsewhere)', async () => {
      const bar = setup();
      cleanup = bar.view.unmount;
      bar.tab('电站监视')!.focus();
      await sendKeys({ press: 'ArrowLeft' });
      expect(bar.tab('设备台账')?.tabIndex).to.equal(0);
      outside(() => bar.store.visit({ path: '/a', label: '告警列表' }));
      const stops = within(bar.bar())
        .getAllByRole('tab')
        .filter((element) => element.tabIndex === 0)
        .map((element) => element.textContent);
      expect(stops).to.deep.equal(['告警列表']);
    });

    it('Tab leaves the bar from its one tab stop', async () => {
      const bar = setup();
      cleanup = bar.view.unmount;
      const after = document.createElement('button');
      after.textContent = 'after';
      bar.view.container.append(after);
      bar.tab('首页')!.focus();
      await sendKeys({ press: 'Tab' });
      expect(focusName()).to.equal('after');
    });

    it('Delete closes the focused tag and the focus stays in the bar', async () => {
      const bar = setup();
      cleanup = bar.view.unmount;
      bar.tab('电站监视')!.focus();
      await sendKeys({ press: 'Delete' });
      await settle();
      expect(bar.tabNames()).to.deep.equal(['首页', '告警列表', '设备台账']);
      expect(bar.navigations).to.deep.equal(['/b?x=1']);
      await waitFor(() => focusName() === '设备台账');
      bar.tab('首页')!.focus();
      await sendKeys({ press: 'Delete' });
      await settle();
      expect(bar.tabNames(), 'the home tag stays').to.have.length(3);
    });

    it('Shift+F10 opens the menu on the focused tag; arrows move; Esc closes it back to the tag', async () => {
      const bar = setup();
      cleanup = bar.view.unmount;
      bar.tab('告警列表')!.focus();
      await sendKeys({ press: 'Shift+F10' });
      const menu = await waitFor(() => bar.menu());
      expect(menu.getAttribute('aria-label')).to.equal('告警列表 的操作');
      await waitFor(() => focusName() === '清除缓存');
      // Below the tag it was opened on.
      const tabRect = bar.tab('告警列表')!.getBoundingClientRect();
      expect(menu.getBoundingClientRect().top).to.be.at.least(tabRect.bottom);
      await sendKeys({ press: 'ArrowDown' });
      await waitFor(() => focusName() === '关闭其他');
      await sendKeys({ press: 'ArrowUp' });
      await waitFor(() => focusName() === '清除缓存');
      await sendKeys({ press: 'ArrowUp' });
      await waitFor(() => focusName() === '关闭全部');
      await sendKeys({ press: 'Escape' });
      await waitFor(() => !bar.menuOpen());
      await waitFor(() => focusName() === '告警列表');
      expect(bar.tabNames()).to.have.length(4);
      expect(bar.navigations).to.deep.equal([]);
    });

    it('the ContextMenu key opens the menu; Enter chooses on the tag it was opened on', async () => {
      const bar = setup();
      cleanup = bar.view.unmount;
      bar.tab('首页')!.focus();
      await sendKeys({ press: 'ArrowRight' });
      await sendKeys({ press: 'ContextMenu' });
      const menu = await waitFor(() => bar.menu());
      expect(menu.getAttribute('aria-label')).to.equal('告警列表 的操作');
      await waitFor(() => focusName() === '清除缓存');
      await sendKeys({ press: 'ArrowDown' });
      await waitFor(() => focusName() === '关闭其他');
      await sendKeys({ press: 'Enter' });
      await waitFor(() => !bar.menuOpen());
      expect(bar.tabNames()).to.deep.equal(['首页', '告警列表']);
      expect(bar.navigations).to.deep.equal(['/a']);
      await waitFor(() => focusName() === '告警列表');
    });
  });

  describe('persistence', () => {
    it('a second store over the same storage shows the same tags (a reload)', async () => {
      const storage = memoryStorage();
      const first = setup(undefined, storage);
      await press(closeControl(first.view.container, '关闭 告警列表'));
      await press(first.tab('设备台账'));
      first.view.unmount();

      const second = setup([], storage);
      cleanup = second.view.unmount;
      expect(second.tabNames()).to.deep.equal(['首页', '设备台账', '电站监视']);
      expect(second.selected()).to.deep.equal(['设备台账']);
    });

    it('corrupt storage gives the home tag alone', () => {
      const bar = setup([], memoryStorage('{"tags":[{"label":"x","value":"javascript:alert(1)"}],'));
      cleanup = bar.view.unmount;
      expect(bar.tabNames()).to.deep.equal(['首页']);
      expect(bar.selected()).to.deep.equal(['首页']);
    });
  });

  describe('language', () => {
    afterEach(() => flushSync(() => setLanguage('zh')));

    it('names the bar, the close buttons and the menu in the current language and follows a switch', async () => {
      const bar = setup();
      cleanup = bar.view.unmount;
      const root = bar.view.container;
      flushSync(() => setLanguage('en'));
      await waitFor(() => byRole(root, 'tablist', 'Open pages'));
      expect(closeControl(root, 'Close 告警列表')).to.not.equal(null);
      await rightClick(byRole(root, 'tab', '告警列表'));
      const menu = await waitFor(() => bar.menu());
      expect(menu.getAttribute('aria-label')).to.equal('Actions for 告警列表');
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((item) => item.textContent),
      ).to.deep.equal(['Clear cache', 'Close others', 'Close all']);
      await sendKeys({ press: 'Escape' });
      await waitFor(() => !bar.menuOpen());

      flushSync(() => setLanguage('zh'));
      await waitFor(() => byRole(root, 'tablist', '已打开页面'));
      expect(closeControl(root, '关闭 告警列表')).to.not.equal(null);
    });

    it('a new home label (setConfig on a language switch) renames the home tag', () => {
      const bar = setup();
      cleanup = bar.view.unmount;
      outside(() => bar.store.setConfig({ ...config, home: { path: '/index', label: 'Home' } }));
      expect(bar.tabNames()[0]).to.equal('Home');
    });
  });

  describe('layout (with the theme tokens)', () => {
    let releaseFrame: () => void = () => undefined;
    before(async () => {
      releaseFrame = holdStylesheet(frameHref);
      await setViewport({ width: 1366, height: 768 });
    });
    after(async () => {
      releaseFrame();
      await setViewport({ width: 800, height: 600 });
    });

    const pages = Array.from({ length: 30 }, (_, i): [string, string] => [
      `/page/${i}`,
      i % 5 === 0 ? `${LONG}${i}` : `页面 ${i}`,
    ]);
    /** The bar as the chrome lays it out at 1366 px: the window less the sidebar (210 px). */
    const width = 1366 - 210;

    it('is one row of the bar height; tags never overlap and stay inside it', async () => {
      const bar = setup(pages, memoryStorage(), width);
      cleanup = bar.view.unmount;
      const root = bar.view.container.querySelector<HTMLElement>('.ops-tag-bar')!;
      await waitFor(() => getComputedStyle(root).height === '40px');
      const rootRect = root.getBoundingClientRect();
      expect(rootRect.width).to.equal(width);
      const items = [...root.querySelectorAll<HTMLElement>('.ops-tag')];
      expect(items).to.have.length(31);
      let previousRight = Number.NEGATIVE_INFINITY;
      for (const item of items) {
        const rect = item.getBoundingClientRect();
        const name = item.textContent ?? '';
        expect(rect.left, name).to.be.greaterThan(previousRight);
        expect(rect.top, name).to.be.at.least(rootRect.top);
        expect(rect.bottom, name).to.be.at.most(rootRect.bottom);
        previousRight = rect.right;
        for (const part of item.children) {
          const inner = part.getBoundingClientRect();
          expect(inner.left, name).to.be.at.least(rect.left);
          expect(inner.right, name).to.be.at.most(rect.right + 0.5);
        }
      }
      const list = bar.bar();
      expect(list.scrollWidth, 'the row overflows and scrolls').to.be.greaterThan(list.clientWidth);
      expect(list.scrollHeight, 'never a second row').to.be.at.most(list.clientHeight);
    });

    it('scrolls the active tag into view', async () => {
      const bar = setup(pages, memoryStorage(), width);
      cleanup = bar.view.unmount;
      const list = bar.bar();
      await waitFor(() => getComputedStyle(list).overflowX === 'auto');
      const inView = (name: string) => {
        const rect = bar.tab(name)!.parentElement!.getBoundingClientRect();
        const box = list.getBoundingClientRect();
        return rect.left >= box.left && rect.right <= box.right;
      };
      outside(() => bar.store.visit({ path: '/page/29', label: 'x' }));
      await waitFor(() => inView('页面 29'));
      expect(list.scrollLeft).to.be.greaterThan(0);
      outside(() => bar.store.visit({ path: '/page/1', label: 'x' }));
      await waitFor(() => inView('页面 1'));
      outside(() => bar.store.visit({ path: '/page/29', label: 'x' }));
      await waitFor(() => inView('页面 29'));
    });

    it('the active tag is in the primary fill colour (AA under white text), the others on the surface', async () => {
      const bar = setup(pages.slice(0, 3), memoryStorage(), width);
      cleanup = bar.view.unmount;
      const active = bar.tab('页面 2')!.parentElement!;
      const other = bar.tab('页面 1')!.parentElement!;
      await waitFor(() => getComputedStyle(active).height === '26px');
      const colourOf = (value: string) => {
        const probe = document.createElement('span');
        probe.style.color = value;
        document.body.append(probe);
        const colour = getComputedStyle(probe).color;
        probe.remove();
        return colour;
      };
      expect(getComputedStyle(active).backgroundColor).to.equal(colourOf('var(--ops-primary-fill)'));
      expect(getComputedStyle(active).color).to.equal(colourOf('var(--ops-text-inverse)'));
      expect(getComputedStyle(other).backgroundColor).to.equal(colourOf('var(--ops-bg)'));
    });
  });
});
