import { expect } from '@esm-bundle/chai';
import { clearSiteConfigCache, primeSiteConfig } from '../config/loader';
import { FIELD_LABELS, VALIDATION_KEYS } from '../validators/keys';
import { validateSiteSearch } from '../validators/site';
import { COMMON_TEXTS } from './common';
import {
  currentLanguage,
  hasServerTexts,
  hzLanguage,
  i18n,
  languageStorageKey,
  mergeServerTexts,
  onLanguageChange,
  registerTexts,
  restoreLanguage,
  setLanguage,
  subscribeTexts,
  t,
  textsVersion,
  validationMessage,
} from './i18n';

const KEY = 'Hz6Q2pRt8LwX4vNb';
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

afterEach(() => {
  setLanguage('zh');
  localStorage.removeItem('saber-language');
  clearSiteConfigCache();
});

describe('common namespace: the validators texts', () => {
  for (const language of ['zh', 'en'] as const) {
    it(`has a ${language} text for every validation key and field label`, () => {
      for (const key of VALIDATION_KEYS) {
        const text = i18n.getResource(language, 'common', key);
        expect(text, `${language} ${key}`).to.be.a('string').and.not.equal('');
      }
      for (const field of FIELD_LABELS) {
        expect(i18n.getResource(language, 'common', `field.${field}`), `${language} ${field}`).to.be.a(
          'string',
        );
      }
    });
  }

  it('holds no text for a key the validators do not know', () => {
    const known = new Set<string>(VALIDATION_KEYS);
    for (const key of Object.keys(COMMON_TEXTS.en.validation))
      expect(known.has(`validation.${key}`), key).to.equal(true);
  });

  it('uses the same placeholders in zh and en', () => {
    for (const key of VALIDATION_KEYS) {
      const name = key.slice('validation.'.length) as keyof typeof COMMON_TEXTS.zh.validation;
      expect(placeholders(COMMON_TEXTS.zh.validation[name]), key).to.deep.equal(
        placeholders(COMMON_TEXTS.en.validation[name]),
      );
    }
  });

  it('turns a failure into a sentence naming the field label in each language', () => {
    const failure = validateSiteSearch({ linkman: 'x'.repeat(21) });
    if (failure.ok) throw new Error('expected a failure');
    expect(validationMessage(failure)).to.equal('联系人不能超过 20 个字符');
    setLanguage('en');
    expect(validationMessage(failure)).to.equal('Contact must be at most 20 characters');
  });

  it('leaves no placeholder unresolved when every param is given', () => {
    const params = { field: 'common:field.password', min: 8, max: 16 };
    for (const language of ['zh', 'en'] as const) {
      setLanguage(language);
      for (const key of VALIDATION_KEYS) {
        const text = t(key, params);
        expect(text, `${language} ${key}`).to.not.match(/\{\{|\$t\(|validation\./);
      }
    }
  });
});

describe('language', () => {
  it('starts in zh with the zh_CN header value and <html lang="zh-CN">', () => {
    expect(currentLanguage()).to.equal('zh');
    expect(hzLanguage()).to.equal('zh_CN');
    expect(document.documentElement.lang).to.equal('zh-CN');
  });

  it('switches to en: header value, <html lang>, stored choice, and listeners', () => {
    const seen: string[] = [];
    const off = onLanguageChange((language) => seen.push(language));
    setLanguage('en');
    expect(currentLanguage()).to.equal('en');
    expect(hzLanguage()).to.equal('en_US');
    expect(document.documentElement.lang).to.equal('en');
    expect(localStorage.getItem('saber-language')).to.equal('en');
    expect(t('field.account')).to.equal('Account');
    setLanguage('en');
    expect(seen).to.deep.equal(['en']);
    off();
    setLanguage('zh');
    expect(seen).to.deep.equal(['en']);
    expect(localStorage.getItem('saber-language')).to.equal('zh');
  });

  it('refuses an unsupported language', () => {
    expect(() => setLanguage('fr' as never)).to.throw(RangeError);
    expect(currentLanguage()).to.equal('zh');
  });

  it('stores the choice under the site storage prefix once the config is loaded', () => {
    expect(languageStorageKey()).to.equal('saber-language');
    primeSiteConfig({ aesKey: KEY, storagePrefix: 'ops-' });
    expect(languageStorageKey()).to.equal('ops-language');
    setLanguage('en');
    expect(localStorage.getItem('ops-language')).to.equal('en');
    localStorage.removeItem('ops-language');
  });

  for (const stored of ['en', 'en_US', '"en"', '{"dataType":"string","content":"en","datetime":1}']) {
    it(`restores a stored ${stored}`, () => {
      localStorage.setItem('saber-language', stored);
      expect(restoreLanguage()).to.equal('en');
      expect(currentLanguage()).to.equal('en');
    });
  }

  it('keeps the current language when nothing usable is stored', () => {
    localStorage.setItem('saber-language', 'klingon');
    expect(restoreLanguage()).to.equal('zh');
  });

  it('keeps notifying the other listeners when one throws', () => {
    const saved = window.onerror;
    const reported: unknown[] = [];
    window.onerror = (_message, _source, _line, _column, error) => {
      reported.push(error);
      return true;
    };
    const seen: string[] = [];
    const offBad = onLanguageChange(() => {
      throw new Error('broken view');
    });
    const offGood = onLanguageChange((language) => seen.push(language));
    try {
      setLanguage('en');
    } finally {
      window.onerror = saved;
      offBad();
      offGood();
    }
    expect(seen).to.deep.equal(['en']);
    expect(reported).to.have.length(1);
  });
});

describe('registerTexts', () => {
  it('adds a package namespace and answers a t bound to it, falling back to common', () => {
    const before = textsVersion();
    const tt = registerTexts('test-pkg', {
      zh: { greeting: '你好，{{name}}', nested: { deep: '深' } },
      en: { greeting: 'Hello, {{name}}', nested: { deep: 'deep' } },
    });
    expect(textsVersion()).to.be.greaterThan(before);
    expect(tt('greeting', { name: '张三' })).to.equal('你好，张三');
    expect(tt('nested.deep')).to.equal('深');
    expect(tt('field.captcha')).to.equal('验证码');
    setLanguage('en');
    expect(tt('greeting', { name: 'Ann' })).to.equal('Hello, Ann');
    expect(t('test-pkg:nested.deep')).to.equal('deep');
  });

  it('merges later registrations into the namespace', () => {
    registerTexts('test-merge', { zh: { a: '甲', b: '乙' }, en: { a: 'A', b: 'B' } });
    const tt = registerTexts('test-merge', { zh: { b: '乙2' }, en: { b: 'B2' } });
    expect([tt('a'), tt('b')]).to.deep.equal(['甲', '乙2']);
  });

  it('notifies text subscribers on registration and on language change', () => {
    let calls = 0;
    const off = subscribeTexts(() => calls++);
    registerTexts('test-notify', { zh: { x: 'x' }, en: { x: 'x' } });
    setLanguage('en');
    off();
    setLanguage('zh');
    expect(calls).to.equal(2);
  });
});

describe('mergeServerTexts (hnac/sys/i18n/byPrefix)', () => {
  it('merges the { code: text } answer so menu keys resolve from any namespace', () => {
    const merged = mergeServerTexts('menu.', 'zh_CN', {
      'menu.station_overview': '电站总览',
      'menu.alarm.center': '告警中心',
    });
    expect(merged).to.equal(2);
    expect(t('menu.station_overview')).to.equal('电站总览');
    expect(t('menu.alarm.center')).to.equal('告警中心');
    const shell = registerTexts('test-shell', { zh: {}, en: {} });
    expect(shell('menu.station_overview')).to.equal('电站总览');
    expect(hasServerTexts('menu.', 'zh')).to.equal(true);
    expect(hasServerTexts('menu.', 'en_US')).to.equal(false);
  });

  it('keeps each language apart and notifies subscribers', () => {
    let calls = 0;
    const off = subscribeTexts(() => calls++);
    mergeServerTexts('route.', 'en_US', { 'route.info': 'Personal info' });
    mergeServerTexts('route.', 'zh', { 'route.info': '个人信息' });
    off();
    expect(calls).to.equal(2);
    expect(t('route.info')).to.equal('个人信息');
    setLanguage('en');
    expect(t('route.info')).to.equal('Personal info');
    expect(hasServerTexts('route.', 'en')).to.equal(true);
  });

  it('reads a [{ code, text }] list and skips entries that are not text', () => {
    const merged = mergeServerTexts('x.', 'en', [
      { code: 'x.one', text: 'One' },
      { code: 'x.two', value: 'Two' },
      { code: 'x.bad', text: 3 },
      { text: 'no code' },
    ]);
    expect(merged).to.equal(2);
    setLanguage('en');
    expect(t('x.two')).to.equal('Two');
    expect(mergeServerTexts('x.', 'en', { 'x.n': null, 'x.o': {} })).to.equal(0);
    expect(mergeServerTexts('x.', 'en', null)).to.equal(0);
  });

  it('does not override the shared texts of the same key', () => {
    mergeServerTexts('field.', 'zh', { 'field.account': '服务端账号' });
    expect(t('field.account')).to.equal('账号');
  });

  it('refuses an unknown language', () => {
    expect(() => mergeServerTexts('menu.', 'fr_FR', {})).to.throw(RangeError);
  });
});
