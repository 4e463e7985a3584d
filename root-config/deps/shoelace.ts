/**
 * Registers the Shoelace components the console uses, once for every package (customElements.define
 * throws on a second registration, so no package may bundle its own copy). Served as `@ops/shoelace` and
 * loaded on the login page, so it registers only components in use: add a line when a view needs one.
 */
import { setBasePath } from '@shoelace-style/shoelace/dist/utilities/base-path.js';
import '@shoelace-style/shoelace/dist/components/button/button.js';
import '@shoelace-style/shoelace/dist/components/dialog/dialog.js';
import '@shoelace-style/shoelace/dist/components/spinner/spinner.js';
import '@shoelace-style/shoelace/dist/components/tooltip/tooltip.js';

setBasePath(__SHOELACE_BASE__);

export { setBasePath };
