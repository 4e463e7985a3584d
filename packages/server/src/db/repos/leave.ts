import { randomUUID } from 'node:crypto';
import { type Db, type RawBuilder, sql } from '../database.ts';
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

const REQUEST_COLUMNS = sql.raw(
  `r.*, d.name AS definition_name, ${NAME('a')} AS applicant_name, ${NAME('p')} AS approver_name`,
);
const REQUEST_FROM = sql`leave_requests r
  JOIN users a ON a.id = r.applicant_id
  JOIN users p ON p.id = r.approver_id
  LEFT JOIN flow_definitions d ON d.tenant_id = r.tenant_id AND d.definition_id = r.definition_id`;

const TASK_COLUMNS = sql.raw(`t.*, ${NAME('u')} AS assignee_name, r.process_instance_id, r.definition_id,
  d.name AS definition_name, ${NAME('a')} AS applicant_name, r.leave_type, r.start_time AS leave_start,
  r.end_time AS leave_end, r.reason,
  r.apply_time, r.status AS request_status`);
const TASK_FROM = sql`flow_tasks t
  JOIN leave_requests r ON r.id = t.request_id
  JOIN users u ON u.id = t.assignee_id
  JOIN users a ON a.id = r.applicant_id
  LEFT JOIN flow_definitions d ON d.tenant_id = r.tenant_id AND d.definition_id = r.definition_id`;

/** A task with its assignee's name (the columns and joins of `task` and `tasks`). */
const TASK_WITH_ASSIGNEE = sql.raw(
  `SELECT t.*, ${NAME('u')} AS assignee_name FROM flow_tasks t JOIN users u ON u.id = t.assignee_id`,
);

