/** The reference server's simulated social provider (docs/api.md, development only). */
export const DEMO_SOCIAL_PROVIDER = Object.freeze({
  source: 'demo',
  name: 'Demo',
  authorizeUrl: '/api/blade-system/oauth/render/demo',
});

/**
 * The site config the page embeds, with `production` saying whether this server runs in production (the
 * page loads its developer tools, import-map-overrides, only outside it). Outside production, a
 * deployment that lists no social provider gets the server's simulated one, so the social tab can be
 * tried; in production the file is served as it is (no providers: the console hides the tab).
 */
export function siteConfigForPage(fileConfig: unknown, production: boolean): unknown {
  if (!fileConfig || typeof fileConfig !== 'object' || Array.isArray(fileConfig)) return fileConfig;
  const config: Record<string, unknown> = { ...(fileConfig as Record<string, unknown>), production };
  if (production) return config;
  const listed = Array.isArray(config.socialProviders) && config.socialProviders.length > 0;
  return listed ? config : { ...config, socialProviders: [DEMO_SOCIAL_PROVIDER] };
}
