/**
 * Spec §2 and DECISIONS 1(a): a `tenantId` in the URL that differs from the signed-in tenant clears the
 * session before anything else is decided.
 */
export function tenantIdFromUrl(href: string): string {
  let url: URL;
  try {
    url = new URL(href, 'http://x');
  } catch {
    return '';
  }
  const direct = url.searchParams.get('tenantId');
  if (direct) return direct.trim();
  // Hash routes carry their own query string.
  const hashQuery = url.hash.indexOf('?');
  if (hashQuery >= 0)
    return (new URLSearchParams(url.hash.slice(hashQuery + 1)).get('tenantId') ?? '').trim();
  return '';
}

export function tenantMismatch(href: string, sessionTenantId: string): boolean {
  const fromUrl = tenantIdFromUrl(href);
  return fromUrl !== '' && sessionTenantId !== '' && fromUrl !== sessionTenantId;
}

/** The effect: clears the session when the URL names another tenant; true when it did. */
export function clearOnTenantMismatch(
  session: { get(): { tenantId: string }; clear(): void },
  href: string,
): boolean {
  if (!tenantMismatch(href, session.get().tenantId)) return false;
  session.clear();
  return true;
}
