/** A stylesheet import gives the URL of the built, content-hashed CSS file (see rollup.config.mjs). */
declare module '*.css' {
  const href: string;
  export default href;
}
