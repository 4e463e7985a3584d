import type { Http } from '@ops/shared';

/** docs/api.md section 11: the newest published APK of an Android package (public). */
export const NEWEST_APK_URL = '/api/blade-system/app_version/getNewestApkUrlByPackageName';

/**
 * The download address of the package's newest APK, '' when the site names no package or the server has
 * published none (its 404 is no fault of the user's, so it shows nothing).
 */
export async function fetchMobileAppUrl(
  http: Http,
  packageName: string,
  signal: AbortSignal,
): Promise<string> {
  if (!packageName) return '';
  try {
    const answer = await http.get<{ data: { url?: unknown } | null }>(NEWEST_APK_URL, {
      params: { packageName },
      signal,
      quietCodes: [404],
    });
    const url = answer.data.data?.url;
    return typeof url === 'string' ? url : '';
  } catch (error) {
    if (signal.aborted) throw error;
    return '';
  }
}

/**
 * Starts the package's download and leaves the console where it was: a package of this server downloads
 * in place (an attachment); another host's address (a CDN) opens beside the console in a new tab.
 */
export function downloadMobileApp(url: string, doc: Document = document): void {
  const link = doc.createElement('a');
  link.href = url;
  link.download = '';
  link.target = '_blank';
  link.rel = 'noopener';
  link.click();
}
