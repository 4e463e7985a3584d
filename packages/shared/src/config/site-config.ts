/** The site configuration served as `/site-config.json`: one file per deployment, read once at start. */

export interface SpeechCredentials {
  appId: string;
  apiKey: string;
  apiSecret: string;
  url: string;
}

/** A sign-in provider of the social tab: the console sends the browser to `authorizeUrl` and back. */
export interface SocialProvider {
  /** The `source` of the social grant (`demo`, `wechat`, ...). */
  source: string;
  /** The name on the provider's button. */
  name: string;
  /** The provider's authorization address: a same-origin path or an https URL. */
  authorizeUrl: string;
}

export interface SiteConfig {
  /** Prefix of every storage key (`saber-access-token`, ...), shared with the platform's other apps. */
  storagePrefix: string;
  clientId: string;
  clientSecret: string;
  lockPage: string;
  title: string;
  manageSystemName: string;
  visualSystemName: string;
  /** IMS feature flag: phone change, station change, help document and the visual system entry. */
  imsEnabled: boolean;
  /** Station flag: site switch and return-to-main-site. */
  stationEnabled: boolean;
  defaultHomeAppCode: string;
  defaultHomePage: string;
  /**
   * The home view's full-screen buttons (spec §2, §3 home-page setting `buttons`): comma-separated codes,
   * 1 web full screen, 2 hide the chrome, 3 hide it and show the user-info toolbar; '' for none.
   */
  homeButtons: string;
  /** 16 characters (bytes of UTF-8): AES-128 key of username and new-password encryption. */
  aesKey: string;
  /** Access-token age in seconds at which the client refreshes (DECISIONS 5). */
  tokenTime: number;
  speech: SpeechCredentials;
  /** Origins besides the page's own that assistant markdown may load images and videos from. */
  mediaOrigins: string[];
  /**
   * Origins besides the page's own whose pages the iframe route may embed (`/myiframe/...`); an external
   * address of any other origin shows a refusal panel instead.
   */
  frameOrigins: string[];
  /**
   * Origins besides the page's own whose files the deploy API may pin in the import map (docs/api.md
   * section 22); read by the server, listed here so the file has one shape.
   */
  deployOrigins: string[];
  /** Path prefixes whose 404 goes back one step instead of home (DECISIONS 3). */
  excludedRedirects: string[];
  /** Social sign-in providers; none hides the social tab. */
  socialProviders: SocialProvider[];
  /**
   * The mobile app's Android package (`com.ops.console`): the user menu offers its newest APK (the server's
   * app_version/getNewestApkUrlByPackageName); '' offers none.
   */
  apkPackageName: string;
  /**
   * A production deployment: the server says so in the config it embeds in the page (its NODE_ENV).
   * Outside production the console loads its developer tools (import-map-overrides). Without the
   * server's word the page counts as production.
   */
  production: boolean;
}

export const DEFAULT_SITE_CONFIG: Readonly<Omit<SiteConfig, 'aesKey'>> = Object.freeze({
  storagePrefix: 'saber-',
  clientId: 'saber',
  clientSecret: 'saber_secret',
  lockPage: '/lock',
  title: '运维控制台',
  manageSystemName: '运维管理系统',
  visualSystemName: '可视化系统',
  imsEnabled: false,
  stationEnabled: false,
  defaultHomeAppCode: '',
  defaultHomePage: '',
  homeButtons: '',
  tokenTime: 3000,
  speech: Object.freeze({ appId: '', apiKey: '', apiSecret: '', url: '' }),
  mediaOrigins: [],
  frameOrigins: [],
  deployOrigins: [],
  excludedRedirects: [],
  socialProviders: [],
  apkPackageName: '',
  production: true,
});

/** A site config that cannot be used; `field` names the offending entry (dotted for nested ones). */
export class SiteConfigError extends Error {
  override name = 'SiteConfigError';
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super(field ? `site-config.json: "${field}" ${problem}` : `site-config.json: ${problem}`);
  }
}

type Raw = Record<string, unknown>;

const isObject = (value: unknown): value is Raw =>
  !!value && typeof value === 'object' && !Array.isArray(value);

function text(raw: Raw, field: string, fallback: string, check?: (v: string) => string | null): string {
  const value = raw[field];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'string') throw new SiteConfigError(field, `must be a string, got ${typeof value}`);
  const problem = check?.(value);
  if (problem) throw new SiteConfigError(field, problem);
  return value;
}

function flag(raw: Raw, field: string, fallback: boolean): boolean {
  const value = raw[field];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'boolean')
    throw new SiteConfigError(field, `must be true or false, got ${JSON.stringify(value)}`);
  return value;
}

function list(raw: Raw, field: string, check: (v: string) => string | null): string[] {
  const value = raw[field];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new SiteConfigError(field, 'must be a list of strings');
  return value.map((item, i) => {
    if (typeof item !== 'string') throw new SiteConfigError(`${field}[${i}]`, 'must be a string');
    const problem = check(item);
    if (problem) throw new SiteConfigError(`${field}[${i}]`, problem);
    return item;
  });
}

const nonEmpty = (v: string) => (v.trim() === '' ? 'must not be empty' : null);
/** A same-origin path: one leading slash, never `//host`. */
const path = (v: string) => (/^\/(?!\/)\S*$/.test(v) ? null : 'must be a path starting with a single "/"');
const optionalPath = (v: string) => (v === '' ? null : path(v));
const upTo50 = (v: string) => ([...v].length > 50 ? 'must be at most 50 characters' : null);

