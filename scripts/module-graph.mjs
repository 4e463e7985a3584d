// Reads the static import graph of built SystemJS bundles: which files a page must fetch before a module
// can run. Used for preload hints (postbuild) and the size report.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const REGISTER = /System\.register\(\s*(\[[^\]]*\])/;

/** The dependency specifiers of one built file (empty for files that are not System.register modules). */
export function dependenciesOf(source) {
  const match = REGISTER.exec(source);
  return match ? JSON.parse(match[1].replaceAll("'", '"')) : [];
}

/** URL paths (`/deps/react.x.js`) of every file reachable from `roots` through static imports. */
export function staticGraph(distDir, imports, roots) {
  const seen = new Set();
  const visit = (url) => {
    if (!url || seen.has(url) || !url.startsWith('/')) return;
    seen.add(url);
    const source = readFileSync(path.join(distDir, url), 'utf8');
    for (const dep of dependenciesOf(source)) {
      visit(dep.startsWith('.') ? path.posix.join(path.posix.dirname(url), dep) : imports[dep]);
    }
  };
  for (const root of roots) visit(imports[root]);
  return [...seen];
}
