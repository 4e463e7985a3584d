// The users page mounted as the host mounts it, over a fake client answering as the reference server
// (docs/api.md sections 4 and 9, role/list). Elements are found by role and accessible name.
import { expect } from '@esm-bundle/chai';
import { setLanguage } from '@ops/shared';
import { message } from '@ops/ui';
import { fireEvent, within } from '@testing-library/dom';
import { cellTexts, waitFor } from '../../../../../test/support/dom';
import {
  ALL_BUTTONS,
  type Call,
  cleanUp,
  fakeClient,
  mountAt,
  openDialog,
  refusal,
  type,
} from '../../test-support/mount';
import { DEPT_TREE, ROLE_LIST } from './user-api';

const BASE = '/api/blade-system/user';
const user = (n: number, extra: Record<string, unknown> = {}) => ({
  id: String(n),
  tenantId: '100001',
  account: n === 1 ? 'admin' : `user${n}`,
  name: `昵称${n}`,
  realName: `用户${n}`,
  email: '',
  phone: `138000000${String(n).padStart(2, '0')}`,
  roleId: '2',
  roleName: '操作员',
  deptId: n % 2 ? '11' : '12',
  deptName: n % 2 ? '运行部' : '飞来峡水电站',
  isInit: 0,
  status: 1,
  createTime: '2026-01-01 08:00:00',
  ...extra,
});
const ALL = Array.from({ length: 12 }, (_, i) => user(i + 1));
const TREE = [
  {
    id: '10',
    title: '华自科技',
    deptCategory: 1,
    children: [
      { id: '11', title: '运行部', deptCategory: 2, children: [] },
      { id: '12', title: '飞来峡水电站', deptCategory: 4, children: [] },
    ],
  },
];
const ROLES = [
  { id: '1', roleName: '管理员', roleAlias: 'admin', sort: 1 },
  { id: '2', roleName: '操作员', roleAlias: 'operator', sort: 2 },
];

const page = (call: Call) => {
  const p = call.params as Record<string, string>;
  const rows = ALL.filter(
    (u) =>
      (!p.account || u.account.includes(p.account)) &&
      (!p.realName || u.realName.includes(p.realName)) &&
      (!p.deptId || u.deptId === p.deptId),
  );
  const start = (Number(p.current ?? 1) - 1) * Number(p.size ?? 10);
  return { records: rows.slice(start, start + Number(p.size ?? 10)), total: rows.length };
};
const routes = (more: Record<string, (call: Call) => unknown> = {}) =>
  fakeClient({
    [`GET ${BASE}/page`]: page,
    [`GET ${DEPT_TREE}`]: () => TREE,
    [`GET ${ROLE_LIST}`]: () => ROLES,
    ...more,
  });

const PATH = '/system/user/index';

async function shownTable(view: ReturnType<typeof within>, rows = 10) {
  const table = await waitFor(() => view.queryByRole('table', { name: '用户列表' }));
  await waitFor(() => cellTexts(table).length === rows);
  return table;
}

