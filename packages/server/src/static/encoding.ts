import { existsSync, statSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** The encodings a request accepts, best first (brotli before gzip); `q=0` refuses one. */
export function acceptedEncodings(header: string | string[] | undefined): Encoding[] {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const accepted = new Set<string>();
  for (const part of value.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  return (['br', 'gzip'] as const).filter((e) => accepted.has(e));
}

/** The build's `.br` / `.gz` file beside `file` for the best accepted encoding, if there is one. */
export function precompressed(
  file: string,
  accepted: Encoding[],
): { file: string; encoding: Encoding; size: number } | null {
  for (const encoding of accepted) {
    const candidate = `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
    if (existsSync(candidate)) return { file: candidate, encoding, size: statSync(candidate).size };
  }
  return null;
}

/** Compresses a small per-request text (the page, the composed import map) or file; quick settings. */
export function compressText(
  text: string | Buffer,
  accepted: Encoding[],
): { body: Buffer; encoding: Encoding } | null {
  if (text.length < 256) return null;
  const encoding = accepted[0];
  if (encoding === 'br') {
    return { encoding, body: brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) };
  }
  if (encoding === 'gzip') return { encoding, body: gzipSync(text, { level: 6 }) };
  return null;
}
