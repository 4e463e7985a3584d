// The benches' statistics, one copy: every bench reports medians and percentiles of its samples.

/** The median of the finite numbers among `values`; null when there are none. */
export function median(values) {
  const sorted = values.filter((v) => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The p-th percentile (nearest rank) of `values`; null when there are none. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** A value to one decimal, as the benches print milliseconds. */
export const round1 = (value) => Math.round(value * 10) / 10;
