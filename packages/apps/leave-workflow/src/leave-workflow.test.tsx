// The leave workflow's pages, rendered as the host mounts them, against a fake of the server's calls
// (docs/api.md section 15) passed as the `http` prop. Elements are found by role and name.
import { expect } from '@esm-bundle/chai';
import { contextOf, type HostProps, type Http, scopeOf, setLanguage } from '@ops/shared';
import { fireEvent, within } from '@testing-library/dom';
import { createRoot, type Root } from 'react-dom/client';
import { waitFor } from '../../../../test/support/dom';
import { testHostServices } from '../../../../test/support/runtime';
import { API, type HistoryEntry, type LeaveDetail, type Task } from './api';
import { LeaveWorkflow } from './leave-workflow';

const DEFINITION = 'leave_process:1:10001';
const INSTANCE = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';

interface Call {
  method: 'get' | 'post';
  url: string;
  params?: Record<string, unknown>;
  body?: Record<string, string>;
}

/** An in-memory stand-in of the server's leave calls: one running request assigned to the caller. */
function fakeServer() {
  const calls: Call[] = [];
  const failing = new Set<string>();
  const history: HistoryEntry[] = [
    { id: '1', action: 'start', userName: '李娜', comment: '', time: '2026-07-30 10:00:00' },
  ];
  const request: LeaveDetail = {
    businessId: '7',
    processInstanceId: INSTANCE,
    processDefinitionId: DEFINITION,
    processDefinitionName: '请假流程',
    applicantName: '李娜',
    approverName: '张伟',
    leaveType: 'annual',
    startTime: '2026-08-03 09:00',
    endTime: '2026-08-05 18:00',
    reason: '回老家参加婚礼',
    applyTime: '2026-07-30 10:00:00',
    status: 'running',
    finishTime: null,
    task: { taskId: '12', taskName: '审批', assigneeName: '张伟', createTime: '2026-07-30 10:00:00' },
    canHandle: true,
    history,
  };
  const task = (): Task => ({
    taskId: '12',
    taskName: '审批',
    businessId: request.businessId,
    processInstanceId: INSTANCE,
    applicantName: request.applicantName,
    leaveType: request.leaveType,
    startTime: request.startTime,
    endTime: request.endTime,
    reason: request.reason,
    createTime: '2026-07-30 10:00:00',
    handleTime: null,
    flag: null,
    comment: '',
    status: request.status,
  });
  const page = <T,>(records: T[]) => ({ records, total: records.length, current: 1, size: 10, pages: 1 });
  const answer = (data: unknown) => ({ data: { code: 200, success: true, msg: '操作成功', data } });
  const refuse = (url: string) => Promise.reject(new Error(`fake server refused ${url}`));

  const http = {
    async get(url: string, config: { params?: Record<string, unknown> } = {}) {
      calls.push({ method: 'get', url, params: config.params });
      if (failing.has(url)) return refuse(url);
      switch (url) {
        case API.definition:
          return answer({
            processDefinitionId: DEFINITION,
            processDefinitionKey: 'leave_process',
            processDefinitionName: '请假流程',
            version: 1,
          });
        case API.approvers:
          return answer([
            { id: '2', account: 'admin', realName: '张伟' },
            { id: '6', account: 'hzinfo', realName: '华自运维' },
          ]);
        case API.todo:
          return answer(page(request.status === 'running' && request.canHandle ? [task()] : []));
        case API.done:
          return answer(page(request.status === 'running' ? [] : [task()]));
        case API.sent:
          return answer(page([request]));
        case API.detail:
          return answer({ ...request, history: [...history] });
        default:
          return refuse(url);
      }
    },
    async post(url: string, body: Record<string, string>) {
      calls.push({ method: 'post', url, body });
      if (failing.has(url)) return refuse(url);
      if (url === API.start) return answer({ businessId: '7', processInstanceId: INSTANCE, taskId: '12' });
      if (url === API.complete) {
        const approved = body.flag === 'ok';
        request.status = approved ? 'approved' : 'rejected';
        request.task = null;
        request.canHandle = false;
        history.push({
          id: '2',
          action: approved ? 'ok' : 'reject',
          userName: '张伟',
          comment: body.comment ?? '',
          time: '2026-07-30 11:00:00',
        });
        return answer({ status: request.status });
      }
      return refuse(url);
    },
  };
  return { http: http as unknown as Http, calls, failing, request };
}

const posts = (calls: Call[]) => calls.filter((c) => c.method === 'post');

