export {
  AUTO_HEIGHT_RESERVE_PX,
  autoHeight,
  avatarOf,
  DEFAULT_AVATAR,
  LOGIN_THEME,
  REF_TERMINAL,
  TYPING_MS_PER_CHAR,
} from './constants';
export type { FetchLike } from './loader';
export {
  clearSiteConfigCache,
  currentSiteConfig,
  EMBEDDED_SITE_CONFIG_ID,
  embeddedSiteConfig,
  loadSiteConfig,
  primeSiteConfig,
  SITE_CONFIG_URL,
} from './loader';
export type { SiteConfig, SocialProvider, SpeechCredentials } from './site-config';
export { basicAuthHeader, DEFAULT_SITE_CONFIG, parseSiteConfig, SiteConfigError } from './site-config';
