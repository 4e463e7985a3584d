// Per-module imports keep the bundle to HMAC-SHA256 and base64 instead of all of crypto-js. crypto-js
// rather than WebCrypto: subtle crypto exists only in secure contexts, and signing must not be async.
import Base64 from 'crypto-js/enc-base64';
import Utf8 from 'crypto-js/enc-utf8';
import HmacSHA256 from 'crypto-js/hmac-sha256';

export interface SpeechCredentials {
  appId: string;
  apiKey: string;
  apiSecret: string;
  url: string;
}

/** The provider's socket address: a ws(s) URL, or an http(s) URL or same-origin path turned into one. */
export function speechSocketUrl(url: string, pageHref: string): URL | null {
  if (url.trim() === '') return null;
  let parsed: URL;
  try {
    parsed = new URL(url, pageHref);
  } catch {
    return null;
  }
  if (parsed.protocol === 'http:') parsed.protocol = 'ws:';
  else if (parsed.protocol === 'https:') parsed.protocol = 'wss:';
  return parsed.protocol === 'ws:' || parsed.protocol === 'wss:' ? parsed : null;
}

/** Credentials the page can sign with: all four present and a usable address. */
export const speechConfigured = (speech: SpeechCredentials | undefined, pageHref: string) =>
  !!speech?.appId && !!speech.apiKey && !!speech.apiSecret && speechSocketUrl(speech.url, pageHref) !== null;

/**
 * The signed address of the provider (docs/api.md "Speech provider"): HMAC-SHA256 with the api secret
 * over `host`, `date` (RFC 1123) and the request line, sent as `authorization`, `date` and `host`.
 */
export function signSpeechUrl(speech: SpeechCredentials, pageHref: string, now: Date): string {
  const url = speechSocketUrl(speech.url, pageHref);
  if (!url) throw new TypeError(`not a speech provider address: ${speech.url}`);
  const date = now.toUTCString();
  const origin = `host: ${url.host}\ndate: ${date}\nGET ${url.pathname} HTTP/1.1`;
  const signature = Base64.stringify(HmacSHA256(origin, speech.apiSecret));
  const header = `api_key="${speech.apiKey}", algorithm="hmac-sha256", headers="host date request-line", signature="${signature}"`;
  const query = new URLSearchParams({
    authorization: Base64.stringify(Utf8.parse(header)),
    date,
    host: url.host,
  });
  return `${url.origin}${url.pathname}?${query}`;
}
