import Type from 'typebox';
import type { AppContext } from '../context.ts';
import { mapPage, pageArgs } from '../db/paged.ts';
import type { FlowDefinitionRow, HistoryRow, LeaveRequestRow, TaskWithRequest } from '../db/repos/leave.ts';
import { nowText } from '../db/repos/util.ts';
import { me } from '../http/auth.ts';
import { ApiError, badRequest, forbidden, notFound, ok } from '../http/envelope.ts';
import { messagesOf } from '../http/messages.ts';
import { body, id, oneOf, paging, query, type RouteApp } from '../http/schema.ts';

/** The process key of the demo leave process; `leave_process:1:10001` is its seeded first version. */
export const LEAVE_PROCESS_KEY = 'leave_process';
/** Leave types: annual, sick, personal, compensatory time off, marriage, maternity/paternity. */
export const LEAVE_TYPES = ['annual', 'sick', 'personal', 'compensatory', 'marriage', 'parental'] as const;
export const REASON_MAX = 200;
export const COMMENT_MAX = 200;

const DEFINITION_ID = Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,63}:[0-9]{1,6}:[0-9]{1,18}$' });
const INSTANCE_ID = Type.String({ pattern: '^[A-Za-z0-9-]{1,64}$' });
/** `YYYY-MM-DD HH:mm`, checked as a calendar date by the handler. */
const MINUTE = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}$' });
const TEXT = (max: number, min = 0) => Type.String({ minLength: min, maxLength: max, pattern: '^[^<>`]*$' });

const MESSAGES = {
  definitionUnknown: ['流程定义不存在', 'no such process definition'],
  requestUnknown: ['请假申请不存在', 'no such leave request'],
  taskUnknown: ['任务不存在', 'no such task'],
  notParticipant: ['只有流程参与人可以查看该申请', 'only the participants of a request may read it'],
  notAssignee: ['只有任务的办理人可以办理该任务', 'only the assignee of a task may handle it'],
  alreadyHandled: ['该任务已办理', 'this task has already been handled'],
  approverInvalid: [
    '审批人须为本租户的其他有效账号',
    'the approver must be another active account of your tenant',
  ],
  startInvalid: ['开始时间不是有效的日期时间', 'the start time is not a valid date and time'],
  endInvalid: ['结束时间不是有效的日期时间', 'the end time is not a valid date and time'],
  endBeforeStart: ['结束时间须晚于开始时间', 'the end time must be after the start time'],
  reasonBlank: ['请假事由不能为空', 'the reason must not be blank'],
  commentRequired: ['驳回时须填写审批意见', 'a comment is required to reject'],
} as const;

const say = messagesOf(MESSAGES);

/** A `YYYY-MM-DD HH:mm` that names a real moment (no 2026-02-30, no 24:00). */
export function isCalendarMinute(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/.exec(text);
  if (!match) return false;
  const [y, mo, d, h, mi] = match.slice(1).map(Number) as [number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi));
  return (
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    date.getUTCHours() === h &&
    date.getUTCMinutes() === mi
  );
}

const definitionDto = (d: FlowDefinitionRow) => ({
  processDefinitionId: d.definition_id,
  processDefinitionKey: d.definition_key,
  processDefinitionName: d.name,
  version: d.version,
});

const requestFields = (r: LeaveRequestRow) => ({
  businessId: String(r.id),
  processInstanceId: r.process_instance_id,
  processDefinitionId: r.definition_id,
  processDefinitionName: r.definition_name ?? '',
  applicantId: String(r.applicant_id),
  applicantName: r.applicant_name,
  approverId: String(r.approver_id),
  approverName: r.approver_name,
  leaveType: r.leave_type,
  startTime: r.start_time,
  endTime: r.end_time,
  reason: r.reason,
  applyTime: r.apply_time,
  status: r.status,
  finishTime: r.finish_time,
});

const taskFields = (t: TaskWithRequest) => ({
  taskId: String(t.id),
  taskName: t.name,
  category: 'leave',
  businessId: String(t.request_id),
  processInstanceId: t.process_instance_id,
  processDefinitionId: t.definition_id,
  processDefinitionName: t.definition_name ?? '',
  applicantName: t.applicant_name,
  assigneeName: t.assignee_name,
  leaveType: t.leave_type,
  startTime: t.leave_start,
  endTime: t.leave_end,
  reason: t.reason,
  applyTime: t.apply_time,
  createTime: t.create_time,
  handleTime: t.end_time,
  flag: t.flag,
  comment: t.comment,
  status: t.request_status,
});

const historyDto = (h: HistoryRow) => ({
  id: String(h.id),
  action: h.action,
  userId: String(h.user_id),
  userName: h.user_name,
  comment: h.comment,
  time: h.time,
});

/**
 * The demo leave process in the spirit of BladeX's flow API: the request calls under
 * `/api/blade-desk/process/leave`, the task lists and the task completion under `/api/blade-flow/work`.
 * One approval step: the applicant names an approver of the tenant, the approver approves or rejects.
 */