describe('leave-workflow sub-app', () => {
  const startUrl = location.pathname + location.search;
  let root: Root | null = null;
  let container: HTMLElement;
  let navigations: string[];

  /** Mounts the app at `path` with the host's context, the fake server as `http`. */
  function mount(path: string, server = fakeServer()) {
    history.replaceState(null, '', path);
    navigations = [];
    const navigate = (to: string) => {
      navigations.push(to);
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    };
    const services = testHostServices();
    const context = contextOf(services, scopeOf(services.rootBus), new AbortController().signal);
    const props: HostProps = { ...context, name: 'leave-workflow', http: server.http, navigate };
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    root.render(<LeaveWorkflow {...props} />);
    return server;
  }

  const view = () => within(container);
  const heading = (name: string) => waitFor(() => view().queryByRole('heading', { level: 1, name }));
  const button = (name: string) => waitFor(() => view().queryByRole('button', { name }));
  const field = (name: string) =>
    view().getByRole(name.endsWith('类型') || name === '审批人' ? 'combobox' : 'textbox', { name }) as
      | HTMLInputElement
      | HTMLSelectElement;
  const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });

  afterEach(() => {
    root?.unmount();
    root = null;
    container?.remove();
    setLanguage('zh');
    history.replaceState(null, '', startUrl);
  });

  it('apply form: refuses an incomplete or inconsistent form, sends a valid one and opens its detail', async () => {
    const server = mount('/leave-workflow/apply/index');
    await heading('请假申请');
    const form = await waitFor(() => view().queryByRole('form', { name: '请假申请表' }));
    expect(view().getByText('流程：请假流程（版本 1）')).to.exist;
    expect(server.calls.find((c) => c.url === API.definition)?.params).to.deep.equal({});

    // Submitted until the form answers: on a busy machine the first click can come before the form has
    // taken in its fields.
    await waitFor(() => {
      if (field('请假类型').getAttribute('aria-invalid') === 'true') return true;
      fireEvent.click(within(form).getByRole('button', { name: '提交申请' }));
      return false;
    });
    for (const name of ['请假类型', '开始时间', '结束时间', '审批人', '请假事由']) {
      expect(field(name).getAttribute('aria-invalid'), name).to.equal('true');
    }
    expect(within(form).getAllByText('此项为必填项')).to.have.length(5);
    expect(posts(server.calls)).to.deep.equal([]);

    type('请假类型', 'sick');
    type('开始时间', '2026-08-03 09:00');
    type('结束时间', '2026-08-02 18:00');
    type('审批人', '2');
    type('请假事由', '腰伤复查');
    fireEvent.click(within(form).getByRole('button', { name: '提交申请' }));
    await waitFor(() => within(form).queryByText('结束时间须晚于开始时间'));
    expect(field('结束时间').getAttribute('aria-invalid')).to.equal('true');
    expect(posts(server.calls)).to.deep.equal([]);

    type('结束时间', '2026-08-04 18:00');
    fireEvent.click(within(form).getByRole('button', { name: '提交申请' }));
    await waitFor(() => posts(server.calls).length === 1);
    expect(posts(server.calls)[0]).to.deep.equal({
      method: 'post',
      url: API.start,
      body: {
        processDefinitionId: DEFINITION,
        leaveType: 'sick',
        startTime: '2026-08-03 09:00',
        endTime: '2026-08-04 18:00',
        reason: '腰伤复查',
        approverId: '2',
      },
    });
    await heading('请假详情');
    expect(navigations).to.deep.equal([`/work/process/leave/detail/${INSTANCE}/7`]);
  });

  it('the form route asks the server for its process definition', async () => {
    const server = mount(`/work/process/leave/form/${DEFINITION}`);
    await waitFor(() => view().queryByRole('form', { name: '请假申请表' }));
    expect(server.calls.find((c) => c.url === API.definition)?.params).to.deep.equal({
      processDefinitionId: DEFINITION,
    });
    expect(view().getByRole('option', { name: '华自运维（hzinfo）' })).to.exist;
  });

  it('to-do list: a Handle button per task opens the handle page; approving sends the comment and shows the history', async () => {
    const server = mount('/leave-workflow/todo/index');
    await heading('我的待办');
    const table = await waitFor(() => view().queryByRole('table', { name: '待办任务' }));
    await waitFor(() => within(table).queryByText('回老家参加婚礼'));
    fireEvent.click(within(table).getByRole('button', { name: '办理 李娜 年假 2026-08-03 09:00' }));
    expect(navigations).to.deep.equal([`/work/process/leave/handle/12/${INSTANCE}/7`]);

    await heading('请假审批');
    const applicant = await waitFor(() => view().queryByText('申请人'));
    expect(applicant.tagName).to.equal('DT');
    expect(applicant.nextElementSibling?.textContent).to.equal('李娜');
    const history = await waitFor(() => view().queryByRole('table', { name: '审批记录' }));
    await waitFor(() => within(history).queryByText('发起申请'));

    type('审批意见', '同意，注意安全');
    fireEvent.click(await button('同意'));
    await waitFor(() => posts(server.calls).length === 1);
    expect(posts(server.calls)[0]?.body).to.deep.equal({
      taskId: '12',
      processInstanceId: INSTANCE,
      flag: 'ok',
      comment: '同意，注意安全',
    });
    await heading('请假详情');
    const after = await waitFor(() => view().queryByRole('table', { name: '审批记录' }));
    await waitFor(() => within(after).queryByText('同意，注意安全'));
    expect(
      within(after)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).to.deep.equal([
      '办理人操作时间意见',
      '李娜发起申请2026-07-30 10:00:00',
      '张伟同意2026-07-30 11:00:00同意，注意安全',
    ]);
    expect(view().queryByRole('button', { name: '同意' })).to.equal(null);
  });

  it('rejecting needs a comment and a confirmation', async () => {
    const server = mount(`/work/process/leave/handle/12/${INSTANCE}/7`);
    const reject = await button('驳回');
    // Clicked until the form answers: on a busy machine the first click may come before the form has
    // taken in its fields (their rules are registered as the page settles).
    await waitFor(() => {
      fireEvent.click(reject);
      return view().queryByText('驳回时请填写审批意见');
    });
    expect(field('审批意见').getAttribute('aria-invalid')).to.equal('true');
    expect(posts(server.calls)).to.deep.equal([]);

    type('审批意见', '请补充病历');
    fireEvent.click(view().getByRole('button', { name: '驳回' }));
    const sure = await waitFor(() =>
      within(document.body)
        .queryAllByRole('button', { name: '确定' })
        .find((b) => !container.contains(b)),
    );
    expect(within(document.body).getByText('确定驳回这条请假申请？')).to.exist;
    fireEvent.click(sure);
    await waitFor(() => posts(server.calls).length === 1);
    expect(posts(server.calls)[0]?.body).to.include({ flag: 'reject', comment: '请补充病历' });
    await heading('请假详情');
  });

  it('a task that is not the caller’s shows the request without the decision form', async () => {
    const server = fakeServer();
    server.request.canHandle = false;
    mount(`/work/process/leave/handle/12/${INSTANCE}/7`, server);
    await waitFor(() => view().queryByText('该任务已办理或不由你办理，以下为申请详情。'));
    expect(view().getByText('等待 张伟 审批')).to.exist;
    expect(view().queryByRole('button', { name: '同意' })).to.equal(null);
    expect(view().queryByRole('form', { name: '审批意见表' })).to.equal(null);
  });

  it('done: my requests and the tasks I handled, each opening the detail', async () => {
    const server = fakeServer();
    server.request.status = 'approved';
    mount('/leave-workflow/done/index', server);
    await heading('已办事项');
    expect(view().getByRole('heading', { level: 2, name: '我的申请' })).to.exist;
    const sent = await waitFor(() => view().queryByRole('table', { name: '我的申请' }));
    await waitFor(() => within(sent).queryByText('已同意'));
    const handled = view().getByRole('table', { name: '我办理的' });
    await waitFor(() => within(handled).queryByText('李娜'));
    fireEvent.click(within(sent).getByRole('button', { name: '查看 年假 2026-08-03 09:00' }));
    expect(navigations).to.deep.equal([`/work/process/leave/detail/${INSTANCE}/7`]);
    await heading('请假详情');
  });

  it('an empty to-do list says so', async () => {
    const server = fakeServer();
    server.request.canHandle = false;
    mount('/leave-workflow/todo/index', server);
    const table = await waitFor(() => view().queryByRole('table', { name: '待办任务' }));
    await waitFor(() => within(table).queryByText('暂无待办'));
  });

  it('a failed load shows an alert with Retry, which loads again', async () => {
    const server = fakeServer();
    server.failing.add(API.todo);
    mount('/leave-workflow/todo/index', server);
    const alert = await waitFor(() => view().queryByRole('alert'));
    expect(alert.textContent).to.contain('待办加载失败');
    server.failing.delete(API.todo);
    fireEvent.click(view().getByRole('button', { name: '重试' }));
    const table = await waitFor(() => view().queryByRole('table', { name: '待办任务' }));
    await waitFor(() => within(table).queryByText('回老家参加婚礼'));
    expect(view().queryByRole('alert')).to.equal(null);
  });

  it('an unknown path shows page-not-found with a link to the to-do list', async () => {
    mount('/leave-workflow/nothing/here');
    await heading('页面不存在');
    expect(view().getByText('请假流程中没有这个页面：/leave-workflow/nothing/here')).to.exist;
    fireEvent.click(view().getByRole('link', { name: '前往我的待办' }));
    expect(navigations).to.deep.equal(['/leave-workflow/todo/index']);
    await heading('我的待办');
  });

  it('names its pages in the app navigation and follows the language', async () => {
    mount('/leave-workflow/todo/index');
    const nav = await waitFor(() => view().queryByRole('navigation', { name: '请假流程' }));
    expect(within(nav).getByRole('link', { name: '我的待办' }).getAttribute('aria-current')).to.equal('page');
    fireEvent.click(within(nav).getByRole('link', { name: '请假申请' }));
    await heading('请假申请');
    setLanguage('en');
    await heading('Leave request');
    expect(view().getByRole('navigation', { name: 'Leave workflow' })).to.exist;
    await waitFor(() => view().queryByRole('combobox', { name: 'Leave type' }));
  });
});
