import { useShellText } from '../shared/i18n';
import type { ShellServices } from '../shared/services';
import { TAG_TEXTS } from './texts';

const CLEAR_CACHE_URL = '/api/blade-system/oauth/clear-cache';

/** The tag menu's "clear cache" (spec §2 Page tag bar): clears the server's cache, then says so. */
export function useClearCache(services: Pick<ShellServices, 'http' | 'notify'>): () => void {
  const { t } = useShellText(TAG_TEXTS);
  return () =>
    void services.http
      .get(CLEAR_CACHE_URL)
      .then(() => services.notify.success(t('cacheCleared')))
      // The console's client has told the user why.
      .catch(() => undefined);
}
