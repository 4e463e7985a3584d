import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The login page's markup in the HTML (issue 31). The build renders the shell's first render on `/login`
 * for each language (scripts/prerender-login.mjs, dist/prerender/login.<lang>.html); the server puts it in
 * the shell's container where single-spa-layout would make it, and the shell hydrates it.
 */
export type PageLanguage = 'zh' | 'en';

/** The cookie the page mirrors the stored language choice into (@ops/shared i18n), read here. */
export const LANGUAGE_COOKIE = 'ops-language';

/** The shell's container (single-spa-layout's id for an application) and its mark for the shell. */
const SHELL = '@ops/shell';
const SHELL_CONTAINER = `single-spa-application:${SHELL}`;
export const PRERENDER_ATTRIBUTE = 'data-ops-prerender';

/**
 * The language the page will pick: the stored choice (mirrored in the cookie), else the console's default.
 * The page itself does not follow the browser's languages, so neither does this (docs/decisions.md).
 */
export function pageLanguage(cookie: string | undefined): PageLanguage {
  const base = (cookie ?? '').trim().toLowerCase().split(/[-_]/, 1)[0];
  return base === 'en' ? 'en' : 'zh';
}

/**
 * Whether a request's page is the prerendered one: `/login` whose query changes nothing of the first
 * render but `redirect` (a tenant link, login-free and a provider's answer render other states first).
 */
export function prerendersLogin(path: string, search: string): boolean {
  if (path !== '/login') return false;
  return [...new URLSearchParams(search).keys()].every((key) => key === 'redirect');
}

/**
 * Runs before any other script: single-spa-layout adopts the server's DOM (`singleSpaLayoutData`), a
 * submit before the shell has hydrated is held (never a native submission: the password would go into
 * the URL) and replayed by the form once it can send, and the captcha is asked for at once; the form
 * takes that answer instead of asking again.
 */
const handoff = (captchaHeaders: string) =>
  `(function(){var p=window.opsPrerender={pending:null,hydrated:false};window.singleSpaLayoutData={};
p.captcha=fetch('/api/blade-system/oauth/captcha',{credentials:'same-origin',headers:${captchaHeaders}}).then(function(r){if(!r.ok)throw r.status;return r.json()});p.captcha.catch(function(){});
addEventListener('submit',function(e){if(p.hydrated)return;e.preventDefault();e.stopPropagation();p.pending=e.target},true)})()`;

/** The headers the page's HTTP client sends on the captcha call (@ops/shared http/headers.ts). */
export function captchaHeaders(siteConfig: unknown, lang: PageLanguage): Record<string, string> {
  const { clientId = '', clientSecret = '' } = (siteConfig ?? {}) as {
    clientId?: string;
    clientSecret?: string;
  };
  return {
    Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
    'Hz-Language': lang === 'en' ? 'en_US' : 'zh_CN',
  };
}

const escapeAttr = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/**
 * The built markup for a language and the page's site config, or null when the build has none for it:
 * it was rendered with the built site config's title, with and without the social tab.
 */
export function prerenderedMarkup(distDir: string, lang: PageLanguage, siteConfig: unknown): string | null {
  const dir = join(distDir, 'prerender');
  const meta = join(dir, 'login.json');
  if (!existsSync(meta)) return null;
  const config = (siteConfig ?? {}) as { title?: unknown; socialProviders?: unknown };
  const built = JSON.parse(readFileSync(meta, 'utf8')) as { title: unknown };
  if ((config.title ?? null) !== built.title) return null;
  const social = Array.isArray(config.socialProviders) && config.socialProviders.length > 0;
  const file = join(dir, `login.${lang}.${social ? 'social' : 'plain'}.html`);
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

/**
 * index.html with the login page's markup in the shell's container: the boot frame goes (the page is
 * there), the first screen's inline stylesheets apply from the start, `<html lang>` follows the language.
 */
export function withPrerender(
  html: string,
  markup: string,
  page: { lang: PageLanguage; search: string; captchaHeaders: Record<string, string> },
): string {
  const { lang, search } = page;
  const headers = JSON.stringify(page.captchaHeaders).replace(/</g, '\\u003c');
  // The one link of the first render that carries the query (the forgot-password link).
  const body = markup.replaceAll(' href="/login"', ` href="${escapeAttr(`/login${search}`)}"`);
  // As single-spa-layout and the root config's slot (@ops/shared host/slot.ts) make them, which adopt it.
  const frame =
    `<div class="ops-frame"><div id="${SHELL_CONTAINER}"><div class="ops-slot" data-slot="${SHELL}">` +
    `<div class="ops-slot-body" ${PRERENDER_ATTRIBUTE}="${lang}">${body}</div></div></div>` +
    '<main id="ops-main-view" class="ops-main-view"></main></div>';
  return html
    .replace(/<html lang="[^"]*"/, `<html lang="${lang === 'en' ? 'en' : 'zh-CN'}"`)
    .replace(/(<style data-ops-sheet="[^"]*") media="not all">/g, '$1>')
    .replace('</title>', () => `</title>\n    <script>${handoff(headers)}</script>`)
    .replace(/<div id="ops-boot"[\s\S]*?<\/div>\s*/, '')
    .replace(/<body>\s*/, () => `<body>${frame}`);
}
