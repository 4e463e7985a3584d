import { expect } from '@esm-bundle/chai';
import shipped from '../../../../public/site-config.json';
import {
  clearSiteConfigCache,
  currentSiteConfig,
  embeddedSiteConfig,
  type FetchLike,
  loadSiteConfig,
  primeSiteConfig,
} from './loader';
import { basicAuthHeader, DEFAULT_SITE_CONFIG, parseSiteConfig, SiteConfigError } from './site-config';

const KEY = 'Hz6Q2pRt8LwX4vNb';

function errorOf(raw: unknown): SiteConfigError {
  try {
    parseSiteConfig(raw);
  } catch (error) {
    expect(error).to.be.instanceOf(SiteConfigError);
    return error as SiteConfigError;
  }
  throw new Error('expected a SiteConfigError');
}

describe('site config: validation and defaults', () => {
  it('accepts the shipped public/site-config.json as it is', () => {
    const config = parseSiteConfig(shipped);
    // The file never says `production`: the server adds it to the config it embeds in the page.
    expect(config).to.deep.equal({ ...shipped, production: true });
  });

  it('reads production: the server’s word, true without it, a boolean only', () => {
    expect(parseSiteConfig({ aesKey: KEY }).production).to.equal(true);
    expect(parseSiteConfig({ aesKey: KEY, production: false }).production).to.equal(false);
    expect(parseSiteConfig({ aesKey: KEY, production: true }).production).to.equal(true);
    expect(errorOf({ aesKey: KEY, production: 'no' }).field).to.equal('production');
  });

  it('fills every default around the one required field, aesKey', () => {
    expect(parseSiteConfig({ aesKey: KEY })).to.deep.equal({ ...DEFAULT_SITE_CONFIG, aesKey: KEY });
    expect(DEFAULT_SITE_CONFIG).to.include({ storagePrefix: 'saber-', clientId: 'saber', tokenTime: 3000 });
  });

  it('reads the mobile app package: none by default, a package name when given', () => {
    expect(parseSiteConfig({ aesKey: KEY }).apkPackageName).to.equal('');
    expect(parseSiteConfig({ aesKey: KEY, apkPackageName: 'com.ops.console' }).apkPackageName).to.equal(
      'com.ops.console',
    );
  });

  it('reads social providers: a same-origin path or an https address; none by default', () => {
    expect(parseSiteConfig({ aesKey: KEY }).socialProviders).to.deep.equal([]);
    const providers = [
      { source: 'demo', name: 'Demo', authorizeUrl: '/api/blade-system/oauth/render/demo' },
      { source: 'wechat', name: '微信', authorizeUrl: 'https://open.example.com/connect' },
    ];
    expect(parseSiteConfig({ aesKey: KEY, socialProviders: providers }).socialProviders).to.deep.equal(
      providers,
    );
  });

  it('reads the frame origins as origins (a path or trailing slash dropped); none by default', () => {
    expect(parseSiteConfig({ aesKey: KEY }).frameOrigins).to.deep.equal([]);
    expect(
      parseSiteConfig({
        aesKey: KEY,
        frameOrigins: ['https://report.example.com/', 'http://10.0.0.8:8080/x'],
      }).frameOrigins,
    ).to.deep.equal(['https://report.example.com', 'http://10.0.0.8:8080']);
  });

  it('reads the deploy origins as origins; none by default', () => {
    expect(parseSiteConfig({ aesKey: KEY }).deployOrigins).to.deep.equal([]);
    expect(
      parseSiteConfig({ aesKey: KEY, deployOrigins: ['https://cdn.example.com/bundles/'] }).deployOrigins,
    ).to.deep.equal(['https://cdn.example.com']);
  });

  it('treats null like a missing field and ignores unknown fields', () => {
    const config = parseSiteConfig({ aesKey: KEY, clientId: null, futureFlag: true });
    expect(config.clientId).to.equal('saber');
    expect(config).to.not.have.property('futureFlag');
  });

  const bad: Array<[string, unknown, string, RegExp]> = [
    ['not an object', [], '', /JSON object/],
    ['aesKey missing', { aesKey: undefined }, 'aesKey', /required/],
    ['aesKey too short', { aesKey: 'short' }, 'aesKey', /16 bytes of UTF-8, got 5/],
    ['aesKey 16 characters but 18 bytes', { aesKey: '密钥0123456789abcd' }, 'aesKey', /got 20/],
    ['aesKey a number', { aesKey: 1234567890123456 }, 'aesKey', /string/],
    ['storagePrefix empty', { storagePrefix: '' }, 'storagePrefix', /1-32/],
    ['storagePrefix with a space', { storagePrefix: 'my app-' }, 'storagePrefix', /letters/],
    ['clientId blank', { clientId: '  ' }, 'clientId', /empty/],
    ['clientSecret a number', { clientSecret: 42 }, 'clientSecret', /string, got number/],
    ['lockPage relative', { lockPage: 'lock' }, 'lockPage', /single "\/"/],
    ['lockPage another host', { lockPage: '//evil.com/lock' }, 'lockPage', /single/],
    ['defaultHomePage a URL', { defaultHomePage: 'https://x.com/' }, 'defaultHomePage', /single/],
    ['homeButtons with an unknown code', { homeButtons: '1,4' }, 'homeButtons', /1, 2 or 3/],
    ['homeButtons a list', { homeButtons: [1, 2] }, 'homeButtons', /string/],
    ['manageSystemName of 51 characters', { manageSystemName: 'x'.repeat(51) }, 'manageSystemName', /50/],
    ['imsEnabled a string', { imsEnabled: 'true' }, 'imsEnabled', /true or false/],
    ['stationEnabled a number', { stationEnabled: 1 }, 'stationEnabled', /true or false/],
    ['tokenTime zero', { tokenTime: 0 }, 'tokenTime', /positive/],
    ['tokenTime a string', { tokenTime: '3000' }, 'tokenTime', /positive/],
    ['speech a string', { speech: 'x' }, 'speech', /object/],
    ['speech.apiKey a number', { speech: { apiKey: 5 } }, 'speech.apiKey', /string/],
    ['mediaOrigins not a list', { mediaOrigins: 'https://a.com' }, 'mediaOrigins', /list/],
    [
      'mediaOrigins with a bad entry',
      { mediaOrigins: ['https://a.com', 'javascript:x'] },
      'mediaOrigins[1]',
      /http/,
    ],
    ['mediaOrigins with a non-string', { mediaOrigins: [7] }, 'mediaOrigins[0]', /string/],
    ['frameOrigins with a bad entry', { frameOrigins: ['ftp://a.com'] }, 'frameOrigins[0]', /http/],
    [
      'deployOrigins with a bad entry',
      { deployOrigins: ['javascript:alert(1)'] },
      'deployOrigins[0]',
      /http/,
    ],
    [
      'excludedRedirects with a relative path',
      { excludedRedirects: ['/ok', 'app'] },
      'excludedRedirects[1]',
      /"\/"/,
    ],
    ['socialProviders not a list', { socialProviders: {} }, 'socialProviders', /list/],
    ['apkPackageName not a package', { apkPackageName: 'com ops/console' }, 'apkPackageName', /package/],
    ['a social provider not an object', { socialProviders: ['demo'] }, 'socialProviders[0]', /object/],
    [
      'a social provider with an upper-case source',
      { socialProviders: [{ source: 'WeChat', name: 'WeChat', authorizeUrl: '/oauth' }] },
      'socialProviders[0].source',
      /a-z/,
    ],
    [
      'a social provider without a name',
      { socialProviders: [{ source: 'wechat', name: ' ', authorizeUrl: '/oauth' }] },
      'socialProviders[0].name',
      /empty/,
    ],
    [
      'a social provider on plain http',
      {
        socialProviders: [{ source: 'wechat', name: 'WeChat', authorizeUrl: 'http://sso.example.com/auth' }],
      },
      'socialProviders[0].authorizeUrl',
      /https/,
    ],
    [
      'a social provider on a javascript: address',
      { socialProviders: [{ source: 'wechat', name: 'WeChat', authorizeUrl: 'javascript:alert(1)' }] },
      'socialProviders[0].authorizeUrl',
      /https/,
    ],
  ];
  for (const [name, fields, field, message] of bad) {
    it(`refuses ${name}, naming "${field || '(root)'}"`, () => {
      const raw = Array.isArray(fields) ? fields : { aesKey: KEY, ...(fields as object) };
      const error = errorOf(raw);
      expect(error.field).to.equal(field);
      expect(error.message).to.match(message);
      if (field) expect(error.message).to.contain(`"${field}"`);
    });
  }
});

