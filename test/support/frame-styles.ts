/**
 * The page frame's stylesheet (root-config/src/frame.css: the theme tokens and the frame's grid), for
 * component tests of packages that need the real tokens on the page. Packages never import the root
 * config's files themselves; their tests take it from here.
 */
export { default as frameStylesheet } from '../../root-config/src/frame.css';
