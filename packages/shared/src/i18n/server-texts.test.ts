import { expect } from '@esm-bundle/chai';
import { i18n, SERVER_NS, setLanguage, t } from './i18n';
import { createServerTextsLoader } from './server-texts';

describe('server texts loader', () => {
  afterEach(() => setLanguage('zh'));

  it('merges a prefix once per language and fetches it again after a language switch', async () => {
    setLanguage('zh');
    const prefix = `menu.test${Math.random().toString(36).slice(2)}.`;
    const calls: string[] = [];
    const loader = createServerTextsLoader(async (p, language) => {
      calls.push(language);
      return { [`${p}station`]: language === 'en_US' ? 'Station overview' : '电站总览' };
    });
    expect(await loader.load(prefix)).to.equal(1);
    expect(await loader.load(prefix)).to.equal(0, 'already merged for zh');
    expect(t(`${prefix}station`, { ns: SERVER_NS })).to.equal('电站总览');

    setLanguage('en');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).to.deep.equal(['zh_CN', 'en_US']);
    expect(i18n.t(`${prefix}station`, { ns: SERVER_NS, keySeparator: false } as never)).to.equal(
      'Station overview',
    );
    loader.dispose();
  });

  it('keeps the texts it had when a fetch fails', async () => {
    const prefix = `menu.fail${Math.random().toString(36).slice(2)}.`;
    const loader = createServerTextsLoader(async () => {
      throw new Error('offline');
    });
    const error = await loader.load(prefix).catch((e: Error) => e);
    expect((error as Error).message).to.equal('offline');
    loader.dispose();
  });
});