describe('basicAuthHeader', () => {
  it('encodes clientId:clientSecret', () => {
    expect(basicAuthHeader({ clientId: 'saber', clientSecret: 'saber_secret' })).to.equal(
      'Basic c2FiZXI6c2FiZXJfc2VjcmV0',
    );
  });

  it('encodes non-Latin characters as UTF-8', () => {
    expect(basicAuthHeader({ clientId: '客户', clientSecret: 's' })).to.equal('Basic 5a6i5oi3OnM=');
  });
});

describe('loadSiteConfig', () => {
  afterEach(() => clearSiteConfigCache());

  function fakeFetch(body: unknown, status = 200) {
    const calls: Array<[string, RequestInit | undefined]> = [];
    const fetchImpl: FetchLike = async (input, init) => {
      calls.push([input, init]);
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      return new Response(text, { status, headers: { 'content-type': 'application/json' } });
    };
    return { fetchImpl, calls };
  }

  it('reads /site-config.json once and caches it', async () => {
    const { fetchImpl, calls } = fakeFetch({ aesKey: KEY, stationEnabled: true });
    expect(currentSiteConfig()).to.equal(null);
    const [a, b] = await Promise.all([loadSiteConfig(fetchImpl), loadSiteConfig(fetchImpl)]);
    const c = await loadSiteConfig(fetchImpl);
    expect(calls.map(([url]) => url)).to.deep.equal(['/site-config.json']);
    expect(a).to.equal(b);
    expect(c).to.equal(a);
    expect(a.stationEnabled).to.equal(true);
    expect(currentSiteConfig()).to.equal(a);
  });

  it('rejects with the bad field and retries on the next call', async () => {
    const broken = fakeFetch({ aesKey: 'short' });
    const error = await loadSiteConfig(broken.fetchImpl).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(SiteConfigError);
    expect((error as SiteConfigError).field).to.equal('aesKey');
    expect(currentSiteConfig()).to.equal(null);
    const fixed = fakeFetch({ aesKey: KEY });
    expect((await loadSiteConfig(fixed.fetchImpl)).aesKey).to.equal(KEY);
  });

  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => new Error('expected a rejection'),
      (e: Error) => e,
    );

  it('reports an HTTP failure, invalid JSON and a network error clearly', async () => {
    expect((await failure(loadSiteConfig(fakeFetch('not found', 404).fetchImpl))).message).to.contain(
      'HTTP 404',
    );
    expect((await failure(loadSiteConfig(fakeFetch('{ nope').fetchImpl))).message).to.contain(
      'not valid JSON',
    );
    const offline = await failure(loadSiteConfig(() => Promise.reject(new TypeError('Failed to fetch'))));
    expect(offline.message).to.contain('Failed to fetch');
  });

  it('answers a primed config without fetching', async () => {
    const config = primeSiteConfig(shipped);
    expect(await loadSiteConfig()).to.equal(config);
  });
});

describe('embeddedSiteConfig', () => {
  const page = (text: string | null) => ({
    getElementById: (id: string) =>
      id === 'ops-site-config' && text !== null ? ({ textContent: text } as HTMLElement) : null,
  });
  afterEach(() => clearSiteConfigCache());

  it('reads, validates and caches the config the server embedded in the page', async () => {
    const config = embeddedSiteConfig(page(JSON.stringify({ aesKey: '0123456789abcdef', title: '嵌入' })));
    expect(config?.title).to.equal('嵌入');
    expect(currentSiteConfig()?.title).to.equal('嵌入');
    expect((await loadSiteConfig(() => Promise.reject(new Error('no fetch expected')))).title).to.equal(
      '嵌入',
    );
  });

  it('answers null when the page embeds none, so the caller fetches it', () => {
    expect(embeddedSiteConfig(page(null))).to.equal(null);
  });

  it('names the problem when the embedded block is not valid JSON or not a valid config', () => {
    expect(() => embeddedSiteConfig(page('{oops'))).to.throw(SiteConfigError, /not valid JSON/);
    expect(() => embeddedSiteConfig(page('{"aesKey":"short"}'))).to.throw(SiteConfigError);
  });
});
