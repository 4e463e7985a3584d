import { expect } from '@esm-bundle/chai';
import type { Http } from '../http/lazy-http';
import { NOTICE_API, readDictionary } from '../notices/notices';
import { LANGUAGE_DICTIONARY, languageChoices, languagesOfDictionary, withLanguage } from './choices';

const entries = (...keys: string[]) => keys.map((key) => ({ key }));

/** A client answering `dict/dictionary` with `rows` (or failing with `fail`), counting the calls. */
function fakeHttp(answer: () => unknown) {
  const asked: unknown[] = [];
  const http = {
    get: async (url: string, config?: { params?: unknown }) => {
      expect(url).to.equal(NOTICE_API.dictionary);
      asked.push(config?.params);
      return { data: { code: 200, success: true, data: answer() } };
    },
  } as unknown as Http;
  return { http, asked };
}

describe('the languages of the i18n_language dictionary (spec §3, §7)', () => {
  it('maps the keys to the console’s languages, in the dictionary’s order', () => {
    expect(languagesOfDictionary(entries('en_US', 'zh_CN'))).to.deep.equal(['en', 'zh']);
    expect(languagesOfDictionary(entries('zh-CN', 'ZH_tw', 'en'))).to.deep.equal(['zh', 'en']);
  });

  it('leaves out languages the console has no texts for', () => {
    expect(languagesOfDictionary(entries('fr_FR', 'en_US', 'ja_JP'))).to.deep.equal(['en']);
  });

  it('falls back to the console’s languages when the dictionary names none of them', () => {
    expect(languagesOfDictionary(null)).to.deep.equal(['zh', 'en']);
    expect(languagesOfDictionary([])).to.deep.equal(['zh', 'en']);
    expect(languagesOfDictionary(entries('fr_FR', ''))).to.deep.equal(['zh', 'en']);
  });

  it('reads the seeded rows (dictKey, dictValue) through the dictionary reader', () => {
    const rows = [
      { dictKey: 'zh_CN', dictValue: '简体中文', remark: 'Chinese' },
      { dictKey: 'en_US', dictValue: 'English', remark: 'English' },
    ];
    expect(languagesOfDictionary(readDictionary(rows))).to.deep.equal(['zh', 'en']);
  });

  it('keeps the current language in a menu’s list even where the dictionary lacks it', () => {
    expect(withLanguage(['en'], 'en')).to.deep.equal(['en']);
    expect(withLanguage(['en'], 'zh')).to.deep.equal(['en', 'zh']);
  });
});

describe('languageChoices', () => {
  it('reads the dictionary once per tenant and shares the answer', async () => {
    const { http, asked } = fakeHttp(() => [{ dictKey: 'en_US', dictValue: 'English' }]);
    const [a, b] = await Promise.all([languageChoices(http, '100001'), languageChoices(http, '100001')]);
    expect(a).to.deep.equal(['en']);
    expect(b).to.deep.equal(['en']);
    expect(asked).to.deep.equal([{ code: LANGUAGE_DICTIONARY }]);
    await languageChoices(http, '100002');
    expect(asked).to.have.length(2);
  });

  it('answers the console’s languages when the dictionary cannot be read, and asks again next time', async () => {
    let fail = true;
    const { http, asked } = fakeHttp(() => {
      if (fail) throw new Error('offline');
      return [{ dictKey: 'zh_CN', dictValue: '简体中文' }];
    });
    expect(await languageChoices(http, '100001')).to.deep.equal(['zh', 'en']);
    fail = false;
    expect(await languageChoices(http, '100001')).to.deep.equal(['zh']);
    expect(asked).to.have.length(2);
  });
});
