import { type Bus, holdStylesheet } from '@ops/shared';
import { Button } from '@ops/ui';
import { useEffect, useLayoutEffect, useState } from 'react';
import { defineShellTexts, useShellText } from '../shared/i18n';
import href from './reload-prompt.css';
import { IMPORT_MAP_URL, ifNoneMatch, recheckVersion, showPrompt, VERSION_META } from './rules';

const TEXTS = defineShellTexts(
  'shell-reload-prompt',
  { available: '有新版本可用', reload: '重新加载', dismiss: '关闭' },
  { available: 'A new version is available', reload: 'Reload', dismiss: 'Dismiss' },
);

/** The version of the import map this page was served with, from its meta; null without one. */
function pageVersion(): string | null {
  return document.querySelector<HTMLMetaElement>(`meta[name="${VERSION_META}"]`)?.content || null;
}

/**
 * "A new version is available": shown, without blocking anything, when the page's import map is no
 * longer the one the server serves for the user's tenant. It hears of a change on the bus
 * (`deploy:importmap`, from the notices socket) and re-checks `/importmap.json` with If-None-Match when the
 * tab is shown again (a frame missed while the socket was down). Only the user reloads.
 */
export function ReloadPrompt({ bus }: { bus: Bus }) {
  const { t } = useShellText(TEXTS);
  const [page] = useState(pageVersion);
  const [latest, setLatest] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);

  useEffect(() => {
    const sub = bus.on('deploy:importmap').subscribe(({ version }) => setLatest(version));
    return () => sub.unsubscribe();
  }, [bus]);

  useEffect(() => {
    if (!page) return;
    let controller: AbortController | null = null;
    const recheck = () => {
      if (document.visibilityState !== 'visible') return;
      controller?.abort();
      const own = new AbortController();
      controller = own;
      fetch(IMPORT_MAP_URL, {
        headers: { 'If-None-Match': ifNoneMatch(page) },
        cache: 'no-store',
        credentials: 'same-origin',
        signal: own.signal,
      }).then(
        (response) => {
          void response.body?.cancel();
          const version = recheckVersion(response.status, response.headers.get('ETag'));
          if (version && !own.signal.aborted) setLatest(version);
        },
        () => undefined,
      );
    };
    document.addEventListener('visibilitychange', recheck);
    return () => {
      document.removeEventListener('visibilitychange', recheck);
      controller?.abort();
    };
  }, [page]);

  const shown = showPrompt({ page, latest, dismissed });
  useLayoutEffect(() => (shown ? holdStylesheet(href) : undefined), [shown]);
  if (!shown) return null;
  return (
    <div className="ops-reload-prompt" role="status">
      <p className="ops-reload-prompt__text">{t('available')}</p>
      <div className="ops-reload-prompt__actions">
        <Button variant="primary" size="small" onClick={() => location.reload()}>
          {t('reload')}
        </Button>
        <Button size="small" onClick={() => setDismissed(latest)}>
          {t('dismiss')}
        </Button>
      </div>
    </div>
  );
}