export function registerLeaveRoutes(app: RouteApp, ctx: AppContext) {
  const { repos } = ctx;
  const leave = repos.leave;
  const base = '/api/blade-desk/process/leave';
  const work = '/api/blade-flow/work';

  app.get(
    `${base}/definition`,
    { schema: { querystring: query({ processDefinitionId: DEFINITION_ID }) } },
    async (request) => {
      const { tenantId } = me(request);
      const wanted = request.query.processDefinitionId;
      const definition = wanted
        ? await leave.definition(tenantId, wanted)
        : await leave.latestDefinition(tenantId, LEAVE_PROCESS_KEY);
      if (definition?.definition_key !== LEAVE_PROCESS_KEY) throw notFound(say(request, 'definitionUnknown'));
      return ok(definitionDto(definition));
    },
  );

  app.get(`${base}/approvers`, { schema: { querystring: query({}) } }, async (request) => {
    const { tenantId, user } = me(request);
    return ok(
      (await leave.approvers(tenantId, user.id)).map((u) => ({
        id: String(u.id),
        account: u.account,
        realName: u.real_name || u.account,
      })),
    );
  });

  app.post(
    `${base}/start-process`,
    {
      schema: {
        body: body(
          {
            processDefinitionId: DEFINITION_ID,
            leaveType: oneOf(LEAVE_TYPES),
            startTime: MINUTE,
            endTime: MINUTE,
            reason: TEXT(REASON_MAX, 1),
            approverId: id,
          },
          ['processDefinitionId', 'leaveType', 'startTime', 'endTime', 'reason', 'approverId'],
        ),
      },
    },
    async (request) => {
      const { tenantId, user } = me(request);
      const p = request.body;
      const definition = await leave.definition(tenantId, p.processDefinitionId);
      if (definition?.definition_key !== LEAVE_PROCESS_KEY) throw notFound(say(request, 'definitionUnknown'));
      if (!isCalendarMinute(p.startTime)) throw badRequest(say(request, 'startInvalid'));
      if (!isCalendarMinute(p.endTime)) throw badRequest(say(request, 'endInvalid'));
      if (p.endTime <= p.startTime) throw badRequest(say(request, 'endBeforeStart'));
      if (p.reason.trim() === '') throw badRequest(say(request, 'reasonBlank'));
      const approverId = Number(p.approverId);
      if (!(await leave.isApprover(tenantId, approverId, user.id)))
        throw badRequest(say(request, 'approverInvalid'));
      const started = await leave.start({
        tenantId,
        definitionId: definition.definition_id,
        applicantId: user.id,
        approverId,
        leaveType: p.leaveType,
        startTime: p.startTime,
        endTime: p.endTime,
        reason: p.reason,
        time: nowText(ctx.now()),
      });
      return ok({
        businessId: String(started.requestId),
        processInstanceId: started.processInstanceId,
        taskId: String(started.taskId),
        status: 'running',
      });
    },
  );

  app.get(
    `${base}/detail`,
    {
      schema: {
        querystring: query({ processInstanceId: INSTANCE_ID, businessId: id }, [
          'processInstanceId',
          'businessId',
        ]),
      },
    },
    async (request) => {
      const { tenantId, user } = me(request);
      const q = request.query;
      const found = await leave.requestById(tenantId, Number(q.businessId));
      if (found?.process_instance_id !== q.processInstanceId) throw notFound(say(request, 'requestUnknown'));
      const tasks = await leave.tasks(found.id);
      const participant = found.applicant_id === user.id || tasks.some((t) => t.assignee_id === user.id);
      if (!participant) throw forbidden(say(request, 'notParticipant'));
      const open = tasks.find((t) => t.status === 'todo') ?? null;
      return ok({
        ...requestFields(found),
        task: open && {
          taskId: String(open.id),
          taskName: open.name,
          assigneeId: String(open.assignee_id),
          assigneeName: open.assignee_name,
          createTime: open.create_time,
        },
        canHandle: open?.assignee_id === user.id,
        history: (await leave.history(found.id)).map(historyDto),
      });
    },
  );

  app.get(`${work}/todo-list`, { schema: { querystring: query({ ...paging }) } }, async (request) => {
    const { tenantId, user } = me(request);
    return ok(mapPage(await leave.todoPage(tenantId, user.id, pageArgs(request.query)), taskFields));
  });

  app.get(`${work}/done-list`, { schema: { querystring: query({ ...paging }) } }, async (request) => {
    const { tenantId, user } = me(request);
    return ok(mapPage(await leave.donePage(tenantId, user.id, pageArgs(request.query)), taskFields));
  });

  app.get(`${work}/send-list`, { schema: { querystring: query({ ...paging }) } }, async (request) => {
    const { tenantId, user } = me(request);
    return ok(mapPage(await leave.sentPage(tenantId, user.id, pageArgs(request.query)), requestFields));
  });

  app.post(
    `${work}/complete-task`,
    {
      schema: {
        body: body(
          {
            taskId: id,
            processInstanceId: INSTANCE_ID,
            flag: oneOf(['ok', 'reject']),
            comment: TEXT(COMMENT_MAX),
          },
          ['taskId', 'processInstanceId', 'flag'],
        ),
      },
    },
    async (request) => {
      const { tenantId, user } = me(request);
      const p = request.body;
      const task = await leave.task(tenantId, Number(p.taskId));
      const owner = task && (await leave.requestById(tenantId, task.request_id));
      if (!task || owner?.process_instance_id !== p.processInstanceId) {
        throw notFound(say(request, 'taskUnknown'));
      }
      if (task.assignee_id !== user.id) throw forbidden(say(request, 'notAssignee'));
      if (task.status !== 'todo') throw badRequest(say(request, 'alreadyHandled'));
      const comment = (p.comment ?? '').trim();
      if (p.flag === 'reject' && comment === '') throw badRequest(say(request, 'commentRequired'));
      if (!(await leave.complete(tenantId, task.id, user.id, p.flag, comment, nowText(ctx.now())))) {
        throw new ApiError(400, say(request, 'alreadyHandled'));
      }
      return ok({
        taskId: String(task.id),
        businessId: String(task.request_id),
        processInstanceId: p.processInstanceId,
        status: p.flag === 'ok' ? 'approved' : 'rejected',
      });
    },
  );
}
