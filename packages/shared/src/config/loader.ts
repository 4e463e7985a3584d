import { parseSiteConfig, type SiteConfig, SiteConfigError } from './site-config';

export const SITE_CONFIG_URL = '/site-config.json';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

let cached: SiteConfig | null = null;
let pending: Promise<SiteConfig> | null = null;

async function fetchSiteConfig(fetchImpl: FetchLike): Promise<SiteConfig> {
  let response: Response;
  try {
    // no-cache: the server answers with an ETag, so an unchanged file costs a 304.
    response = await fetchImpl(SITE_CONFIG_URL, { cache: 'no-cache', credentials: 'same-origin' });
  } catch (error) {
    throw new SiteConfigError('', `could not be fetched (${(error as Error)?.message ?? error})`);
  }
  if (!response.ok) throw new SiteConfigError('', `could not be fetched (HTTP ${response.status})`);
  let raw: unknown;
  try {
    raw = await response.json();
  } catch {
    throw new SiteConfigError('', 'is not valid JSON');
  }
  return parseSiteConfig(raw);
}

/**
 * Loads, validates and caches the site config. Concurrent callers share one request; a failure is not
 * cached, so a later call tries again.
 */
export function loadSiteConfig(
  fetchImpl: FetchLike = (input, init) => fetch(input, init),
): Promise<SiteConfig> {
  if (cached) return Promise.resolve(cached);
  pending ??= fetchSiteConfig(fetchImpl).then(
    (config) => {
      cached = config;
      pending = null;
      return config;
    },
    (error: unknown) => {
      pending = null;
      throw error;
    },
  );
  return pending;
}

/** Id of the JSON data block in which the server embeds the site config into the page. */
export const EMBEDDED_SITE_CONFIG_ID = 'ops-site-config';

/**
 * The site config the server embedded in the page (one request fewer before the first paint), validated
 * and cached; null when the page carries none, so the caller fetches it instead.
 */
export function embeddedSiteConfig(doc: Pick<Document, 'getElementById'> = document): SiteConfig | null {
  const text = doc.getElementById(EMBEDDED_SITE_CONFIG_ID)?.textContent;
  if (!text) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new SiteConfigError('', 'embedded in the page is not valid JSON');
  }
  return primeSiteConfig(raw);
}

/** The loaded config, or null before `loadSiteConfig` has succeeded. */
export const currentSiteConfig = (): SiteConfig | null => cached;

/** Validates and caches a config given directly (tests, embedding); later loads answer it. */
export function primeSiteConfig(raw: unknown): SiteConfig {
  cached = parseSiteConfig(raw);
  pending = null;
  return cached;
}

/** Forgets the cached config (tests). */
export function clearSiteConfigCache(): void {
  cached = null;
  pending = null;
}
