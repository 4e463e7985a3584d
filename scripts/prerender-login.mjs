// The login page's markup for both languages, with and without the social tab (issue 31): the shell's first render on /login, rendered with
// React's server renderer from the same source at build time. The server sends it inside the shell's
// container (packages/server/src/static/prerender.ts) and the shell hydrates it.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export const PRERENDER_DIR = 'prerender';

/** Writes dist/prerender/login.<lang>.<plain|social>.html; the site config is the one the build ships. */
export async function prerenderLogin(dist) {
  const out = path.join('test-results', `prerender-${process.pid}.mjs`);
  mkdirSync(path.dirname(out), { recursive: true });
  await build({
    entryPoints: ['packages/shell/src/login-markup.tsx'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: out,
    jsx: 'automatic',
    // Only URLs held in layout effects, which the server renderer never runs.
    loader: { '.css': 'text', '.svg': 'text', '.png': 'empty' },
    define: { 'process.env.NODE_ENV': '"production"' },
    // Loaded with first use, never by the first render.
    external: ['@ops/shoelace', 'import-map-overrides'],
    // CommonJS dependencies bundled into an ES module still call require for Node's built-ins.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    logLevel: 'error',
  });
  try {
    const { loginMarkup } = await import(pathToFileURL(path.resolve(out)).href);
    const config = JSON.parse(readFileSync(path.join(dist, 'site-config.json'), 'utf8'));
    mkdirSync(path.join(dist, PRERENDER_DIR), { recursive: true });
    // What the first render reads of the site config: the title, and whether there is a social tab (the
    // server adds a simulated provider outside production). The server sends the markup only for a page
    // config that matches (packages/server/src/static/prerender.ts).
    for (const lang of ['zh', 'en']) {
      for (const social of [false, true]) {
        const providers = social ? [{ source: 'prerender', name: 'prerender', authorizeUrl: '/' }] : [];
        writeFileSync(
          path.join(dist, PRERENDER_DIR, `login.${lang}.${social ? 'social' : 'plain'}.html`),
          loginMarkup(lang, { ...config, socialProviders: providers }),
        );
      }
    }
    writeFileSync(
      path.join(dist, PRERENDER_DIR, 'login.json'),
      JSON.stringify({ title: config.title ?? null }),
    );
  } finally {
    rmSync(out, { force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await prerenderLogin('dist');
