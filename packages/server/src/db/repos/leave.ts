import { randomUUID } from 'node:crypto';
import type { Db } from '../database.ts';
import { type PageArgs, pagedQuery } from '../paged.ts';

export interface FlowDefinitionRow {
  id: number;
  tenant_id: string;
  definition_id: string;
  definition_key: string;
  name: string;
  version: number;
}

export type LeaveStatus = 'running' | 'approved' | 'rejected';
export type TaskFlag = 'ok' | 'reject';
export type HistoryAction = 'start' | TaskFlag;

/** A leave request with the names of its applicant and approver and its definition's name. */
export interface LeaveRequestRow {
  id: number;
  tenant_id: string;
  process_instance_id: string;
  definition_id: string;
  definition_name: string;
  applicant_id: number;
  applicant_name: string;
  approver_id: number;
  approver_name: string;
  leave_type: string;
  start_time: string;
  end_time: string;
  reason: string;
  status: LeaveStatus;
  apply_time: string;
  finish_time: string | null;
}

export interface FlowTaskRow {
  id: number;
  tenant_id: string;
  request_id: number;
  name: string;
  assignee_id: number;
  assignee_name: string;
  status: 'todo' | 'done';
  create_time: string;
  end_time: string | null;
  flag: TaskFlag | null;
  comment: string;
}

/** A task with its request's fields (the to-do and done lists); the leave's times as leave_start / leave_end. */
export type TaskWithRequest = FlowTaskRow &
  Pick<
    LeaveRequestRow,
    | 'process_instance_id'
    | 'definition_id'
    | 'definition_name'
    | 'applicant_name'
    | 'leave_type'
    | 'reason'
    | 'apply_time'
  > & { leave_start: string; leave_end: string; request_status: LeaveStatus };

export interface HistoryRow {
  id: number;
  user_id: number;
  user_name: string;
  action: HistoryAction;
  comment: string;
  time: string;
}

export interface NewLeave {
  tenantId: string;
  definitionId: string;
  applicantId: number;
  approverId: number;
  leaveType: string;
  startTime: string;
  endTime: string;
  reason: string;
  time: string;
}

/** The one task of the demo process: the approver's decision. */
export const APPROVE_TASK = '审批';

const NAME = (alias: string) => `COALESCE(NULLIF(${alias}.real_name, ''), ${alias}.account)`;

const REQUEST_COLUMNS = `r.*, d.name AS definition_name, ${NAME('a')} AS applicant_name, ${NAME('p')} AS approver_name`;
const REQUEST_FROM = `leave_requests r
  JOIN users a ON a.id = r.applicant_id
  JOIN users p ON p.id = r.approver_id
  LEFT JOIN flow_definitions d ON d.tenant_id = r.tenant_id AND d.definition_id = r.definition_id`;

const TASK_COLUMNS = `t.*, ${NAME('u')} AS assignee_name, r.process_instance_id, r.definition_id,
  d.name AS definition_name, ${NAME('a')} AS applicant_name, r.leave_type, r.start_time AS leave_start,
  r.end_time AS leave_end, r.reason,
  r.apply_time, r.status AS request_status`;
const TASK_FROM = `flow_tasks t
  JOIN leave_requests r ON r.id = t.request_id
  JOIN users u ON u.id = t.assignee_id
  JOIN users a ON a.id = r.applicant_id
  LEFT JOIN flow_definitions d ON d.tenant_id = r.tenant_id AND d.definition_id = r.definition_id`;

