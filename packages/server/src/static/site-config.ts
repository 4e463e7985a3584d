import { SPEECH_EMULATOR_PATH } from '../routes/speech-emulator.ts';
import type { SpeechEmulatorCredentials } from '../security/speech-credentials.ts';

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
 * tried; in production the file is served as it is (no providers: the console hides the tab). Likewise a
 * deployment without a speech provider `url` gets the server's speech emulator and its install's
 * credentials (when given), so voice input can be tried.
 */
export function siteConfigForPage(
  fileConfig: unknown,
  production: boolean,
  speechEmulator?: SpeechEmulatorCredentials,
): unknown {
  if (!fileConfig || typeof fileConfig !== 'object' || Array.isArray(fileConfig)) return fileConfig;
  const config: Record<string, unknown> = { ...(fileConfig as Record<string, unknown>), production };
  if (production) return config;
  const listed = Array.isArray(config.socialProviders) && config.socialProviders.length > 0;
  if (!listed) config.socialProviders = [DEMO_SOCIAL_PROVIDER];
  const speech = config.speech as { url?: unknown } | undefined;
  if (speechEmulator && !(typeof speech?.url === 'string' && speech.url !== ''))
    config.speech = { ...speechEmulator, url: SPEECH_EMULATOR_PATH };
  return config;
}