describe('users page', () => {
  const start = location.pathname;
  afterEach(() => {
    cleanUp(start);
    for (const host of document.querySelectorAll('.ops-confirm-host')) host.remove();
    message.closeAll();
  });

  it('lists users with their columns; the tree filters by department, the search by account', async () => {
    const client = routes();
    const { view } = mountAt(PATH, client.http);
    const table = await shownTable(view);
    expect(cellTexts(table)[1].slice(1, 10)).to.deep.equal([
      'user2',
      '用户2',
      '昵称2',
      '操作员',
      '飞来峡水电站',
      '13800000002',
      '',
      '正常',
      '2026-01-01 08:00:00',
    ]);
    const tree = view.getByRole('navigation', { name: '部门与站点' });
    expect(within(tree).getByRole('button', { name: '全部' }).getAttribute('aria-current')).to.equal('true');
    fireEvent.click(within(tree).getByRole('button', { name: '飞来峡水电站' }));
    await waitFor(() => cellTexts(table).length === 6);
    expect(client.callsTo('GET', `${BASE}/page`).at(-1)?.params).to.deep.equal({
      current: 1,
      size: 10,
      deptId: '12',
    });
    type(view.getByRole('textbox', { name: '账号' }), 'user1');
    fireEvent.click(view.getByRole('button', { name: '搜索' }));
    await waitFor(() => cellTexts(table).length === 2);
    expect(client.callsTo('GET', `${BASE}/page`).at(-1)?.params).to.deep.equal({
      current: 1,
      size: 10,
      account: 'user1',
      deptId: '12',
    });
    fireEvent.click(within(tree).getByRole('button', { name: '全部' }));
    await waitFor(() => cellTexts(table).length === 3);
    fireEvent.click(view.getByRole('button', { name: '重置' }));
    await waitFor(() => cellTexts(table).length === 10);
    fireEvent.click(view.getByRole('button', { name: '下一页' }));
    await waitFor(() => cellTexts(table).length === 2);
  });

  it('adds a user: rules, a role required, the server’s refusal in the dialog, then the body sent', async () => {
    let refuse = true;
    const client = routes({
      [`POST ${BASE}/submit`]: (call) => (refuse ? refusal(400, '账号已存在') : call.body),
    });
    const { view } = mountAt(PATH, client.http);
    await shownTable(view);
    fireEvent.click(view.getByRole('button', { name: '新增' }));
    const form = await openDialog('新增用户');
    type(form.getByRole('textbox', { name: /账号/ }), 'a');
    type(form.getByRole('textbox', { name: '手机号码' }), '15412345678');
    fireEvent.click(form.getByRole('button', { name: '保存' }));
    await waitFor(() => form.queryByText('2-32 个字符：字母、数字或 _ . @ -'));
    expect(form.getByText('请输入正确的手机号码')).to.exist;
    expect(form.getByText('必填')).to.exist;
    type(form.getByRole('textbox', { name: /账号/ }), 'duty01');
    type(form.getByRole('textbox', { name: /姓名/ }), '值班员');
    type(form.getByRole('textbox', { name: '手机号码' }), '13812345678');
    fireEvent.click(form.getByRole('button', { name: '保存' }));
    await waitFor(() => form.queryByRole('alert')?.textContent === '请至少选择一个角色');
    expect(client.callsTo('POST', `${BASE}/submit`)).to.have.length(0);
    fireEvent.click(await waitFor(() => form.queryByRole('checkbox', { name: '操作员' })));
    fireEvent.change(form.getByRole('combobox', { name: '所属部门' }), { target: { value: '12' } });
    fireEvent.click(form.getByRole('button', { name: '保存' }));
    await waitFor(() => form.queryByRole('alert')?.textContent === '账号已存在');
    expect(document.querySelector('sl-dialog[open]')).to.exist;
    expect(client.callsTo('POST', `${BASE}/submit`)[0].body).to.deep.equal({
      account: 'duty01',
      realName: '值班员',
      name: '',
      phone: '13812345678',
      email: '',
      roleId: '2',
      deptId: '12',
    });
    refuse = false;
    fireEvent.click(form.getByRole('button', { name: '保存' }));
    await waitFor(() => !document.querySelector('sl-dialog[open]'));
  });

  it('edits a user by id without the account field', async () => {
    const client = routes({ [`POST ${BASE}/update`]: (call) => call.body });
    const { view } = mountAt(PATH, client.http);
    await shownTable(view);
    fireEvent.click(view.getByRole('button', { name: '编辑 user2' }));
    const form = await openDialog('编辑用户');
    expect(form.queryByRole('textbox', { name: /账号/ })).to.equal(null);
    type(form.getByRole('textbox', { name: '邮箱' }), 'u2@example.com');
    await waitFor(
      () => (form.queryByRole('checkbox', { name: '操作员' }) as HTMLInputElement | null)?.checked,
    );
    fireEvent.click(form.getByRole('button', { name: '保存' }));
    await waitFor(() => client.callsTo('POST', `${BASE}/update`).length === 1);
    expect(client.callsTo('POST', `${BASE}/update`)[0].body).to.deep.equal({
      id: '2',
      realName: '用户2',
      name: '昵称2',
      phone: '13800000002',
      email: 'u2@example.com',
      roleId: '2',
      deptId: '12',
    });
  });

  it('removes, resets and grants roles to the selected users; removing oneself shows the refusal', async () => {
    const client = routes({
      [`POST ${BASE}/remove`]: (call) =>
        String(call.params.ids).split(',').includes('1')
          ? refusal(400, 'you cannot remove your own account')
          : { removed: 2 },
      [`POST ${BASE}/reset-password`]: () => ({ reset: 2 }),
      [`POST ${BASE}/grant`]: () => ({ granted: 2 }),
    });
    const { view } = mountAt(PATH, client.http);
    await shownTable(view);
    const grant = view.getByRole('button', { name: '配置选中角色' }) as HTMLButtonElement;
    expect(grant.disabled).to.equal(true);
    fireEvent.click(view.getByRole('checkbox', { name: '选择 user3' }));
    fireEvent.click(view.getByRole('checkbox', { name: '选择 user4' }));
    fireEvent.click(view.getByRole('button', { name: '重置选中密码' }));
    let confirm = await openDialog('确认重置密码');
    expect(confirm.getByText(/选中的 2 个用户.*123456/)).to.exist;
    fireEvent.click(confirm.getByRole('button', { name: '重置密码' }));
    await waitFor(() => client.callsTo('POST', `${BASE}/reset-password`).length === 1);
    expect(client.callsTo('POST', `${BASE}/reset-password`)[0].params).to.deep.equal({ userIds: '3,4' });
    await waitFor(() => grant.disabled);

    fireEvent.click(view.getByRole('checkbox', { name: '选择 user3' }));
    fireEvent.click(view.getByRole('checkbox', { name: '选择 user4' }));
    fireEvent.click(grant);
    const roles = await openDialog('角色配置');
    fireEvent.click(await waitFor(() => roles.queryByRole('checkbox', { name: '管理员' })));
    fireEvent.click(roles.getByRole('checkbox', { name: '操作员' }));
    fireEvent.click(roles.getByRole('button', { name: '保存' }));
    await waitFor(() => client.callsTo('POST', `${BASE}/grant`).length === 1);
    expect(client.callsTo('POST', `${BASE}/grant`)[0].params).to.deep.equal({
      userIds: '3,4',
      roleIds: '1,2',
    });
    await waitFor(() => !document.querySelector('sl-dialog[open]'));

    await waitFor(
      () => !grant.disabled || cellTexts(view.getByRole('table', { name: '用户列表' })).length === 10,
    );
    fireEvent.click(view.getByRole('checkbox', { name: '选择 admin' }));
    fireEvent.click(view.getByRole('checkbox', { name: '选择 user5' }));
    fireEvent.click(view.getByRole('button', { name: '删除选中' }));
    confirm = await openDialog('确认删除');
    expect(confirm.getByText('确定删除选中的 2 项吗？')).to.exist;
    fireEvent.click(confirm.getByRole('button', { name: '删除' }));
    await waitFor(() => document.body.textContent?.includes('you cannot remove your own account'));
    expect(client.callsTo('POST', `${BASE}/remove`)[0].params).to.deep.equal({ ids: '1,5' });
  });

  it('resets one user’s password from its row, saying it becomes 123456', async () => {
    const client = routes({ [`POST ${BASE}/reset-password`]: () => ({ reset: 1 }) });
    const { view } = mountAt(PATH, client.http);
    await shownTable(view);
    fireEvent.click(view.getByRole('button', { name: '重置密码 user2' }));
    const confirm = await openDialog('确认重置密码');
    expect(confirm.getByText('确定重置“user2”的密码吗？密码将重置为 123456，用户下次登录时须修改密码。')).to
      .exist;
    fireEvent.click(confirm.getByRole('button', { name: '取消' }));
    await waitFor(() => !document.querySelector('.ops-confirm-host sl-dialog[open]'));
    expect(client.callsTo('POST', `${BASE}/reset-password`)).to.have.length(0);
  });

  it('renders no button the session lacks the code of', async () => {
    const client = routes();
    const lacking = Object.fromEntries(
      Object.keys(ALL_BUTTONS).map((code) => [code, !code.startsWith('user_')]),
    );
    const { view } = mountAt(PATH, client.http, lacking);
    await shownTable(view);
    for (const name of [
      '新增',
      '配置选中角色',
      '重置选中密码',
      '删除选中',
      /^编辑/,
      /^角色配置/,
      /^重置密码/,
      /^删除/,
    ])
      expect(view.queryAllByRole('button', { name }), String(name)).to.have.length(0);
    expect(view.queryAllByRole('checkbox')).to.have.length(0);
  });

  it('a failed load says why and retries; English texts', async () => {
    setLanguage('en');
    let fail = true;
    const client = routes({
      [`GET ${BASE}/page`]: (call) => (fail ? refusal(500, 'database is down') : page(call)),
    });
    const { view } = mountAt(PATH, client.http);
    await waitFor(() => view.queryByText('Failed to load: database is down'));
    fail = false;
    fireEvent.click(view.getByRole('button', { name: 'Retry' }));
    const table = await waitFor(() => view.queryByRole('table', { name: 'Users' }));
    await waitFor(() => cellTexts(table).length === 10);
    expect(view.getByRole('navigation', { name: 'Departments and stations' })).to.exist;
    expect(view.getByRole('button', { name: 'Reset password user2' })).to.exist;
    expect(view.getByRole('button', { name: 'Roles user2' })).to.exist;
  });
});