/** The leave process: definitions, requests, their tasks and history (every query is tenant-scoped). */
export function leaveRepo(db: Db) {
  const requestById = (tenantId: string, id: number) =>
    db.get<LeaveRequestRow>(
      sql`SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM} WHERE r.tenant_id = ${tenantId} AND r.id = ${id}`,
    );
  const addHistory = (
    tenantId: string,
    requestId: number,
    userId: number,
    action: HistoryAction,
    comment: string,
    time: string,
  ) =>
    db.run(sql`
      INSERT INTO flow_history (tenant_id, request_id, user_id, action, comment, time)
      VALUES (${tenantId}, ${requestId}, ${userId}, ${action}, ${comment}, ${time})`);

  /** Accounts of the tenant that may approve: live, enabled, not the caller, with a role other than guest. */
  async function approvers(tenantId: string, exceptUserId: number) {
    const roles = new Map(
      (
        await db.all<{ id: number; role_alias: string }>(
          sql`SELECT id, role_alias FROM roles WHERE tenant_id = ${tenantId}`,
        )
      ).map((r) => [r.id, r.role_alias]),
    );
    const users = await db.all<{ id: number; account: string; real_name: string; role_ids: string }>(sql`
      SELECT id, account, real_name, role_ids FROM users
      WHERE tenant_id = ${tenantId} AND is_deleted = 0 AND status = 1 AND id <> ${exceptUserId} ORDER BY id`);
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
  function start(leave: NewLeave): Promise<{ requestId: number; processInstanceId: string; taskId: number }> {
    return db.transaction(async () => {
      const processInstanceId = randomUUID();
      const requestId = await db.insert(sql`
        INSERT INTO leave_requests (tenant_id, process_instance_id, definition_id, applicant_id, approver_id,
          leave_type, start_time, end_time, reason, status, apply_time)
        VALUES (${leave.tenantId}, ${processInstanceId}, ${leave.definitionId}, ${leave.applicantId},
          ${leave.approverId}, ${leave.leaveType}, ${leave.startTime}, ${leave.endTime}, ${leave.reason},
          'running', ${leave.time})
        RETURNING id`);
      await addHistory(leave.tenantId, requestId, leave.applicantId, 'start', '', leave.time);
      const taskId = await db.insert(sql`
        INSERT INTO flow_tasks (tenant_id, request_id, name, assignee_id, status, create_time)
        VALUES (${leave.tenantId}, ${requestId}, ${APPROVE_TASK}, ${leave.approverId}, 'todo', ${leave.time})
        RETURNING id`);
      return { requestId, processInstanceId, taskId };
    });
  }
  /**
   * Closes an open task with the decision and ends the request with it, in one transaction. Answers
   * false (and changes nothing) when the task was no longer open. The close is one conditional statement:
   * of two decisions on one task (two tabs, two instances) only one finds it open.
   */
  function complete(
    tenantId: string,
    taskId: number,
    userId: number,
    flag: TaskFlag,
    comment: string,
    time: string,
  ): Promise<boolean> {
    return db.transaction(async () => {
      const task = await db.get<{ request_id: number }>(sql`
        UPDATE flow_tasks SET status = 'done', end_time = ${time}, flag = ${flag}, comment = ${comment}
        WHERE tenant_id = ${tenantId} AND id = ${taskId} AND status = 'todo'
        RETURNING request_id`);
      if (!task) return false;
      await addHistory(tenantId, task.request_id, userId, flag, comment, time);
      await db.run(sql`
        UPDATE leave_requests SET status = ${flag === 'ok' ? 'approved' : 'rejected'}, finish_time = ${time}
        WHERE id = ${task.request_id}`);
      return true;
    });
  }

  /** The user's tasks of one status, with their requests. */
  function taskPage(
    tenantId: string,
    userId: number,
    status: FlowTaskRow['status'],
    orderBy: RawBuilder<unknown>,
    page: PageArgs,
  ) {
    return pagedQuery<TaskWithRequest>(
      db,
      {
        from: sql`${TASK_FROM} WHERE t.tenant_id = ${tenantId} AND t.assignee_id = ${userId} AND t.status = ${status}`,
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
    async insertDefinition(
      tenantId: string,
      definitionId: string,
      key: string,
      name: string,
      version: number,
    ) {
      await db.run(sql`
        INSERT INTO flow_definitions (tenant_id, definition_id, definition_key, name, version)
        VALUES (${tenantId}, ${definitionId}, ${key}, ${name}, ${version})`);
    },
    definition(tenantId: string, definitionId: string): Promise<FlowDefinitionRow | undefined> {
      return db.get<FlowDefinitionRow>(
        sql`SELECT * FROM flow_definitions WHERE tenant_id = ${tenantId} AND definition_id = ${definitionId}`,
      );
    },
    /** The newest version of a process (by key). */
    latestDefinition(tenantId: string, key: string): Promise<FlowDefinitionRow | undefined> {
      return db.get<FlowDefinitionRow>(sql`
        SELECT * FROM flow_definitions WHERE tenant_id = ${tenantId} AND definition_key = ${key}
        ORDER BY version DESC LIMIT 1`);
    },
    async isApprover(tenantId: string, userId: number, exceptUserId: number): Promise<boolean> {
      return (await approvers(tenantId, exceptUserId)).some((u) => u.id === userId);
    },
    requestById,
    task(tenantId: string, taskId: number): Promise<FlowTaskRow | undefined> {
      return db.get<FlowTaskRow>(
        sql`${TASK_WITH_ASSIGNEE} WHERE t.tenant_id = ${tenantId} AND t.id = ${taskId}`,
      );
    },
    tasks(requestId: number): Promise<FlowTaskRow[]> {
      return db.all<FlowTaskRow>(sql`${TASK_WITH_ASSIGNEE} WHERE t.request_id = ${requestId} ORDER BY t.id`);
    },
    history(requestId: number): Promise<HistoryRow[]> {
      return db.all<HistoryRow>(sql`
        SELECT h.id, h.user_id, ${sql.raw(NAME('u'))} AS user_name, h.action, h.comment, h.time
        FROM flow_history h JOIN users u ON u.id = h.user_id WHERE h.request_id = ${requestId} ORDER BY h.id`);
    },
    /** Tasks assigned to the user that are still open, newest first. */
    todoPage: (tenantId: string, userId: number, page: PageArgs) =>
      taskPage(tenantId, userId, 'todo', sql`t.create_time DESC, t.id DESC`, page),
    /** Tasks the user has handled, most recent first. */
    donePage: (tenantId: string, userId: number, page: PageArgs) =>
      taskPage(tenantId, userId, 'done', sql`t.end_time DESC, t.id DESC`, page),
    /** Requests the user started, newest first. */
    sentPage(tenantId: string, userId: number, page: PageArgs) {
      return pagedQuery<LeaveRequestRow>(
        db,
        {
          from: sql`${REQUEST_FROM} WHERE r.tenant_id = ${tenantId} AND r.applicant_id = ${userId}`,
          columns: REQUEST_COLUMNS,
          orderBy: sql`r.apply_time DESC, r.id DESC`,
        },
        page,
      );
    },
    /** Seeds a finished or running request with the given times (demo data). */
    async seedRequest(
      leave: NewLeave,
      decision?: { flag: TaskFlag; comment: string; time: string },
    ): Promise<{ requestId: number; taskId: number }> {
      const started = await start(leave);
      if (decision)
        await complete(
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
