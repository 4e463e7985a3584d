import { expect } from '@esm-bundle/chai';
import { setLanguage } from '@ops/shared';
import { fireEvent, waitFor, within } from '@testing-library/dom';
import { sendKeys } from '@web/test-runner-commands';
import { useCallback } from 'react';
import { byRole } from '../../../../test/support/dom';
import { mount, type } from '../../test-support/dom';
import { buildMenu, leavesOf, type MenuItem } from '../menus/model';
import { useShellText } from '../shared/i18n';
import { MenuSearch } from './menu-search';
import { MENU_SEARCH_LIMIT } from './search';
import { MENU_SEARCH_TEXTS } from './texts';

const RAW = [
  {
    id: '1',
    name: '电站监视',
    icon: 'icon-station',
    children: [
      { id: '11', name: '机组监视', path: '/station-monitor/unit', icon: 'icon-monitor' },
      { id: '12', name: '告警监视', path: '/station-monitor/alarm', icon: 'icon-alarm' },
      { id: '13', name: '视频监视', path: '/video/index' },
    ],
  },
  {
    id: '2',
    name: '系统管理',
    children: [
      { id: '21', name: '用户管理', path: '/system/user', icon: 'icon-user' },
      { id: '22', name: 'Role Admin', path: '/system/role' },
    ],
  },
];
const LEAVES = leavesOf(buildMenu(RAW).items);
const EN: Record<string, string> = {
  '11': 'Unit monitor',
  '12': 'Alarm monitor',
  '13': 'Video monitor',
  '21': 'Users',
  '22': 'Role Admin',
};
const plainName = (item: MenuItem) => item.name;

/** 50 groups x 10 submenus x 10 leaves. */
function bigMenu(): unknown[] {
  const groups: unknown[] = [];
  for (let g = 0; g < 50; g++) {
    const subs: unknown[] = [];
    for (let s = 0; s < 10; s++) {
      const leaves: unknown[] = [];
      for (let l = 0; l < 10; l++) {
        const n = g * 100 + s * 10 + l;
        leaves.push({
          id: `leaf-${n}`,
          name: `Unit ${n} 机组`,
          path: `/app${g}/unit${n}`,
          icon: 'icon-unit',
        });
      }
      subs.push({ id: `sub-${g}-${s}`, name: `Sub ${g}-${s}`, children: leaves });
    }
    groups.push({ id: `group-${g}`, name: `Group ${g}`, children: subs });
  }
  return groups;
}

/** A caller as the chrome will be: names in the current language, a new `nameOf` when it changes. */
function Harness({ leaves, onOpen }: { leaves: readonly MenuItem[]; onOpen: (item: MenuItem) => void }) {
  const { lang } = useShellText(MENU_SEARCH_TEXTS);
  const nameOf = useCallback(
    (item: MenuItem) => (lang === 'en' ? (EN[item.id] ?? item.name) : item.name),
    [lang],
  );
  return <MenuSearch leaves={leaves} nameOf={nameOf} onOpen={onOpen} />;
}

const body = document.body;
const dialogNamed = (name: string) => byRole(body, 'dialog', name) as HTMLDialogElement | null;
/** The overlay once it is shown. */
const shownDialog = (name = '搜索菜单') =>
  waitFor(() => {
    const dialog = dialogNamed(name);
    expect(dialog, 'the overlay').to.not.equal(null);
    return dialog!;
  });
const optionNames = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByRole('option')
    .map((option) => option.querySelector('.ops-menu-search__name')!.textContent);
const selectedName = (dialog: HTMLElement) =>
  within(dialog).getByRole('option', { selected: true }).querySelector('.ops-menu-search__name')!.textContent;

