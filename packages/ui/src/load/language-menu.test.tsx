import { expect } from '@esm-bundle/chai';
import { currentLanguage, type Http, type LanguageView, onLanguageChange, setLanguage } from '@ops/shared';
import { fireEvent } from '@testing-library/dom';
import { byRole, waitFor } from '../../../../test/support/dom';
import { cleanup, inAct, render } from '../../test-support';
import { LanguageMenu } from './language-menu';

const view: LanguageView = { current: currentLanguage, set: setLanguage, subscribe: onLanguageChange };

/** A client answering the `i18n_language` dictionary with `rows`, or failing when `rows` is an Error. */
function dictionaryHttp(rows: unknown[] | Error) {
  return {
    get: async () => {
      if (rows instanceof Error) throw rows;
      return { data: { code: 200, success: true, data: rows } };
    },
  } as unknown as Http;
}

const SEEDED = [
  { dictKey: 'zh_CN', dictValue: '简体中文', remark: 'Chinese' },
  { dictKey: 'en_US', dictValue: 'English', remark: 'English' },
];

async function mount(http: Http) {
  await render(<LanguageMenu language={view} http={http} tenantId="100001" className="probe" />);
  return document.body;
}

const names = (menu: HTMLElement) =>
  [...menu.querySelectorAll('[role="menuitemradio"]')].map((item) => [
    item.textContent,
    item.getAttribute('aria-checked'),
  ]);

describe('LanguageMenu', () => {
  afterEach(async () => {
    await cleanup();
    await inAct(() => setLanguage('zh'));
  });

  it('opens a menu of the dictionary’s languages named in themselves, the current one checked', async () => {
    const root = await mount(dictionaryHttp(SEEDED));
    const button = byRole(root, 'button', '语言') as HTMLElement;
    expect(button.getAttribute('aria-haspopup')).to.equal('menu');
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    fireEvent.click(button);
    const menu = await waitFor(() => byRole(root, 'menu', '语言'));
    expect(button.getAttribute('aria-expanded')).to.equal('true');
    expect(names(menu)).to.deep.equal([
      ['中文', 'true'],
      ['English', 'false'],
    ]);
    expect(document.activeElement).to.equal(byRole(menu, 'menuitemradio', '中文'));
  });

  it('switches the language in place and renames itself', async () => {
    const root = await mount(dictionaryHttp(SEEDED));
    fireEvent.click(byRole(root, 'button', '语言') as HTMLElement);
    const menu = await waitFor(() => byRole(root, 'menu', '语言'));
    await inAct(() => fireEvent.click(byRole(menu, 'menuitemradio', 'English') as HTMLElement));
    expect(currentLanguage()).to.equal('en');
    expect(byRole(root, 'menu', /.*/), 'the menu closes').to.equal(null);
    const button = await waitFor(() => byRole(root, 'button', 'Language'));
    expect(document.activeElement).to.equal(button);
  });

  it('shows only the languages the console has texts for, keeping the current one', async () => {
    const root = await mount(dictionaryHttp([{ dictKey: 'en_US' }, { dictKey: 'fr_FR' }]));
    fireEvent.click(byRole(root, 'button', '语言') as HTMLElement);
    const menu = await waitFor(() => byRole(root, 'menu', '语言'));
    await waitFor(() => names(menu).length === 2 && names(menu)[0]?.[0] === 'English');
    expect(names(menu)).to.deep.equal([
      ['English', 'false'],
      ['中文', 'true'],
    ]);
  });

  it('offers the console’s two languages when the dictionary cannot be read', async () => {
    const root = await mount(dictionaryHttp(new Error('offline')));
    fireEvent.keyDown(byRole(root, 'button', '语言') as HTMLElement, { key: 'ArrowDown' });
    const menu = await waitFor(() => byRole(root, 'menu', '语言'));
    expect(names(menu)).to.deep.equal([
      ['中文', 'true'],
      ['English', 'false'],
    ]);
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    await waitFor(() => document.activeElement === byRole(menu, 'menuitemradio', 'English'));
    fireEvent.keyDown(menu, { key: 'Escape' });
    await waitFor(() => !byRole(root, 'menu', '语言'));
    expect(document.activeElement).to.equal(byRole(root, 'button', '语言'));
  });
});
