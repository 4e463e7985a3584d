/** LIKE pattern for a user-supplied fragment (wildcards escaped; use with ESCAPE '\\'). */
export function likeArg(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function nowText(ms: number): string {
  const d = new Date(ms + 8 * 3600 * 1000);
  return d.toISOString().replace('T', ' ').slice(0, 19);
}

export function placeholders(values: readonly unknown[]): string {
  return values.map(() => '?').join(',');
}

/**
 * Adds `column LIKE %value%` (the value taken literally) to a WHERE list and its arguments for each column
 * whose value is given; blank values add nothing.
 */
export function whereLike(
  where: string[],
  args: unknown[],
  values: Record<string, string | undefined>,
): void {
  for (const [column, value] of Object.entries(values)) {
    if (!value) continue;
    where.push(`${column} LIKE ? ESCAPE '\\'`);
    args.push(likeArg(value));
  }
}
