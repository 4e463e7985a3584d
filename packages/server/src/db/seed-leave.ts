import type { Repos } from './repos/index.ts';
import type { TaskFlag } from './repos/leave.ts';
import { nowText } from './repos/util.ts';

/** The seeded leave process definition (the menu's `/work/process/leave/form/leave_process:1:10001`). */
export const LEAVE_DEFINITION_ID = 'leave_process:1:10001';

const DAY = 24 * 3600 * 1000;

interface LeaveSeed {
  tenantId: string;
  applicant: string;
  approver: string;
  leaveType: string;
  /** Days from now of the first and the last day of leave. */
  from: number;
  to: number;
  reason: string;
  /** Days before now the request was made. */
  appliedAgo: number;
  decision?: { flag: TaskFlag; comment: string };
}

// Every demo account that signs in to a tenant with the workflow menu has something in its to-do list.
const REQUESTS: LeaveSeed[] = [
  {
    tenantId: '100001',
    applicant: 'hzinfo',
    approver: 'admin',
    leaveType: 'personal',
    from: -6,
    to: -5,
    reason: '办理房产过户手续',
    appliedAgo: 9,
    decision: { flag: 'ok', comment: '同意，请做好工作交接' },
  },
  {
    tenantId: '100001',
    applicant: 'znywpt',
    approver: 'admin',
    leaveType: 'compensatory',
    from: -3,
    to: -3,
    reason: '周末值班调休',
    appliedAgo: 7,
    decision: { flag: 'reject', comment: '当周有机组检修，请改期' },
  },
  {
    tenantId: '100001',
    applicant: 'operator',
    approver: 'hzinfo',
    leaveType: 'sick',
    from: -2,
    to: -1,
    reason: '感冒发烧，医院建议休息两天',
    appliedAgo: 3,
    decision: { flag: 'ok', comment: '注意休息' },
  },
  {
    tenantId: '100001',
    applicant: 'operator',
    approver: 'admin',
    leaveType: 'annual',
    from: 5,
    to: 7,
    reason: '家中有事，申请年假三天',
    appliedAgo: 2,
  },
  {
    tenantId: '100001',
    applicant: 'fresh',
    approver: 'admin',
    leaveType: 'marriage',
    from: 14,
    to: 24,
    reason: '本人结婚，申请婚假',
    appliedAgo: 1,
  },
  {
    tenantId: '100001',
    applicant: 'admin',
    approver: 'operator',
    leaveType: 'annual',
    from: 10,
    to: 11,
    reason: '参加行业交流会后顺延休假',
    appliedAgo: 1,
  },
  {
    tenantId: '100001',
    applicant: 'znywpt',
    approver: 'hzinfo',
    leaveType: 'personal',
    from: 3,
    to: 3,
    reason: '孩子学校家长会',
    appliedAgo: 0,
  },
  {
    tenantId: '100002',
    applicant: 'viewer',
    approver: 'admin',
    leaveType: 'sick',
    from: -4,
    to: -4,
    reason: '牙科复诊',
    appliedAgo: 6,
    decision: { flag: 'ok', comment: '同意' },
  },
  {
    tenantId: '100002',
    applicant: 'viewer',
    approver: 'admin',
    leaveType: 'annual',
    from: 8,
    to: 9,
    reason: '回老家探亲',
    appliedAgo: 1,
  },
  {
    tenantId: '100002',
    applicant: 'admin',
    approver: 'viewer',
    leaveType: 'compensatory',
    from: 2,
    to: 2,
    reason: '储能站调试加班调休',
    appliedAgo: 0,
  },
];

/** The leave process definitions of the tenants with a workflow menu and the demo requests. */
export async function seedLeave(repos: Repos, userIds: Map<string, number>, now: number) {
  for (const tenantId of ['100001', '100002']) {
    await repos.leave.insertDefinition(tenantId, LEAVE_DEFINITION_ID, 'leave_process', '请假流程', 1);
  }
  const day = (offset: number) => nowText(now + offset * DAY).slice(0, 10);
  // Older requests first, so ids and history follow the order things happened.
  const ordered = [...REQUESTS].sort((a, b) => b.appliedAgo - a.appliedAgo);
  for (const [index, r] of ordered.entries()) {
    const applied = now - r.appliedAgo * DAY - (ordered.length - index) * 3600 * 1000;
    await repos.leave.seedRequest(
      {
        tenantId: r.tenantId,
        definitionId: LEAVE_DEFINITION_ID,
        applicantId: userIds.get(`${r.tenantId}/${r.applicant}`)!,
        approverId: userIds.get(`${r.tenantId}/${r.approver}`)!,
        leaveType: r.leaveType,
        startTime: `${day(r.from)} 09:00`,
        endTime: `${day(r.to)} 18:00`,
        reason: r.reason,
        time: nowText(applied),
      },
      r.decision && { ...r.decision, time: nowText(applied + 2 * 3600 * 1000) },
    );
  }
}
