import { PATHS } from './routes';

/**
 * DECISIONS 2: a `redirect` is followed only when it is a same-origin path with a single leading `/`.
 * Anything else (another origin, `//host`, `/\host`, `javascript:`, control characters) is refused, so
 * the sign-in pages are never an open redirect.
 */
export function safeRedirect(redirect: string | null | undefined): string | null {
  if (typeof redirect !== 'string' || redirect === '') return null;
  if (!redirect.startsWith('/')) return null;
  const second = redirect.charAt(1);
  if (second === '/' || second === '\\') return null;
  // Tabs and newlines are dropped by URL parsers and could turn `/\t/host` into `//host`.
  for (const char of redirect) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || char === '\\') return null;
  }
  try {
    const base = 'http://console.invalid';
    const url = new URL(redirect, base);
    if (url.origin !== base) return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}

/** The page to open after signing in: the safe `redirect`, else the fallback. */
export function afterLoginPath(redirect: string | null | undefined, fallback: string = PATHS.home): string {
  return safeRedirect(redirect) ?? fallback;
}

/** `/authorization?redirect=...` or `/login?...` keeping the page the user asked for. */
export function withRedirect(
  path: string,
  redirect: string | null | undefined,
  extra?: Record<string, string>,
) {
  const query = new URLSearchParams(extra);
  const safe = safeRedirect(redirect);
  if (safe && safe !== PATHS.home) query.set('redirect', safe);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The entry pages that carry the page to come back to in their own `redirect` query. */
const SIGN_IN_ENTRIES: readonly string[] = [PATHS.authorization, PATHS.login];

/**
 * The page to come back to after the next sign-in, from the page the user is on. When the route guard has
 * already replaced a private page by a sign-in entry (`/authorization?redirect=/x`), that entry's own
 * `redirect` is the page, so the redirect is never nested; a sign-in entry without one gives null.
 */
export function returnPathOf(current: string | null | undefined): string | null {
  const safe = safeRedirect(current);
  if (!safe) return null;
  const url = new URL(safe, 'http://console.invalid');
  if (SIGN_IN_ENTRIES.includes(url.pathname)) return safeRedirect(url.searchParams.get('redirect'));
  return safe;
}
