import type { Http } from '@ops/shared';

/** The server's calls of the leave process (docs/api.md section 15). */
export const API = {
  definition: '/api/blade-desk/process/leave/definition',
  approvers: '/api/blade-desk/process/leave/approvers',
  start: '/api/blade-desk/process/leave/start-process',
  detail: '/api/blade-desk/process/leave/detail',
  todo: '/api/blade-flow/work/todo-list',
  done: '/api/blade-flow/work/done-list',
  sent: '/api/blade-flow/work/send-list',
  complete: '/api/blade-flow/work/complete-task',
} as const;

export type RequestStatus = 'running' | 'approved' | 'rejected';
export type Flag = 'ok' | 'reject';

export interface Definition {
  processDefinitionId: string;
  processDefinitionKey: string;
  processDefinitionName: string;
  version: number;
}

export interface Approver {
  id: string;
  account: string;
  realName: string;
}

export interface LeaveRequest {
  businessId: string;
  processInstanceId: string;
  processDefinitionId: string;
  processDefinitionName: string;
  applicantName: string;
  approverName: string;
  leaveType: string;
  startTime: string;
  endTime: string;
  reason: string;
  applyTime: string;
  status: RequestStatus;
  finishTime: string | null;
}

export interface HistoryEntry {
  id: string;
  action: 'start' | Flag;
  userName: string;
  comment: string;
  time: string;
}

export interface LeaveDetail extends LeaveRequest {
  task: { taskId: string; taskName: string; assigneeName: string; createTime: string } | null;
  canHandle: boolean;
  history: HistoryEntry[];
}

export interface Task {
  taskId: string;
  taskName: string;
  businessId: string;
  processInstanceId: string;
  applicantName: string;
  leaveType: string;
  startTime: string;
  endTime: string;
  reason: string;
  createTime: string;
  handleTime: string | null;
  flag: Flag | null;
  comment: string;
  status: RequestStatus;
}

export interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
}

export const PAGE_SIZE = 10;

type Envelope<T> = { data?: T | null };

async function get<T>(http: Http, url: string, params: Record<string, unknown>, signal: AbortSignal) {
  const answer = await http.get<Envelope<T>>(url, { params, signal });
  return answer.data.data ?? null;
}

export const fetchDefinition = (http: Http, processDefinitionId: string | null, signal: AbortSignal) =>
  get<Definition>(http, API.definition, processDefinitionId ? { processDefinitionId } : {}, signal);

export const fetchApprovers = async (http: Http, signal: AbortSignal) =>
  (await get<Approver[]>(http, API.approvers, {}, signal)) ?? [];

export const fetchDetail = (
  http: Http,
  ids: { processInstanceId: string; businessId: string },
  signal: AbortSignal,
) => get<LeaveDetail>(http, API.detail, ids, signal);

const emptyPage = <T>(current: number): Page<T> => ({ records: [], total: 0, current, size: PAGE_SIZE });

async function page<T>(http: Http, url: string, current: number, signal: AbortSignal): Promise<Page<T>> {
  return (await get<Page<T>>(http, url, { current, size: PAGE_SIZE }, signal)) ?? emptyPage(current);
}

export const fetchTodo = (http: Http, current: number, signal: AbortSignal) =>
  page<Task>(http, API.todo, current, signal);
export const fetchDone = (http: Http, current: number, signal: AbortSignal) =>
  page<Task>(http, API.done, current, signal);
export const fetchSent = (http: Http, current: number, signal: AbortSignal) =>
  page<LeaveRequest>(http, API.sent, current, signal);

export interface Started {
  businessId: string;
  processInstanceId: string;
  taskId: string;
}

export async function startLeave(http: Http, body: Record<string, string>, signal: AbortSignal) {
  const answer = await http.post<Envelope<Started>>(API.start, body, { signal });
  return answer.data.data ?? null;
}

export async function completeTask(
  http: Http,
  body: { taskId: string; processInstanceId: string; flag: Flag; comment: string },
  signal: AbortSignal,
) {
  await http.post(API.complete, body, { signal });
}
