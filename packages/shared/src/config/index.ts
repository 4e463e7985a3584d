export type { FetchLike } from './loader';
export {
  clearSiteConfigCache,
  currentSiteConfig,
  loadSiteConfig,
  primeSiteConfig,
  SITE_CONFIG_URL,
} from './loader';
export type { SiteConfig, SpeechCredentials } from './site-config';
export { basicAuthHeader, DEFAULT_SITE_CONFIG, parseSiteConfig, SiteConfigError } from './site-config';
