// Writes `.br` and `.gz` beside every built text asset, so the server sends compressed bytes without
// compressing on each request (the files are immutable, so this is done once per build).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|svg|map)$/;
const MIN_BYTES = 1024;

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

export function precompress(dist) {
  return precompressFiles(walk(dist));
}

/** The same for the given files only (`npm run build:bundle` compresses its own files, no other). */
export function precompressFiles(list) {
  let files = 0;
  for (const file of list) {
    if (!COMPRESSIBLE.test(file) || file.endsWith('.map')) continue;
    const data = readFileSync(file);
    if (data.length < MIN_BYTES) continue;
    writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(data, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
      }),
    );
    files += 1;
  }
  return files;
}
