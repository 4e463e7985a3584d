export { afterLoginPath, returnPathOf, safeRedirect, withRedirect } from './redirect';
