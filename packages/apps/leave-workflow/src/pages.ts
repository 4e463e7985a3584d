import { matchRoute, normalizePath, PATHS as ROUTES, routePath } from '@ops/shared';

/** The sub-app's code: its pages live under `/leave-workflow` (and the process's fixed routes). */
export const APP_CODE = 'leave-workflow';

export const PATHS = {
  apply: `/${APP_CODE}/apply/index`,
  todo: `/${APP_CODE}/todo/index`,
  done: `/${APP_CODE}/done/index`,
} as const;

/** What a path shows. */
export type Page =
  | { page: 'apply'; processDefinitionId: string | null }
  | { page: 'todo' }
  | { page: 'done' }
  | { page: 'handle'; taskId: string; processInstanceId: string; businessId: string }
  | { page: 'detail'; processInstanceId: string; businessId: string }
  | { page: 'not-found' };

// The shapes the server accepts (docs/api.md section 15): a path whose ids could never exist is unknown.
const DECIMAL_ID = /^[1-9][0-9]{0,17}$/;
const INSTANCE_ID = /^[A-Za-z0-9-]{1,64}$/;
const DEFINITION_ID = /^[A-Za-z][A-Za-z0-9_]{0,63}:[0-9]{1,6}:[0-9]{1,18}$/;

const NOT_FOUND: Page = { page: 'not-found' };

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The page of a path: the app's own pages under `/leave-workflow` (its bare prefix is the to-do list) and
 * the fixed routes `/work/process/leave/form|handle|detail/...`. Parameters count segments and must have the
 * shape of their ids; anything else is the in-app "page not found".
 */
export function pageOf(path: string): Page {
  const normalized = normalizePath(path);
  const segments = normalized.split('/').slice(1).map(decode);
  if (segments.some((s) => s === null || s === '')) return NOT_FOUND;
  const parts = segments as string[];
  const joined = `/${parts.join('/')}`;
  if (joined === `/${APP_CODE}` || joined === PATHS.todo) return { page: 'todo' };
  if (joined === PATHS.apply) return { page: 'apply', processDefinitionId: null };
  if (joined === PATHS.done) return { page: 'done' };
  // The fixed routes are the console's route table's (`app: 'leave-workflow'`).
  const match = matchRoute(normalized);
  const p = match?.params ?? {};
  switch (match?.route.pattern) {
    case ROUTES.leaveForm:
      if (DEFINITION_ID.test(p.processDefinitionId ?? '')) {
        return { page: 'apply', processDefinitionId: p.processDefinitionId! };
      }
      return NOT_FOUND;
    case ROUTES.leaveHandle: {
      const { taskId = '', processInstanceId = '', businessId = '' } = p;
      const valid =
        DECIMAL_ID.test(taskId) && INSTANCE_ID.test(processInstanceId) && DECIMAL_ID.test(businessId);
      return valid ? { page: 'handle', taskId, processInstanceId, businessId } : NOT_FOUND;
    }
    case ROUTES.leaveDetail: {
      const { processInstanceId = '', businessId = '' } = p;
      const valid = INSTANCE_ID.test(processInstanceId) && DECIMAL_ID.test(businessId);
      return valid ? { page: 'detail', processInstanceId, businessId } : NOT_FOUND;
    }
    default:
      return NOT_FOUND;
  }
}

/** The fixed route that opens the apply form of a process definition. */
export const formPath = (processDefinitionId: string) => routePath(ROUTES.leaveForm, { processDefinitionId });

/** The fixed route that handles a task (from the to-do list). */
export const handlePath = (t: { taskId: string; processInstanceId: string; businessId: string }) =>
  routePath(ROUTES.leaveHandle, t);

/** The fixed route of a request's read-only detail. */
export const detailPath = (r: { processInstanceId: string; businessId: string }) =>
  routePath(ROUTES.leaveDetail, r);