/** The leave process: definitions, requests, their tasks and history (every query is tenant-scoped). */
export function leaveRepo(db: Db) {
  const requestById = (tenantId: string, id: number) =>
    db
      .prepare(`SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM} WHERE r.tenant_id = ? AND r.id = ?`)
      .get(tenantId, id) as LeaveRequestRow | undefined;
  const addHistory = (
    tenantId: string,
    requestId: number,
    userId: number,
    action: HistoryAction,
    comment: string,
    time: string,
  ) =>
    db
      .prepare(
        'INSERT INTO flow_history (tenant_id, request_id, user_id, action, comment, time) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(tenantId, requestId, userId, action, comment, time);

  /** Accounts of the tenant that may approve: live, enabled, not the caller, with a role other than guest. */
  function approvers(tenantId: string, exceptUserId: number) {
    const roles = new Map(
      (
        db.prepare('SELECT id, role_alias FROM roles WHERE tenant_id = ?').all(tenantId) as {
          id: number;
          role_alias: string;
        }[]
      ).map((r) => [r.id, r.role_alias]),
    );
    const users = db
      .prepare(
        `SELECT id, account, real_name, role_ids FROM users
         WHERE tenant_id = ? AND is_deleted = 0 AND status = 1 AND id <> ? ORDER BY id`,
      )
      .all(tenantId, exceptUserId) as { id: number; account: string; real_name: string; role_ids: string }[];
    return users.filter((u) =>
      u.role_ids
        .split(',')
        .filter(Boolean)
        .some((id) => {
          const alias = roles.get(Number(id));
          return alias !== undefined && alias !== 'guest';
        }),
    );
  }
  /** Starts a request: the request, its start in the history and the approver's task, in one transaction. */
  function start(leave: NewLeave): { requestId: number; processInstanceId: string; taskId: number } {
    return db.transaction(() => {
      const processInstanceId = randomUUID();
      const requestId = Number(
        db
          .prepare(
            `INSERT INTO leave_requests (tenant_id, process_instance_id, definition_id, applicant_id, approver_id,
               leave_type, start_time, end_time, reason, status, apply_time)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'running', ?)`,
          )
          .run(
            leave.tenantId,
            processInstanceId,
            leave.definitionId,
            leave.applicantId,
            leave.approverId,
            leave.leaveType,
            leave.startTime,
            leave.endTime,
            leave.reason,
            leave.time,
          ).lastInsertRowid,
      );
      addHistory(leave.tenantId, requestId, leave.applicantId, 'start', '', leave.time);
      const taskId = Number(
        db
          .prepare(
            `INSERT INTO flow_tasks (tenant_id, request_id, name, assignee_id, status, create_time)
             VALUES (?, ?, ?, ?, 'todo', ?)`,
          )
          .run(leave.tenantId, requestId, APPROVE_TASK, leave.approverId, leave.time).lastInsertRowid,
      );
      return { requestId, processInstanceId, taskId };
    })();
  }
  /**
   * Closes an open task with the decision and ends the request with it, in one transaction. Answers
   * false (and changes nothing) when the task was no longer open.
   */
  function complete(
    tenantId: string,
    taskId: number,
    userId: number,
    flag: TaskFlag,
    comment: string,
    time: string,
  ) {
    return db.transaction(() => {
      const task = db
        .prepare("SELECT request_id FROM flow_tasks WHERE tenant_id = ? AND id = ? AND status = 'todo'")
        .get(tenantId, taskId) as { request_id: number } | undefined;
      if (!task) return false;
      db.prepare(
        "UPDATE flow_tasks SET status = 'done', end_time = ?, flag = ?, comment = ? WHERE id = ?",
      ).run(time, flag, comment, taskId);
      addHistory(tenantId, task.request_id, userId, flag, comment, time);
      db.prepare('UPDATE leave_requests SET status = ?, finish_time = ? WHERE id = ?').run(
        flag === 'ok' ? 'approved' : 'rejected',
        time,
        task.request_id,
      );
      return true;
    })();
  }

  /** The user's tasks of one status, with their requests. */
  function taskPage(
    tenantId: string,
    userId: number,
    status: FlowTaskRow['status'],
    orderBy: string,
    page: PageArgs,
  ) {
    return pagedQuery<TaskWithRequest>(
      db,
      {
        from: `${TASK_FROM} WHERE t.tenant_id = ? AND t.assignee_id = ? AND t.status = ?`,
        args: [tenantId, userId, status],
        columns: TASK_COLUMNS,
        orderBy,
      },
      page,
    );
  }

  return {
    approvers,
    start,
    complete,
    insertDefinition(tenantId: string, definitionId: string, key: string, name: string, version: number) {
      db.prepare(
        'INSERT INTO flow_definitions (tenant_id, definition_id, definition_key, name, version) VALUES (?, ?, ?, ?, ?)',
      ).run(tenantId, definitionId, key, name, version);
    },
    definition(tenantId: string, definitionId: string): FlowDefinitionRow | undefined {
      return db
        .prepare('SELECT * FROM flow_definitions WHERE tenant_id = ? AND definition_id = ?')
        .get(tenantId, definitionId) as FlowDefinitionRow | undefined;
    },
    /** The newest version of a process (by key). */
    latestDefinition(tenantId: string, key: string): FlowDefinitionRow | undefined {
      return db
        .prepare(
          'SELECT * FROM flow_definitions WHERE tenant_id = ? AND definition_key = ? ORDER BY version DESC LIMIT 1',
        )
        .get(tenantId, key) as FlowDefinitionRow | undefined;
    },
    isApprover(tenantId: string, userId: number, exceptUserId: number): boolean {
      return approvers(tenantId, exceptUserId).some((u) => u.id === userId);
    },
    requestById,
    task(tenantId: string, taskId: number): FlowTaskRow | undefined {
      return db
        .prepare(
          `SELECT t.*, ${NAME('u')} AS assignee_name FROM flow_tasks t JOIN users u ON u.id = t.assignee_id
           WHERE t.tenant_id = ? AND t.id = ?`,
        )
        .get(tenantId, taskId) as FlowTaskRow | undefined;
    },
    tasks(requestId: number): FlowTaskRow[] {
      return db
        .prepare(
          `SELECT t.*, ${NAME('u')} AS assignee_name FROM flow_tasks t JOIN users u ON u.id = t.assignee_id
           WHERE t.request_id = ? ORDER BY t.id`,
        )
        .all(requestId) as FlowTaskRow[];
    },
    history(requestId: number): HistoryRow[] {
      return db
        .prepare(
          `SELECT h.id, h.user_id, ${NAME('u')} AS user_name, h.action, h.comment, h.time
           FROM flow_history h JOIN users u ON u.id = h.user_id WHERE h.request_id = ? ORDER BY h.id`,
        )
        .all(requestId) as HistoryRow[];
    },
    /** Tasks assigned to the user that are still open, newest first. */
    todoPage: (tenantId: string, userId: number, page: PageArgs) =>
      taskPage(tenantId, userId, 'todo', 't.create_time DESC, t.id DESC', page),
    /** Tasks the user has handled, most recent first. */
    donePage: (tenantId: string, userId: number, page: PageArgs) =>
      taskPage(tenantId, userId, 'done', 't.end_time DESC, t.id DESC', page),
    /** Requests the user started, newest first. */
    sentPage(tenantId: string, userId: number, page: PageArgs) {
      return pagedQuery<LeaveRequestRow>(
        db,
        {
          from: `${REQUEST_FROM} WHERE r.tenant_id = ? AND r.applicant_id = ?`,
          args: [tenantId, userId],
          columns: REQUEST_COLUMNS,
          orderBy: 'r.apply_time DESC, r.id DESC',
        },
        page,
      );
    },
    /** Seeds a finished or running request with the given times (demo data). */
    seedRequest(
      leave: NewLeave,
      decision?: { flag: TaskFlag; comment: string; time: string },
    ): { requestId: number; taskId: number } {
      const started = start(leave);
      if (decision)
        complete(
          leave.tenantId,
          started.taskId,
          leave.approverId,
          decision.flag,
          decision.comment,
          decision.time,
        );
      return { requestId: started.requestId, taskId: started.taskId };
    },
  };
}
