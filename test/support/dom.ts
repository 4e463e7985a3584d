/** Polls until `probe` returns a truthy value (or throws its last error after `timeoutMs`). */
export async function waitFor<T>(probe: () => T | null | undefined | false, timeoutMs = 3000): Promise<T> {
  const start = performance.now();
  let lastError: unknown;
  for (;;) {
    try {
      const value = probe();
      if (value) return value;
    } catch (error) {
      lastError = error;
    }
    if (performance.now() - start > timeoutMs) {
      throw lastError instanceof Error
        ? lastError
        : new Error(`Timed out after ${timeoutMs} ms waiting for ${probe}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The element with this ARIA role whose accessible name (label, aria-label or text) matches. */
export function byRole(root: ParentNode, role: string, name: string | RegExp): HTMLElement | null {
  const implicit: Record<string, string> = {
    button: 'button, [role=button]',
    link: 'a[href], [role=link]',
    region: 'section[aria-label], section[aria-labelledby], [role=region]',
    alert: '[role=alert]',
    status: '[role=status]',
    navigation: 'nav, [role=navigation]',
    heading: 'h1, h2, h3, h4, h5, h6, [role=heading]',
    toolbar: '[role=toolbar]',
  };
  const candidates = [...root.querySelectorAll<HTMLElement>(implicit[role] ?? `[role=${role}]`)];
  return (
    candidates.find((el) => {
      const labelledBy = el.getAttribute('aria-labelledby');
      const label =
        el.getAttribute('aria-label') ??
        (labelledBy ? document.getElementById(labelledBy)?.textContent : null) ??
        el.textContent ??
        '';
      return typeof name === 'string' ? label.trim() === name : name.test(label);
    }) ?? null
  );
}
