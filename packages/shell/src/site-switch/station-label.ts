import type { SubStation } from '@ops/shared';

/** The current station's label for the chrome, or '' on the main site (kept apart: no rules bundle). */
export function stationLabel(current: SubStation | null | undefined): string {
  if (!current) return '';
  const code = typeof current.stationId === 'string' ? current.stationId : '';
  return code && code !== current.name ? `${current.name} (${code})` : current.name;
}
