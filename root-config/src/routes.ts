/** Routes the shell owns (spec §2). Everything else is a sub-app route or unknown. */
export const SHELL_ROUTES: readonly string[] = [
  '/index',
  '/authorization',
  '/login',
  '/editPassword',
  '/lock',
  '/404',
  '/403',
  '/500',
  '/myiframe/*',
  '/noticeinfo/info',
  '/info/index',
  '/site/switch',
  '/work/process/leave/*',
  '/intelligentSpeech/transmit',
  '/operational/DefectManagement/components/Diagnostic-process',
  '/inspect/robotTask/index',
];

/** True when the path is one route of the list: exact, or under a prefix written as `/prefix/*`. */
export function matchesRoute(path: string, routes: readonly string[]): boolean {
  return routes.some((route) =>
    route.endsWith('/*')
      ? path.startsWith(route.slice(0, -1)) || path === route.slice(0, -2)
      : path === route,
  );
}

/** True when the path belongs to the sub-app with this code (spec §2: active when it starts with /{code}). */
export function isSubAppPath(path: string, code: string): boolean {
  const prefix = `/${code}`;
  return path === prefix || path.startsWith(`${prefix}/`);
}
