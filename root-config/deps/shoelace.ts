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

setBasePath(__SHOELACE_BASE__);

export { setBasePath };
