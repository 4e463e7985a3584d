/**
 * Markdown of an answer to safe HTML (QUALITY S3, S4): parsed by marked, then sanitised by DOMPurify (no
 * script, no event handler, no style, no forms or frames, only http(s)/mailto-like links). Images and
 * videos follow spec §5's extension rule and load only from the page's origin or the site config's
 * `mediaOrigins`; any other source is dropped before the HTML reaches the page. Links open in a new tab
 * with `noopener`.
 */
import { isAllowedMediaOrigin, mediaKind } from '@ops/shared/rules';
import DOMPurify from 'dompurify';
import { Marked } from 'marked';

const escapeAttr = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const marked = new Marked({
  gfm: true,
  breaks: true,
  async: false,
  renderer: {
    image({ href, title, text }) {
      const titleAttr = title ? ` title="${escapeAttr(title)}"` : '';
      if (mediaKind(href) === 'video')
        return `<video controls preload="none" src="${escapeAttr(href)}"${titleAttr} aria-label="${escapeAttr(text)}"></video>`;
      return `<img src="${escapeAttr(href)}" alt="${escapeAttr(text)}"${titleAttr} loading="lazy">`;
    },
  },
});

const purify = DOMPurify(window);
let allowlist: readonly string[] = [];

purify.addHook('afterSanitizeAttributes', (node) => {
  const element = node as Element;
  if (element.tagName === 'A' && element.hasAttribute('href')) {
    element.setAttribute('target', '_blank');
    element.setAttribute('rel', 'noopener noreferrer');
  }
  if (element.tagName === 'IMG' || element.tagName === 'VIDEO') {
    const src = element.getAttribute('src') ?? '';
    if (!src || !isAllowedMediaOrigin(src, allowlist, window.location.origin)) {
      element.removeAttribute('src');
      element.setAttribute('data-blocked', 'true');
    }
  }
});

const CONFIG = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: [
    'style',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'option',
    'iframe',
    'frame',
    'object',
    'embed',
    'link',
    'meta',
    'base',
    'audio',
    'source',
    'track',
    'picture',
  ],
  FORBID_ATTR: ['style', 'srcset', 'poster', 'background', 'action', 'formaction', 'ping'],
  ADD_ATTR: ['target', 'controls', 'preload'],
};

/** Safe HTML of one markdown block, with media allowed only from `origins` (and the page's own). */
export function renderMarkdown(markdown: string, origins: readonly string[]): string {
  const html = marked.parse(markdown) as string;
  allowlist = origins;
  return purify.sanitize(html, CONFIG) as unknown as string;
}
