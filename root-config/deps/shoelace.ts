/**
 * Registers the Shoelace components the console uses, once for every package (customElements.define
 * throws on a second registration, so no package may bundle its own copy). Served as `@ops/shoelace` and
 * not on the login page's path: @ops/ui loads it on first use (`loadShoelace`: a dialog opening, a cut
 * text with its tooltip, a table with its spinner) and the chrome loads it once signed in. Buttons are
 * @ops/ui's own native `Button`. It registers only components in use: add a line when a view needs one.
 */
import { setBasePath } from '@shoelace-style/shoelace/dist/utilities/base-path.js';
import '@shoelace-style/shoelace/dist/components/dialog/dialog.js';
import '@shoelace-style/shoelace/dist/components/spinner/spinner.js';
import '@shoelace-style/shoelace/dist/components/tooltip/tooltip.js';
import en from '@shoelace-style/shoelace/dist/translations/en.js';
import zhCn from '@shoelace-style/shoelace/dist/translations/zh-cn.js';
import { registerTranslation } from '@shoelace-style/shoelace/dist/utilities/localize.js';

setBasePath(__SHOELACE_BASE__);

// Shoelace's own texts follow <html lang>, which the console sets from its language. Its one text in use
// is a dialog's header close button: named 关闭对话框 / Close dialog, so it differs from a dialog's own
// 关闭 / Close action (in a confirmation, 关闭 confirms while the header button cancels).
registerTranslation({ ...en, close: 'Close dialog' }, { ...zhCn, close: '关闭对话框' });

/**
 * Shoelace's theme comes with its components (the sign-in pages use neither, so it no longer holds up
 * their first paint). It goes before the frame's own style, which maps Shoelace's tokens to the
 * console's and must stay after it; its integrity is the one the import map lists. Components do not
 * wait for it: the frame's style already gives them the console's colours, the theme only the rest.
 */
function linkTheme(): void {
  const href = `${__SHOELACE_BASE__}/themes/light.css`;
  if (document.querySelector(`link[rel="stylesheet"][href="${href}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  const map = document.querySelector('script[type="systemjs-importmap"]')?.textContent;
  const integrity = map ? (JSON.parse(map) as { integrity?: Record<string, string> }).integrity?.[href] : '';
  if (integrity) link.integrity = integrity;
  const frame = document.getElementById('ops-frame-style');
  if (frame) frame.before(link);
  else document.head.prepend(link);
}

linkTheme();

export { setBasePath };
