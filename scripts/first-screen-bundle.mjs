// The login page's first screen in one file: every module the root config and the shell import
// statically, each registered under its own URL (SystemJS's named-register extra), so the page fetches one
// script instead of one per module. The files themselves stay where they are and the import map still
// names them: SystemJS takes a module from this file only when the map resolves to the URL it was
// registered under, so a bundle deployed on its own (a new URL in the map) is fetched as usual and what
// this file holds for its old URL is never used.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const NAMED_REGISTER = 'node_modules/systemjs/dist/extras/named-register.min.js';
const SOURCE_MAP = /\n?\/\/# sourceMappingURL=\S+\s*$/;
const REGISTER = 'System.register(';

/**
 * The file's text: the named-register extra, then each module of `urls` (URL paths of built System.register
 * files in `distDir`) registered under its absolute URL on this page's origin.
 */
export function firstScreenBundle(distDir, urls) {
  const modules = urls.map((url) => {
    const source = readFileSync(path.join(distDir, url), 'utf8').replace(SOURCE_MAP, '');
    if (!source.startsWith(REGISTER))
      throw new Error(`first-screen bundle: ${url} is not a System.register module`);
    return `System.register(u(${JSON.stringify(url)}),${source.slice(REGISTER.length)}`;
  });
  const extra = readFileSync(NAMED_REGISTER, 'utf8').replace(SOURCE_MAP, '');
  return [
    // No compile hint (`//# allFunctionsCalledOnLoad`): compiling all of this eagerly while it streams in
    // held the script back 45 ms after it arrived, more than the lazy compiles it saves (measured in
    // issue 9's A/B, P0 median 280 -> 255 ms on 2 cores). Only what runs is compiled, when it runs.
    extra,
    '(function(){var u=function(p){return new URL(p,location.href).href};',
    ...modules,
    // The core keeps the last anonymous registration for the next script it loads: none is pending here.
    'System.getRegister()})();',
    '',
  ].join('\n');
}
