/**
 * Whether the page loads import-map-overrides, single-spa's developer tool: only outside production (the
 * server's word in the page's site config). Its own module: index.ts reads it on every page, while the
 * tool and its other rules stay in lazy chunks.
 */
export const loadsOverrides = (config: { production: boolean }): boolean => config.production === false;
