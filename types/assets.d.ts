/** A stylesheet import gives the URL of the built, content-hashed CSS file (see rollup.config.mjs). */
declare module '*.css' {
  const href: string;
  export default href;
}

/** Where the build serves pdf.js's worker (a versioned vendor path). */
declare const __PDFJS_WORKER_URL__: string;
/** Where the build serves Shoelace's themes and icons. */
declare const __SHOELACE_BASE__: string;

/** Registers the console's Shoelace components once (root-config/deps/shoelace.ts, served by the import map). */
declare module '@ops/shoelace' {
  export function setBasePath(path: string): void;
}

/** URLs of ApexCharts' own stylesheets (versioned vendor paths), linked while a chart is shown. */
declare const __APEXCHARTS_CSS__: string[];

/** import-map-overrides ships no types: it is imported for its effect (it defines window.importMapOverrides). */
declare module 'import-map-overrides';
