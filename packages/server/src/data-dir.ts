import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What an operator reads for a file-system error code (the rest: the system's own words). */
const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
};

/**
 * Why the server cannot keep its data in `dir` (the embedded database, the signing key, downloads), or
 * null when it can: made if missing, then a small file written and removed. Checked before anything is
 * opened, so a read-only or full folder stops the start with one line instead of a half-made database.
 */
export function dataDirProblem(dir: string): string | null {
  try {
    if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) mkdirSync(dir, { recursive: true });
    if (!statSync(dir).isDirectory()) return `Data folder ${dir} is not a folder`;
    const probe = join(dir, `.write-check-${process.pid}`);
    writeFileSync(probe, 'ok');
    rmSync(probe);
    return null;
  } catch (err) {
    const { code, message } = err as NodeJS.ErrnoException;
    if (code === 'EEXIST' || code === 'ENOTDIR') return `Data folder ${dir} is not a folder`;
    return `Data folder ${dir} is not writable: ${REASONS[code ?? ''] ?? message}`;
  }
}
