export { afterLoginPath, returnPathOf, safeRedirect, withRedirect } from './redirect';
export type { ChromePageKey, FullScreenPageKey, RouteDef, RouteKind, RouteMatch } from './routes';
export {
  excludedPrefixes,
  homePathOf,
  isFullScreenRoute,
  isPublicRoute,
  isSubAppPath,
  isValidAppCode,
  lockPageOf,
  matchRoute,
  normalizePath,
  PATHS,
  ROUTES,
  routePath,
  subAppCodeOf,
  underPrefix,
  WORKBENCH_HOMES,
  workbenchHomeOf,
} from './routes';
