import { normalizePath } from '@ops/shared';

/** The sub-app's code: its pages live under `/leave-workflow` (and the process's fixed routes). */
export const APP_CODE = 'leave-workflow';

export const PATHS = {
  apply: `/${APP_CODE}/apply/index`,
  todo: `/${APP_CODE}/todo/index`,
  done: `/${APP_CODE}/done/index`,
} as const;

const FIXED = '/work/process/leave';

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
  if (!joined.startsWith(`${FIXED}/`)) return NOT_FOUND;
  const [kind, ...params] = parts.slice(3);
  if (kind === 'form' && params.length === 1 && DEFINITION_ID.test(params[0]!)) {
    return { page: 'apply', processDefinitionId: params[0]! };
  }
  if (kind === 'handle' && params.length === 3) {
    const [taskId, processInstanceId, businessId] = params as [string, string, string];
    if (DECIMAL_ID.test(taskId) && INSTANCE_ID.test(processInstanceId) && DECIMAL_ID.test(businessId)) {
      return { page: 'handle', taskId, processInstanceId, businessId };
    }
  }
  if (kind === 'detail' && params.length === 2) {
    const [processInstanceId, businessId] = params as [string, string];
    if (INSTANCE_ID.test(processInstanceId) && DECIMAL_ID.test(businessId)) {
      return { page: 'detail', processInstanceId, businessId };
    }
  }
  return NOT_FOUND;
}

/** A path segment; `:` stays as it is (a process definition id reads `leave_process:1:10001`). */
const segment = (value: string) => encodeURIComponent(value).replace(/%3A/gi, ':');

/** The fixed route that opens the apply form of a process definition. */
export const formPath = (processDefinitionId: string) => `${FIXED}/form/${segment(processDefinitionId)}`;

/** The fixed route that handles a task (from the to-do list). */
export const handlePath = (t: { taskId: string; processInstanceId: string; businessId: string }) =>
  `${FIXED}/handle/${segment(t.taskId)}/${segment(t.processInstanceId)}/${segment(t.businessId)}`;

/** The fixed route of a request's read-only detail. */
export const detailPath = (r: { processInstanceId: string; businessId: string }) =>
  `${FIXED}/detail/${segment(r.processInstanceId)}/${segment(r.businessId)}`;