function httpOrigin(v: string): string | null {
  try {
    const url = new URL(v);
    if (url.protocol === 'http:' || url.protocol === 'https:') return null;
  } catch {
    // Reported below.
  }
  return 'must be an http(s) origin such as "https://media.example.com"';
}

function authorizeUrl(v: string): string | null {
  if (path(v) === null) return null;
  try {
    if (new URL(v).protocol === 'https:') return null;
  } catch {
    // Reported below.
  }
  return 'must be a path starting with a single "/" or an https URL';
}

function socialProviders(raw: Raw): SocialProvider[] {
  const value = raw.socialProviders;
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new SiteConfigError('socialProviders', 'must be a list of providers');
  return value.map((item, i) => {
    const field = `socialProviders[${i}]`;
    if (!isObject(item)) throw new SiteConfigError(field, 'must be an object');
    const entry = (name: string, check: (v: string) => string | null) => {
      try {
        return text(item, name, '', check);
      } catch (e) {
        throw e instanceof SiteConfigError ? new SiteConfigError(`${field}.${e.field}`, e.problem) : e;
      }
    };
    return {
      source: entry('source', (v) =>
        /^[a-z0-9_-]{1,32}$/.test(v) ? null : 'must be 1-32 of a-z, 0-9, "_", "-"',
      ),
      name: entry('name', nonEmpty),
      authorizeUrl: entry('authorizeUrl', authorizeUrl),
    };
  });
}

function aesKey(raw: Raw): string {
  if (raw.aesKey === undefined || raw.aesKey === null) {
    throw new SiteConfigError('aesKey', 'is required (16 characters, shared with the server)');
  }
  return text(raw, 'aesKey', '', (v) => {
    const bytes = new TextEncoder().encode(v).length;
    return bytes === 16 ? null : `must be 16 bytes of UTF-8, got ${bytes}`;
  });
}

function speech(raw: Raw): SpeechCredentials {
  const value = raw.speech;
  if (value === undefined || value === null) return { ...DEFAULT_SITE_CONFIG.speech };
  if (!isObject(value)) throw new SiteConfigError('speech', 'must be an object');
  const field = (name: keyof SpeechCredentials) => {
    try {
      return text(value, name, '');
    } catch (e) {
      throw e instanceof SiteConfigError ? new SiteConfigError(`speech.${name}`, 'must be a string') : e;
    }
  };
  return { appId: field('appId'), apiKey: field('apiKey'), apiSecret: field('apiSecret'), url: field('url') };
}

function tokenTime(raw: Raw): number {
  const value = raw.tokenTime;
  if (value === undefined || value === null) return DEFAULT_SITE_CONFIG.tokenTime;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new SiteConfigError(
      'tokenTime',
      `must be a positive number of seconds, got ${JSON.stringify(value)}`,
    );
  }
  return value;
}

/** Validates a parsed site-config.json and fills the defaults. Unknown fields are ignored. */
export function parseSiteConfig(raw: unknown): SiteConfig {
  if (!isObject(raw)) throw new SiteConfigError('', 'must be a JSON object');
  const d = DEFAULT_SITE_CONFIG;
  return {
    storagePrefix: text(raw, 'storagePrefix', d.storagePrefix, (v) =>
      /^[A-Za-z0-9_.-]{1,32}$/.test(v) ? null : 'must be 1-32 letters, digits, "_", "." or "-"',
    ),
    clientId: text(raw, 'clientId', d.clientId, nonEmpty),
    clientSecret: text(raw, 'clientSecret', d.clientSecret, nonEmpty),
    lockPage: text(raw, 'lockPage', d.lockPage, path),
    title: text(raw, 'title', d.title),
    manageSystemName: text(raw, 'manageSystemName', d.manageSystemName, upTo50),
    visualSystemName: text(raw, 'visualSystemName', d.visualSystemName, upTo50),
    imsEnabled: flag(raw, 'imsEnabled', d.imsEnabled),
    stationEnabled: flag(raw, 'stationEnabled', d.stationEnabled),
    defaultHomeAppCode: text(raw, 'defaultHomeAppCode', d.defaultHomeAppCode),
    defaultHomePage: text(raw, 'defaultHomePage', d.defaultHomePage, optionalPath),
    homeButtons: text(raw, 'homeButtons', d.homeButtons, (v) =>
      /^(?:\s*[123]\s*(?:,\s*[123]\s*)*)?$/.test(v) ? null : 'must be comma-separated codes 1, 2 or 3',
    ),
    aesKey: aesKey(raw),
    tokenTime: tokenTime(raw),
    speech: speech(raw),
    mediaOrigins: list(raw, 'mediaOrigins', httpOrigin),
    frameOrigins: list(raw, 'frameOrigins', httpOrigin).map((origin) => new URL(origin).origin),
    deployOrigins: list(raw, 'deployOrigins', httpOrigin).map((origin) => new URL(origin).origin),
    excludedRedirects: list(raw, 'excludedRedirects', path),
    socialProviders: socialProviders(raw),
    apkPackageName: text(raw, 'apkPackageName', d.apkPackageName, (v) =>
      v === '' || /^[A-Za-z][A-Za-z0-9_.]{0,99}$/.test(v)
        ? null
        : 'must be an Android package name (com.ops.console)',
    ),
    production: flag(raw, 'production', d.production),
  };
}

/** Base64 of UTF-8 text (`btoa` alone refuses anything beyond Latin-1). */
function base64Utf8(value: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(value)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The client's basic authorization header: `Basic base64(clientId:clientSecret)`. */
export function basicAuthHeader(config: Pick<SiteConfig, 'clientId' | 'clientSecret'>): string {
  return `Basic ${base64Utf8(`${config.clientId}:${config.clientSecret}`)}`;
}
