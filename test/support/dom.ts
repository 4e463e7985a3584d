import { queryAllByRole } from '@testing-library/dom';

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

/**
 * The element with this ARIA role whose accessible name matches, as a screen reader would find it
 * (@testing-library/dom computes roles and names by the ARIA rules); null when there is none.
 */
export function byRole(root: ParentNode, role: string, name: string | RegExp): HTMLElement | null {
  if (!CONTENT_ROLES.has(role)) return queryAllByRole(root as HTMLElement, role, { name })[0] ?? null;
  const text = (el: HTMLElement) => el.textContent?.trim() ?? '';
  return (
    queryAllByRole(root as HTMLElement, role).find((el) =>
      typeof name === 'string' ? text(el) === name : name.test(text(el)),
    ) ?? null
  );
}

/** Live regions take no name from their content: a person hears their text, so tests match on it. */
const CONTENT_ROLES = new Set(['alert', 'status']);

/** A table's body rows as the texts of their cells (the header row left out), as a reader would list them. */
export function cellTexts(table: HTMLElement): (string | null)[][] {
  return queryAllByRole(table, 'row')
    .slice(1)
    .map((row) => queryAllByRole(row, 'cell').map((cell) => cell.textContent));
}

/**
 * The series a drawn ApexCharts chart under `root` shows (its lines, named in its legend), e.g.
 * '实测,预测'; '' until it is drawn. The chart is one named image, so its parts are read from the DOM.
 */
export function drawnSeries(root: ParentNode): string {
  const lines = root.querySelectorAll('.apexcharts-series path.apexcharts-line').length;
  const names = Array.from(root.querySelectorAll('.apexcharts-legend-text'), (el) => el.textContent);
  return lines > 0 && lines === names.length ? names.join(',') : '';
}