describe('menu search overlay', () => {
  let cleanup: () => void = () => undefined;
  afterEach(() => {
    cleanup();
    cleanup = () => undefined;
    setLanguage('zh');
  });

  function setup(leaves: readonly MenuItem[] = LEAVES, nameOf = plainName) {
    setLanguage('zh');
    const opened: MenuItem[] = [];
    const view = mount(<MenuSearch leaves={leaves} nameOf={nameOf} onOpen={(item) => opened.push(item)} />);
    cleanup = view.unmount;
    const button = byRole(view.container, 'button', '搜索菜单')!;
    expect(button, 'the top-bar button').to.not.equal(null);
    return { view, opened, button };
  }

  async function openWithClick(button: HTMLElement, name = '搜索菜单') {
    button.click();
    const dialog = await shownDialog(name);
    const combobox = byRole(dialog, 'combobox', name) as HTMLInputElement;
    return { dialog, combobox };
  }

  it('renders a named icon button and no overlay until it is pressed', () => {
    const { button } = setup();
    expect(button.getAttribute('aria-haspopup')).to.equal('dialog');
    const glyph = button.querySelector('svg')!;
    expect(glyph.getAttribute('aria-hidden')).to.equal('true');
    expect(button.textContent).to.equal('');
    expect(byRole(body, 'dialog', '搜索菜单')).to.equal(null);
  });

  it('works by keyboard alone: Enter opens it, type, arrows wrap, Enter opens the option, focus returns', async () => {
    const { opened, button } = setup();
    button.focus();
    await sendKeys({ press: 'Enter' });
    const dialog = await shownDialog();
    expect(dialog.open, 'a native modal dialog').to.equal(true);
    expect(dialog.matches(':modal')).to.equal(true);
    const combobox = byRole(dialog, 'combobox', '搜索菜单') as HTMLInputElement;
    expect(document.activeElement, 'the combobox has the focus').to.equal(combobox);
    expect(combobox.placeholder).to.equal('输入菜单名称');
    expect(combobox.getAttribute('aria-expanded')).to.equal('false');

    await sendKeys({ type: '监视' });
    await waitFor(() => expect(optionNames(dialog)).to.deep.equal(['机组监视', '告警监视', '视频监视']));
    const listbox = byRole(dialog, 'listbox', '搜索结果')!;
    expect(combobox.getAttribute('aria-controls')).to.equal(listbox.id);
    expect(combobox.getAttribute('aria-expanded')).to.equal('true');
    // The first option is highlighted as the one Enter would open.
    expect(selectedName(dialog)).to.equal('机组监视');
    const activeId = () => combobox.getAttribute('aria-activedescendant');
    expect(activeId()).to.equal(within(dialog).getByRole('option', { name: '机组监视' }).id);

    await sendKeys({ press: 'ArrowDown' });
    await waitFor(() => expect(selectedName(dialog)).to.equal('告警监视'));
    expect(activeId()).to.equal(within(dialog).getByRole('option', { name: '告警监视' }).id);
    await sendKeys({ press: 'ArrowUp' });
    await sendKeys({ press: 'ArrowUp' });
    await waitFor(() =>
      expect(selectedName(dialog), 'up from the first wraps to the last').to.equal('视频监视'),
    );
    await sendKeys({ press: 'ArrowDown' });
    await waitFor(() =>
      expect(selectedName(dialog), 'down from the last wraps to the first').to.equal('机组监视'),
    );
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'ArrowDown' });
    await waitFor(() => expect(selectedName(dialog)).to.equal('视频监视'));
    expect(document.activeElement, 'the focus never left the combobox').to.equal(combobox);

    await sendKeys({ press: 'Enter' });
    await waitFor(() => expect(dialogNamed('搜索菜单')).to.equal(null));
    expect(opened.map((item) => item.id)).to.deep.equal(['13']);
    expect(opened[0]!.target).to.deep.equal({ kind: 'route', to: '/video/index' });
    expect(document.activeElement, 'the focus is back on the button').to.equal(button);
  });

  it('Enter without moving opens the first option; Esc closes without opening and gives the focus back', async () => {
    const { opened, button } = setup();
    button.focus();
    await sendKeys({ press: 'Enter' });
    const dialog = await shownDialog();
    await sendKeys({ type: '管理' });
    await waitFor(() => expect(optionNames(dialog)).to.deep.equal(['用户管理']));
    await sendKeys({ press: 'Enter' });
    await waitFor(() => expect(dialogNamed('搜索菜单')).to.equal(null));
    expect(opened.map((item) => item.id)).to.deep.equal(['21']);
    expect(document.activeElement).to.equal(button);

    // Reopened, it starts empty; Esc closes it.
    await sendKeys({ press: 'Enter' });
    const again = await shownDialog();
    const combobox = byRole(again, 'combobox', '搜索菜单') as HTMLInputElement;
    expect(combobox.value).to.equal('');
    await sendKeys({ type: '监' });
    await waitFor(() => expect(optionNames(again)).to.have.length(3));
    await sendKeys({ press: 'Escape' });
    await waitFor(() => expect(dialogNamed('搜索菜单')).to.equal(null));
    expect(opened, 'nothing more was opened').to.have.length(1);
    expect(document.activeElement).to.equal(button);
  });

  it('opens an option on click, and a click on the backdrop closes it', async () => {
    const { opened, button } = setup();
    const first = await openWithClick(button);
    type(first.combobox, 'role');
    await waitFor(() => expect(optionNames(first.dialog)).to.deep.equal(['Role Admin']));
    expect(within(first.dialog).getByRole('option', { name: 'Role Admin' }).textContent).to.include(
      '/system/role',
    );
    // The pointer moves the highlight too.
    type(first.combobox, '监视');
    await waitFor(() => expect(optionNames(first.dialog)).to.have.length(3));
    const alarm = within(first.dialog).getByRole('option', { name: '告警监视' });
    fireEvent.mouseMove(alarm);
    await waitFor(() => expect(selectedName(first.dialog)).to.equal('告警监视'));
    alarm.click();
    await waitFor(() => expect(dialogNamed('搜索菜单')).to.equal(null));
    expect(opened.map((item) => item.id)).to.deep.equal(['12']);
    expect(document.activeElement).to.equal(button);

    const second = await openWithClick(button);
    second.dialog.click();
    await waitFor(() => expect(dialogNamed('搜索菜单')).to.equal(null));
    expect(opened).to.have.length(1);
    expect(document.activeElement).to.equal(button);
  });

  it('shows each option with its icon (hidden from assistive technology), name and path', async () => {
    const { button } = setup();
    const { dialog, combobox } = await openWithClick(button);
    type(combobox, '机组');
    const option = await waitFor(() => within(dialog).getByRole('option', { name: '机组监视' }));
    const icon = option.querySelector('i')!;
    expect(icon.classList.contains('icon-monitor')).to.equal(true);
    // No icon font ships with the console: the name's first character is the mark.
    expect(icon.textContent).to.equal('机');
    expect(icon.getAttribute('aria-hidden')).to.equal('true');
    expect(option.querySelector('.ops-menu-search__path')!.textContent).to.equal('/station-monitor/unit');
    // The path describes the option; its name is the menu name.
    expect(document.getElementById(option.getAttribute('aria-describedby')!)!.textContent).to.equal(
      '/station-monitor/unit',
    );
    // The matched part of the name is marked, as text.
    expect(option.querySelector('mark')!.textContent).to.equal('机组');
    // Containers are not searched: 电站监视 has children.
    type(combobox, '电站');
    await waitFor(() => byRole(dialog, 'status', '无匹配菜单'));
  });

  it('says so when nothing matches, and says nothing for an empty query', async () => {
    const { button, opened } = setup();
    const { dialog, combobox } = await openWithClick(button);
    expect(byRole(dialog, 'status', '无匹配菜单')).to.equal(null);
    type(combobox, 'zzz');
    await waitFor(() => expect(byRole(dialog, 'status', '无匹配菜单')).to.not.equal(null));
    expect(within(dialog).queryAllByRole('option')).to.have.length(0);
    expect(combobox.getAttribute('aria-expanded')).to.equal('false');
    expect(combobox.hasAttribute('aria-activedescendant')).to.equal(false);
    // Enter and the arrows with no results do nothing.
    fireEvent.keyDown(combobox, { key: 'ArrowDown' });
    fireEvent.keyDown(combobox, { key: 'Enter' });
    expect(opened).to.have.length(0);
    expect(dialogNamed('搜索菜单')).to.not.equal(null);
    type(combobox, '   ');
    await waitFor(() => expect(byRole(dialog, 'status', '无匹配菜单')).to.equal(null));
  });

  it('leaves Enter and the arrows to an input method while it composes', async () => {
    const { button, opened } = setup();
    const { dialog, combobox } = await openWithClick(button);
    type(combobox, '监视');
    await waitFor(() => expect(optionNames(dialog)).to.have.length(3));
    fireEvent.keyDown(combobox, { key: 'ArrowDown', isComposing: true });
    fireEvent.keyDown(combobox, { key: 'Enter', isComposing: true });
    expect(selectedName(dialog)).to.equal('机组监视');
    expect(opened).to.have.length(0);
    expect(dialogNamed('搜索菜单')).to.not.equal(null);
  });

  it('shows names with markup as text, never as HTML', async () => {
    const raw = [
      { id: 'x1', name: '<img src=x onerror="window.__menuSearchXss=1">报表', path: '/report/a' },
      { id: 'x2', name: '<b>粗体</b>报表', path: '/report/b' },
      { id: 'x3', name: 'javascript:alert(1)', path: 'javascript:alert(1)' },
    ];
    const model = buildMenu(raw);
    const { button } = setup(leavesOf(model.items));
    const { dialog, combobox } = await openWithClick(button);
    type(combobox, '报表');
    await waitFor(() =>
      expect(optionNames(dialog)).to.deep.equal([
        '<img src=x onerror="window.__menuSearchXss=1">报表',
        '<b>粗体</b>报表',
      ]),
    );
    expect(dialog.querySelector('img, b')).to.equal(null);
    type(combobox, '<');
    await waitFor(() => expect(optionNames(dialog)).to.have.length(2));
    expect(dialog.querySelector('img, b')).to.equal(null);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((window as unknown as { __menuSearchXss?: number }).__menuSearchXss).to.equal(undefined);
    // The unsafe path never became an item (the model skips it), so it cannot be found.
    type(combobox, 'javascript');
    await waitFor(() => byRole(dialog, 'status', '无匹配菜单'));
  });

  it('speaks English and searches the names of the current language, following a switch while open', async () => {
    setLanguage('en');
    const opened: MenuItem[] = [];
    const view = mount(<Harness leaves={LEAVES} onOpen={(item) => opened.push(item)} />);
    cleanup = view.unmount;
    const button = byRole(view.container, 'button', 'Search menu')!;
    expect(button).to.not.equal(null);
    const { dialog, combobox } = await openWithClick(button, 'Search menu');
    expect(combobox.placeholder).to.equal('Type a menu name');
    type(combobox, 'ALARM');
    await waitFor(() => expect(optionNames(dialog)).to.deep.equal(['Alarm monitor']));
    expect(byRole(dialog, 'listbox', 'Search results')).to.not.equal(null);
    type(combobox, 'monitor');
    await waitFor(() =>
      expect(optionNames(dialog)).to.deep.equal(['Unit monitor', 'Alarm monitor', 'Video monitor']),
    );
    type(combobox, 'nothing like it');
    await waitFor(() => expect(byRole(dialog, 'status', 'No matching menu')).to.not.equal(null));

    // A switch to Chinese while open: the texts and the names searched follow.
    setLanguage('zh');
    await waitFor(() => expect(dialogNamed('搜索菜单')).to.not.equal(null));
    type(combobox, '告警');
    await waitFor(() => expect(optionNames(dialog)).to.deep.equal(['告警监视']));
    await sendKeys({ press: 'Enter' });
    await waitFor(() => expect(dialogNamed('搜索菜单')).to.equal(null));
    expect(opened.map((item) => item.id)).to.deep.equal(['12']);
  });

  it('searches a menu of 5,000 leaves: exact results, case-insensitive, at most 50 shown', async () => {
    const model = buildMenu(bigMenu());
    expect(model.problems).to.deep.equal([]);
    const leaves = leavesOf(model.items);
    expect(leaves).to.have.length(5000);
    const { button, opened } = setup(leaves);
    const { dialog, combobox } = await openWithClick(button);

    type(combobox, 'UNIT 4321');
    await waitFor(() => expect(optionNames(dialog)).to.deep.equal(['Unit 4321 机组']));
    const option = within(dialog).getByRole('option', { name: 'Unit 4321 机组' });
    expect(option.querySelector('.ops-menu-search__path')!.textContent).to.equal('/app43/unit4321');

    type(combobox, 'unit 432');
    await waitFor(() =>
      expect(optionNames(dialog)).to.deep.equal([
        'Unit 432 机组',
        ...Array.from({ length: 10 }, (_, i) => `Unit ${4320 + i} 机组`),
      ]),
    );

    // One character matches every leaf: the first 50, in menu order, and a note that there are more.
    type(combobox, 'u');
    await waitFor(() => expect(optionNames(dialog)).to.have.length(MENU_SEARCH_LIMIT));
    expect(optionNames(dialog)[0]).to.equal('Unit 0 机组');
    expect(optionNames(dialog)[49]).to.equal('Unit 49 机组');
    expect(byRole(dialog, 'status', /前 50 个结果/)).to.not.equal(null);
    // Up from the first wraps to the 50th and keeps it in view.
    fireEvent.keyDown(combobox, { key: 'ArrowUp' });
    await waitFor(() => expect(selectedName(dialog)).to.equal('Unit 49 机组'));
    const list = byRole(dialog, 'listbox', '搜索结果')!;
    const last = within(dialog).getByRole('option', { name: 'Unit 49 机组' });
    const listBox = list.getBoundingClientRect();
    const lastBox = last.getBoundingClientRect();
    expect(lastBox.bottom).to.be.at.most(listBox.bottom + 1);
    expect(lastBox.top).to.be.at.least(listBox.top - 1);
    // New results start at the top of the list again, the first highlighted.
    await waitFor(() => expect(list.scrollTop).to.be.above(0));
    type(combobox, 'un');
    await waitFor(() => expect(optionNames(dialog)).to.have.length(MENU_SEARCH_LIMIT));
    expect(list.scrollTop).to.equal(0);
    expect(selectedName(dialog)).to.equal('Unit 0 机组');
    fireEvent.keyDown(combobox, { key: 'ArrowUp' });
    await waitFor(() => expect(selectedName(dialog)).to.equal('Unit 49 机组'));
    fireEvent.keyDown(combobox, { key: 'Enter' });
    await waitFor(() => expect(opened.map((item) => item.id)).to.deep.equal(['leaf-49']));

    // Names that start with the query come before names that only contain it.
    const second = await openWithClick(button);
    type(second.combobox, '9 机组');
    await waitFor(() => expect(optionNames(second.dialog)).to.have.length(MENU_SEARCH_LIMIT));
    expect(optionNames(second.dialog).every((name) => name!.endsWith('9 机组'))).to.equal(true);
  });
});
