/**
 * The iframe route `/myiframe/{routerPath}` (spec §2 Routes): what it embeds and how. Pure: the page view
 * only renders the plan.
 *
 * - A same-origin page (a path, or an address of the console's own origin) is embedded with scripts and
 *   its own origin: it is the console's own content (the seeded daily report). It must name a file
 *   (`/embedded/station-report.html`): a path without one is a route of the console itself, which would
 *   load the whole console inside its own main view.
 * - An http(s) address of another origin is embedded only when the site config lists that origin
 *   (`frameOrigins`), and then never with `allow-same-origin` next to `allow-scripts`: together they
 *   would let the page lift its own sandbox.
 * - Anything else (another origin not listed, a `javascript:` or `data:` address, something that is no
 *   address) is refused, and the page says why.
 */

/** Same-origin pages: the console's own content. */
export const SAME_ORIGIN_SANDBOX =
  'allow-scripts allow-same-origin allow-forms allow-popups allow-downloads allow-modals';
/** Pages of a listed foreign origin: scripts run in an opaque origin. */
export const FOREIGN_SANDBOX = 'allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox';

export type RefusalReason = 'origin' | 'scheme' | 'console' | 'invalid';

export type FramePlan =
  | { readonly kind: 'frame'; readonly src: string; readonly sandbox: string; readonly foreign: boolean }
  | { readonly kind: 'refused'; readonly address: string; readonly reason: RefusalReason };

export interface FramePage {
  /** The console's own origin (`location.origin`). */
  readonly origin: string;
  /** The site config's `frameOrigins`. */
  readonly frameOrigins: readonly string[];
}

const refused = (address: string, reason: RefusalReason): FramePlan => ({ kind: 'refused', address, reason });

/** Whether the path's last segment names a file (`report.html`, `a.pdf`). */
const namesFile = (pathname: string) => /\.[A-Za-z0-9]{1,8}$/.test(pathname.split('/').at(-1) ?? '');

export function framePlanOf(target: string, page: FramePage): FramePlan {
  const address = target.trim();
  if (address === '') return refused(target, 'invalid');
  const isPath = address.startsWith('/') && !address.startsWith('//') && !address.startsWith('/\\');
  let url: URL;
  try {
    url = isPath ? new URL(address, page.origin) : new URL(address);
  } catch {
    return refused(address, 'invalid');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return refused(address, 'scheme');
  if (url.origin === page.origin) {
    if (!namesFile(url.pathname)) return refused(address, 'console');
    return {
      kind: 'frame',
      src: `${url.pathname}${url.search}${url.hash}`,
      sandbox: SAME_ORIGIN_SANDBOX,
      foreign: false,
    };
  }
  if (!page.frameOrigins.includes(url.origin)) return refused(address, 'origin');
  return { kind: 'frame', src: url.href, sandbox: FOREIGN_SANDBOX, foreign: true };
}
