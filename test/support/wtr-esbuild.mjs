// web-test-runner serves each test file bundled by esbuild: React and the packages resolve once per test
// file, TypeScript and JSX are transpiled, and a stylesheet import becomes a data URL.
import path from 'node:path';
import { build } from 'esbuild';

export function esbuildBundle() {
  return {
    name: 'ops-esbuild-bundle',
    resolveMimeType(context) {
      if (/\.test\.tsx?$/.test(context.path)) return 'js';
      return undefined;
    },
    async serve(context) {
      if (!/\.test\.tsx?$/.test(context.path)) return undefined;
      const file = path.join(process.cwd(), decodeURIComponent(context.path));
      const result = await build({
        entryPoints: [file],
        bundle: true,
        format: 'esm',
        write: false,
        jsx: 'automatic',
        target: 'es2022',
        sourcemap: 'inline',
        loader: { '.css': 'dataurl' },
        // Import-map names that are not packages: the same sources the build uses.
        alias: { '@ops/shoelace': path.resolve('root-config/deps/shoelace.ts') },
        define: {
          'process.env.NODE_ENV': '"development"',
          __SHOELACE_BASE__: '"/node_modules/@shoelace-style/shoelace/dist"',
          __PDFJS_WORKER_URL__: '"/node_modules/pdfjs-dist/build/pdf.worker.min.mjs"',
          __APEXCHARTS_CSS__: JSON.stringify([
            '/node_modules/apexcharts/dist/apexcharts.css',
            '/node_modules/apexcharts/dist/apexcharts-legend.css',
          ]),
        },
        logLevel: 'silent',
      });
      return { body: result.outputFiles[0].text, type: 'js' };
    },
  };
}
