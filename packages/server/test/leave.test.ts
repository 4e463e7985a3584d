import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type CallInit, callsAs, fingerprint, startServer, type TestServer } from './helpers.ts';

const BASE = '/api/blade-desk/process/leave';
const WORK = '/api/blade-flow/work';
const DEFINITION = 'leave_process:1:10001';

interface Started {
  businessId: string;
  processInstanceId: string;
  taskId: string;
}

describe('leave workflow: start, lists, handling and history', () => {
  let s: TestServer;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};

  const { as, data } = callsAs(() => s, tokens);
  const form = (over: Record<string, unknown> = {}) => ({
    processDefinitionId: DEFINITION,
    leaveType: 'annual',
    startTime: '2026-08-03 09:00',
    endTime: '2026-08-05 18:00',
    reason: '回老家参加婚礼',
    approverId: ids.admin,
    ...over,
  });
  const start = async (who: string, over: Record<string, unknown> = {}): Promise<Started> => {
    const res = await as(who, 'POST', `${BASE}/start-process`, { body: form(over) });
    assert.equal(res.status, 200, res.text);
    return res.json.data;
  };
  const complete = (who: string, task: Started, flag: string, comment?: string) =>
    as(who, 'POST', `${WORK}/complete-task`, {
      body: { taskId: task.taskId, processInstanceId: task.processInstanceId, flag, comment },
    });
  const detailPath = (r: Started) =>
    `${BASE}/detail?processInstanceId=${r.processInstanceId}&businessId=${r.businessId}`;

  before(async () => {
    s = await startServer();
    tokens.admin = (await s.login('100001', 'admin', 'Hydro@2026')).access_token;
    tokens.operator = (await s.login('100001', 'operator', 'Operator@2026')).access_token;
    tokens.fresh = (await s.login('100001', 'fresh', '123456')).access_token;
    tokens.storage = (await s.login('100002', 'admin', 'Storage@2026')).access_token;
    tokens.viewer = (await s.login('100002', 'viewer', 'Viewer@2026')).access_token;
    for (const who of ['admin', 'operator', 'fresh']) {
      ids[who] = (await data(who, '/api/blade-system/oauth/user-info')).user_id;
    }
    ids.viewer = (await data('viewer', '/api/blade-system/oauth/user-info')).user_id;
  });
  after(() => s.close());

  it('seeds a to-do list for the demo accounts of both tenants', async () => {
    for (const who of ['admin', 'operator', 'storage', 'viewer']) {
      const page = await data(who, `${WORK}/todo-list`);
      assert.ok(page.total > 0, `${who} has to-dos`);
      assert.ok(page.records.every((t: { status: string }) => t.status === 'running'));
    }
    const adminTodo = await data('admin', `${WORK}/todo-list?size=100`);
    assert.ok(adminTodo.records.some((t: { applicantName: string }) => t.applicantName === '李娜'));
    const done = await data('admin', `${WORK}/done-list`);
    assert.deepEqual(done.records.map((t: { flag: string }) => t.flag).sort(), ['ok', 'reject']);
  });

  it('answers the process definition, by id or the newest, and 404 for an unknown one', async () => {
    const byId = await data('operator', `${BASE}/definition?processDefinitionId=${DEFINITION}`);
    assert.deepEqual(byId, {
      processDefinitionId: DEFINITION,
      processDefinitionKey: 'leave_process',
      processDefinitionName: '请假流程',
      version: 1,
    });
    assert.deepEqual(await data('operator', `${BASE}/definition`), byId);
    const unknown = await as('operator', 'GET', `${BASE}/definition?processDefinitionId=leave_process:9:1`);
    assert.equal(unknown.status, 404);
    assert.equal(unknown.json.msg, '流程定义不存在');
  });

  it('lists the approvers of the caller tenant, without the caller', async () => {
    const approvers = await data('operator', `${BASE}/approvers`);
    const accounts = approvers.map((a: { account: string }) => a.account);
    assert.ok(accounts.includes('admin'));
    assert.ok(!accounts.includes('operator'));
    assert.ok(!accounts.includes('viewer'));
    assert.deepEqual(Object.keys(approvers[0]).sort(), ['account', 'id', 'realName']);
  });

  it('starts a request: in my requests, in the approver to-do list, readable by both with its history', async () => {
    const started = await start('operator');
    assert.match(started.processInstanceId, /^[0-9a-f-]{36}$/);

    const mine = await data('operator', `${WORK}/send-list?size=100`);
    const row = mine.records.find((r: { businessId: string }) => r.businessId === started.businessId);
    assert.equal(row.status, 'running');
    assert.equal(row.approverName, '张伟');
    assert.equal(row.leaveType, 'annual');
    assert.equal(row.startTime, '2026-08-03 09:00');

    const todo = await data('admin', `${WORK}/todo-list?size=100`);
    const task = todo.records.find((t: { taskId: string }) => t.taskId === started.taskId);
    assert.equal(task.processInstanceId, started.processInstanceId);
    assert.equal(task.businessId, started.businessId);
    assert.equal(task.applicantName, '李娜');
    assert.equal(task.reason, '回老家参加婚礼');

    for (const who of ['operator', 'admin']) {
      const detail = await data(who, detailPath(started));
      assert.equal(detail.status, 'running');
      assert.equal(detail.processDefinitionName, '请假流程');
      assert.equal(detail.task.taskId, started.taskId);
      assert.equal(detail.task.assigneeName, '张伟');
      assert.equal(detail.canHandle, who === 'admin');
      assert.deepEqual(
        detail.history.map((h: { action: string; userName: string }) => [h.action, h.userName]),
        [['start', '李娜']],
      );
    }
  });

  it('approves with a comment: out of the to-do list, into done, history who/what/when/comment', async () => {
    const started = await start('operator', { reason: '陪同家人体检' });
    const res = await complete('admin', started, 'ok', '同意，注意安全');
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.data.status, 'approved');

    const todo = await data('admin', `${WORK}/todo-list?size=100`);
    assert.ok(!todo.records.some((t: { taskId: string }) => t.taskId === started.taskId));
    const done = await data('admin', `${WORK}/done-list?size=100`);
    const handled = done.records.find((t: { taskId: string }) => t.taskId === started.taskId);
    assert.equal(handled.flag, 'ok');
    assert.equal(handled.comment, '同意，注意安全');
    assert.equal(handled.status, 'approved');
    assert.match(handled.handleTime, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const detail = await data('operator', detailPath(started));
    assert.equal(detail.status, 'approved');
    assert.equal(detail.task, null);
    assert.equal(detail.canHandle, false);
    assert.deepEqual(
      detail.history.map((h: { action: string; userName: string; comment: string }) => [
        h.action,
        h.userName,
        h.comment,
      ]),
      [
        ['start', '李娜', ''],
        ['ok', '张伟', '同意，注意安全'],
      ],
    );
    assert.ok(detail.history.every((h: { time: string }) => /^\d{4}-\d{2}-\d{2} /.test(h.time)));
    const mine = await data('operator', `${WORK}/send-list?size=100`);
    assert.equal(
      mine.records.find((r: { businessId: string }) => r.businessId === started.businessId).status,
      'approved',
    );
  });

  it('rejects only with a comment; a rejection without one changes nothing', async () => {
    const started = await start('fresh', { leaveType: 'sick', reason: '腰伤复查' });
    const before = await fingerprint(s);
    const bare = await complete('admin', started, 'reject', '   ');
    assert.equal(bare.status, 400);
    assert.equal(bare.json.msg, '驳回时须填写审批意见');
    assert.equal(await fingerprint(s), before);

    const res = await complete('admin', started, 'reject', '请补充病历');
    assert.equal(res.status, 200, res.text);
    const detail = await data('fresh', detailPath(started));
    assert.equal(detail.status, 'rejected');
    assert.deepEqual(detail.history.at(-1).action, 'reject');
    assert.equal(detail.history.at(-1).comment, '请补充病历');
  });

  it('refuses to handle a task twice, and a task of someone else', async () => {
    const started = await start('operator', { reason: '搬家' });
    const notMine = await complete('fresh', started, 'ok');
    assert.equal(notMine.status, 403);
    assert.equal(notMine.json.success, false);
    assert.equal(notMine.json.msg, '只有任务的办理人可以办理该任务');
    const applicantSelf = await complete('operator', started, 'ok');
    assert.equal(applicantSelf.status, 403);

    assert.equal((await complete('admin', started, 'ok', '同意')).status, 200);
    const before = await fingerprint(s);
    const again = await complete('admin', started, 'reject', '改主意了');
    assert.equal(again.status, 400);
    assert.equal(again.json.msg, '该任务已办理');
    assert.equal(await fingerprint(s), before);
  });

  it('takes one of two decisions sent at once on one task, and records one', async () => {
    const started = await start('operator', { reason: '体检' });
    const answers = await Promise.all([
      complete('admin', started, 'ok', '同意'),
      complete('admin', started, 'reject', '不同意'),
    ]);
    assert.deepEqual(answers.map((r) => r.status).sort(), [200, 400], answers.map((r) => r.text).join('\n'));
    const taken = answers.find((r) => r.status === 200)!.json.data.status;
    const detail = await data('operator', detailPath(started));
    assert.equal(detail.status, taken);
    assert.deepEqual(
      detail.history.map((h: { action: string }) => h.action),
      ['start', taken === 'approved' ? 'ok' : 'reject'],
    );
  });

  it('lets only participants read a request', async () => {
    const started = await start('operator', { reason: '私事' });
    const outsider = await as('fresh', 'GET', detailPath(started));
    assert.equal(outsider.status, 403);
    assert.equal(outsider.json.msg, '只有流程参与人可以查看该申请');
    // A process instance that does not belong to the business id does not exist.
    const other = await start('operator', { reason: '另一件私事' });
    const mixed = await as(
      'operator',
      'GET',
      `${BASE}/detail?processInstanceId=${other.processInstanceId}&businessId=${started.businessId}`,
    );
    assert.equal(mixed.status, 404);
  });

  it('keeps tenants apart: another tenant ids answer 404 and change nothing', async () => {
    const started = await start('operator', { reason: '外出培训' });
    const before = await fingerprint(s);
    const read = await as('storage', 'GET', detailPath(started));
    assert.equal(read.status, 404);
    assert.equal(read.json.success, false);
    const handle = await as('storage', 'POST', `${WORK}/complete-task`, {
      body: { taskId: started.taskId, processInstanceId: started.processInstanceId, flag: 'ok' },
    });
    assert.equal(handle.status, 404);
    assert.equal(handle.json.msg, '任务不存在');
    const foreignApprover = await as('operator', 'POST', `${BASE}/start-process`, {
      body: form({ approverId: ids.viewer }),
    });
    assert.equal(foreignApprover.status, 400);
    assert.equal(await fingerprint(s), before);

    const storageTodo = await data('storage', `${WORK}/todo-list?size=100`);
    assert.ok(!storageTodo.records.some((t: { taskId: string }) => t.taskId === started.taskId));
    const approvers = await data('storage', `${BASE}/approvers`);
    // 100002's other accounts only (the duty operator joined the seed in issue 28).
    assert.deepEqual(
      approvers.map((a: { account: string }) => a.account),
      ['viewer', 'duty'],
    );
  });

  it('pages the lists with current and size', async () => {
    const first = await data('admin', `${WORK}/todo-list?current=1&size=1`);
    assert.equal(first.records.length, 1);
    assert.equal(first.size, 1);
    assert.equal(first.pages, first.total);
    const second = await data('admin', `${WORK}/todo-list?current=2&size=1`);
    assert.notEqual(second.records[0].taskId, first.records[0].taskId);
    const bad = await as('admin', 'GET', `${WORK}/todo-list?size=ten`);
    assert.equal(bad.status, 400);
    assert.match(bad.json.msg, /querystring\.size/);
  });

  it('refuses bad input with a message naming the problem, and changes nothing', async () => {
    const cases: [string, CallInit, RegExp][] = [
      ['missing reason', { body: form({ reason: undefined }) }, /body\.reason: must have required property/],
      ['unknown leave type', { body: form({ leaveType: 'holiday' }) }, /body\.leaveType/],
      [
        'reason too long',
        { body: form({ reason: '假'.repeat(201) }) },
        /body\.reason: must NOT have more than 200/,
      ],
      ['reason with markup', { body: form({ reason: '<b>x</b>' }) }, /body\.reason: must match pattern/],
      ['blank reason', { body: form({ reason: '   ' }) }, /^请假事由不能为空$/],
      [
        'time format',
        { body: form({ startTime: '2026/08/03 09:00' }) },
        /body\.startTime: must match pattern/,
      ],
      ['no such day', { body: form({ startTime: '2026-02-30 09:00' }) }, /^开始时间不是有效的日期时间$/],
      ['no such hour', { body: form({ endTime: '2026-08-05 24:00' }) }, /^结束时间不是有效的日期时间$/],
      ['end before start', { body: form({ endTime: '2026-08-03 08:00' }) }, /^结束时间须晚于开始时间$/],
      ['end equal start', { body: form({ endTime: '2026-08-03 09:00' }) }, /^结束时间须晚于开始时间$/],
      ['approver self', { body: form({ approverId: '__self__' }) }, /^审批人须为本租户的其他有效账号$/],
      ['approver unknown', { body: form({ approverId: '999999' }) }, /^审批人须为本租户的其他有效账号$/],
      ['approver as number', { body: form({ approverId: 2 }) }, /body\.approverId: must be string/],
      [
        'definition unknown',
        { body: form({ processDefinitionId: 'leave_process:2:1' }) },
        /^流程定义不存在$/,
      ],
      ['definition malformed', { body: form({ processDefinitionId: 'x' }) }, /body\.processDefinitionId/],
      ['malformed JSON', { raw: '{"reason":' }, /JSON/],
      ['__proto__', { raw: '{"__proto__":{"x":1}}' }, /./],
      ['no body', {}, /body/],
    ];
    for (const [name, init, msg] of cases) {
      if (init.body && (init.body as { approverId?: unknown }).approverId === '__self__') {
        (init.body as { approverId: string }).approverId = ids.operator!;
      }
      const before = await fingerprint(s);
      const res = await as('operator', 'POST', `${BASE}/start-process`, init);
      assert.ok(res.status >= 400 && res.status < 500, `${name}: ${res.status} ${res.text.slice(0, 200)}`);
      assert.equal(res.json.success, false, name);
      assert.match(res.json.msg, msg, name);
      assert.equal(await fingerprint(s), before, `${name} changed nothing`);
    }

    const task = await start('operator', { reason: '复诊' });
    const handling: [string, Record<string, unknown>, number][] = [
      [
        'unknown flag',
        { taskId: task.taskId, processInstanceId: task.processInstanceId, flag: 'maybe' },
        400,
      ],
      ['missing flag', { taskId: task.taskId, processInstanceId: task.processInstanceId }, 400],
      ['comment too long', { ...task, flag: 'ok', comment: 'x'.repeat(201) }, 400],
      ['task id malformed', { taskId: 'abc', processInstanceId: task.processInstanceId, flag: 'ok' }, 400],
      ['unknown task', { taskId: '999999', processInstanceId: task.processInstanceId, flag: 'ok' }, 404],
      [
        'instance of another task',
        { taskId: task.taskId, processInstanceId: 'not-this-one', flag: 'ok' },
        404,
      ],
    ];
    for (const [name, body, status] of handling) {
      const before = await fingerprint(s);
      const res = await as('admin', 'POST', `${WORK}/complete-task`, { body });
      assert.equal(res.status, status, `${name}: ${res.text.slice(0, 200)}`);
      assert.ok(res.json.msg, name);
      assert.equal(await fingerprint(s), before, `${name} changed nothing`);
    }
    const detail = await as('operator', 'GET', `${BASE}/detail?processInstanceId=${task.processInstanceId}`);
    assert.equal(detail.status, 400);
    assert.match(detail.json.msg, /querystring\.businessId: must have required property/);
  });

  it('speaks English with Hz-Language: en_US', async () => {
    const res = await as('operator', 'POST', `${BASE}/start-process`, {
      body: form({ endTime: '2026-08-01 09:00' }),
      headers: { 'Hz-Language': 'en_US' },
    });
    assert.equal(res.status, 400);
    assert.equal(res.json.msg, 'the end time must be after the start time');
  });
});
