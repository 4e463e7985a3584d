/**
 * The console's route query flags (spec §2 "Query parameters: prePath, iframeFlag, isIframeApp"): a flag
 * is on when it is `true` or `1` (as a boolean, a number or its text, any case); `false`, `0`, empty or
 * absent is off. Menus from the server carry them as JSON values, addresses as text.
 */
export function flagOn(value: unknown): boolean {
  if (value === true || value === 1) return true;
  if (typeof value !== 'string') return false;
  const text = value.trim().toLowerCase();
  return text === 'true' || text === '1';
}

/** Whether a query string (`?a=1&b`, with or without `?`) has the flag on. */
export function queryFlagOn(search: string, name: string): boolean {
  return flagOn(new URLSearchParams(search).get(name));
}

export const QUERY_FLAG = {
  /** A menu item or path to open inside the iframe route. */
  iframe: 'iframeFlag',
  /** The page shown inside another page's frame: the console leaves its chrome out. */
  iframeApp: 'isIframeApp',
} as const;
