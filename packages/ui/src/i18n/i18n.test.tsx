import { expect } from '@esm-bundle/chai';
import { i18n, languageStorageKey, registerTexts, setLanguage } from '@ops/shared';
import { fireEvent, within } from '@testing-library/dom';
import { cleanup, findByShadowRole, inAct, render, shadowHost } from '../../test-support';
import { confirm } from '../dialog/confirm';
import { Pagination } from '../table/pagination';
import { UI_PART_TEXTS } from './part-texts';
import { UI_NS } from './texts';

const bundle = (language: 'zh' | 'en') => i18n.getResourceBundle(language, UI_NS) as Record<string, unknown>;

describe('ui texts', () => {
  afterEach(async () => {
    await cleanup();
    await inAct(() => setLanguage('zh'));
    localStorage.removeItem(languageStorageKey());
  });

  it('registers the same keys in zh and en, none of them empty', () => {
    const zh = Object.keys(bundle('zh')).sort();
    expect(zh).to.include('ok');
    expect(Object.keys(bundle('en')).sort()).to.deep.equal(zh);
    // i18next treats an empty text as missing and would show the zh text instead.
    for (const language of ['zh', 'en'] as const)
      for (const [key, text] of Object.entries(bundle(language)))
        expect(text, `${language}.${key}`).to.be.a('string').and.not.equal('');
  });

  it('renders in the page language and follows a switch while shown, outside any provider', async () => {
    const { container } = await render(<Pagination total={230} page={1} onChange={() => {}} jumper />);
    const pager = within(container).getByRole('navigation', { name: '分页' });
    expect(within(pager).getByText('共 230 条')).to.exist;
    expect(within(pager).getByRole('button', { name: '第 1 页' })).to.exist;
    expect(within(pager).getByRole('button', { name: '向后 5 页' })).to.exist;
    expect(within(pager).getByRole('spinbutton', { name: '前往页' }).closest('label')?.textContent).to.equal(
      '前往页',
    );

    await inAct(() => setLanguage('en'));
    expect(within(container).getByRole('navigation', { name: 'Pagination' })).to.equal(pager);
    expect(within(pager).getByText('Total 230')).to.exist;
    for (const name of ['Previous page', 'Page 1', 'Page 23', 'Next 5 pages', 'Next page'])
      expect(within(pager).getByRole('button', { name })).to.exist;
    expect(
      within(pager).getByRole('spinbutton', { name: 'Go to page' }).closest('label')?.textContent,
    ).to.equal('Go to');
  });

  it('shows texts registered later', async () => {
    const { container } = await render(<Pagination total={3} page={1} onChange={() => {}} />);
    expect(within(container).getByRole('navigation', { name: '分页' })).to.exist;
    try {
      await inAct(() => registerTexts(UI_NS, { zh: { pagination: '翻页' }, en: { pagination: 'Pages' } }));
      expect(within(container).getByRole('navigation', { name: '翻页' })).to.exist;
    } finally {
      await inAct(() => registerTexts(UI_NS, UI_PART_TEXTS));
    }
    expect(within(container).getByRole('navigation', { name: '分页' })).to.exist;
  });

  it('names the buttons of confirm() in English after a switch', async () => {
    await inAct(() => setLanguage('en'));
    const answer = confirm('Send the logs?');
    const dialog = shadowHost(await findByShadowRole(document.body, 'dialog', { name: 'Confirm' }));
    expect(within(dialog).getByText('Send the logs?')).to.exist;
    expect(within(dialog).getByRole('button', { name: 'OK' })).to.exist;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await answer).to.equal(false);
  });
});
