import { holdStylesheet, onLanguageChange, registerTexts } from '@ops/shared';
import href from './overrides.css';
import { activeOverrides, overrideList, overridesStored } from './overrides-rules';

/**
 * import-map-overrides, single-spa's developer tool, outside production only (index.ts imports this
 * chunk only when the page's site config says `production: false`): a developer points one specifier
 * at another URL (a bundle on their machine) in this browser, through `window.importMapOverrides` or the
 * tool's panel (`localStorage.devtools = true`). While an override is active a banner says so, with a
 * button that clears them and reloads.
 *
 * The page's import map is a `systemjs-importmap` block, which the tool learns from the
 * `importmap-type` meta; it writes its overrides as one more such block, which SystemJS reads on the
 * next `prepareImport(true)`: everything imported after this module (the shell, parcels, sub-apps)
 * resolves through it. The page's CSP is unaffected: the block is data, and SystemJS loads the
 * overriding URLs as it loads every module ('strict-dynamic').
 */

interface ImportMapOverrides {
  getOverrideMap(includeDisabled?: boolean): unknown;
  resetOverrides(): unknown;
}

declare global {
  interface Window {
    importMapOverrides?: ImportMapOverrides;
  }
}

const t = registerTexts('root-overrides', {
  zh: {
    active: '导入映射覆盖已生效（仅开发环境）：{{list}}',
    more: '等 {{count}} 项',
    clear: '清除覆盖并重新加载',
  },
  en: {
    active: 'Import-map overrides are active (development only): {{list}}',
    more: 'and {{count}} more',
    clear: 'Clear overrides and reload',
  },
});

const BANNER_ID = 'ops-overrides-banner';

/** `overridesStored` for this page's localStorage (unreadable: none). */
function overridesStoredHere(): boolean {
  try {
    return overridesStored(Object.keys(localStorage));
  } catch {
    return false;
  }
}

/**
 * Before the shell loads: with overrides stored in this browser, starts the tool now (the page waits, so
 * they apply); without, starts it when the page is next idle (there for a developer to add one).
 */
export async function prepareOverrides(): Promise<void> {
  if (overridesStoredHere()) return startOverrides();
  const start = () => void startOverrides().catch((error: unknown) => console.error(error));
  if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 5000 });
  else setTimeout(start, 2000);
}

/** Loads the tool, lets SystemJS read its overrides, and keeps the banner up to date. */
export async function startOverrides(): Promise<void> {
  if (!document.querySelector('meta[name="importmap-type"]')) {
    const meta = document.createElement('meta');
    meta.name = 'importmap-type';
    meta.content = 'systemjs-importmap';
    document.head.append(meta);
  }
  await import('import-map-overrides');
  const tool = window.importMapOverrides;
  if (!tool) return;
  // The tool has added its map block (if any override is set): SystemJS reads it before the next import.
  await (System as unknown as { prepareImport(process: boolean): Promise<void> }).prepareImport(true);

  let release: (() => void) | null = null;
  const render = () => {
    const overrides = activeOverrides(tool.getOverrideMap());
    let banner = document.getElementById(BANNER_ID);
    if (overrides.length === 0) {
      banner?.remove();
      release?.();
      release = null;
      return;
    }
    release ??= holdStylesheet(href);
    if (!banner) {
      banner = document.createElement('div');
      banner.id = BANNER_ID;
      banner.className = 'ops-overrides-banner';
      banner.setAttribute('role', 'status');
      const text = document.createElement('p');
      text.className = 'ops-overrides-banner__text';
      const clear = document.createElement('button');
      clear.type = 'button';
      clear.className = 'ops-overrides-banner__clear';
      clear.addEventListener('click', () => {
        tool.resetOverrides();
        location.reload();
      });
      banner.append(text, clear);
      document.body.append(banner);
    }
    const { shown, more } = overrideList(overrides);
    const list = more > 0 ? `${shown} ${t('more', { count: more })}` : shown;
    banner.querySelector('p')!.textContent = t('active', { list });
    banner.querySelector('button')!.textContent = t('clear');
  };
  render();
  window.addEventListener('import-map-overrides:change', render);
  onLanguageChange(render);
  // The tool's panel, opened with localStorage.devtools = true (bottom left: the assistant is bottom right).
  if (!document.querySelector('import-map-overrides-full')) {
    const panel = document.createElement('import-map-overrides-full');
    panel.setAttribute('show-when-local-storage', 'devtools');
    panel.setAttribute('trigger-position', 'bottom-left');
    document.body.append(panel);
  }
}
