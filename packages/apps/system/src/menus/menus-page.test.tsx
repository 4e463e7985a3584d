import { expect } from '@esm-bundle/chai';
import { setLanguage } from '@ops/shared';
import { message } from '@ops/ui';
import { fireEvent, within } from '@testing-library/dom';
import { byRole, waitFor } from '../../../../../test/support/dom';
import {
  choose,
  closeConfirms,
  confirmRemoval,
  dialogGone,
  openDialog,
  type,
} from '../../test-support/dialogs';
import { ALL_BUTTONS, cleanUp, fakeClient, mountAt, refusal } from '../../test-support/mount';
import { MENU_URLS } from './menu-rules';

const node = (
  id: string,
  parentId: string,
  name: string,
  code: string,
  extra: Record<string, unknown> = {},
) => ({
  id,
  parentId,
  name,
  code,
  path: '',
  source: '',
  category: 1,
  sort: Number(id),
  appCode: '',
  isShow: 1,
  alias: code,
  action: 0,
  query: null,
  meta: { i18n: `menu.${code}`, roles: [], keepAlive: false },
  group: 'manage',
  isOpen: false,
  iframe: false,
  remark: '',
  hasChildren: false,
  ...extra,
});

const ROOTS = [
  node('3', '0', '运行监视', 'production', { hasChildren: true }),
  node('20', '0', '消息中心', 'notice_info', { path: '/noticeinfo/info', query: { type: 'notice' } }),
];
const UNDER_3 = [
  node('4', '3', '电站总览', 'station_overview', {
    path: '/station-monitor/overview/index',
    appCode: 'station-monitor',
    hasChildren: true,
    meta: { i18n: 'menu.station_overview', roles: ['admin', 'operator'], keepAlive: true },
  }),
];
const UNDER_4 = [node('41', '4', '新增站点', 'switch_add', { category: 2 })];
const TREE = [
  {
    id: '3',
    parentId: '0',
    title: '运行监视',
    category: 1,
    children: [
      {
        id: '4',
        parentId: '3',
        title: '电站总览',
        category: 1,
        children: [{ id: '41', parentId: '4', title: '新增站点', category: 2 }],
      },
    ],
  },
  { id: '20', parentId: '0', title: '消息中心', category: 1 },
];

function server(
  routes: Record<string, (call: { params: Record<string, unknown>; body: unknown }) => unknown> = {},
) {
  return fakeClient({
    [`GET ${MENU_URLS.lazyList}`]: ({ params }) =>
      ({ '0': ROOTS, '3': UNDER_3, '4': UNDER_4 })[String(params.parentId)] ?? [],
    [`GET ${MENU_URLS.tree}`]: () => TREE,
    [`GET ${MENU_URLS.apps}`]: () => [
      { id: '1', code: 'station-monitor', name: '电站监视', path: '/station-monitor' },
      { id: '2', code: 'leave-workflow', name: '请假流程', path: '/leave-workflow' },
    ],
    [`POST ${MENU_URLS.submit}`]: ({ body }) => ({ id: '99', ...(body as object) }),
    [`POST ${MENU_URLS.remove}`]: () => ({ removed: 1 }),
    ...routes,
  });
}

/** The options a person can choose (the placeholder left out). */
const choices = (select: HTMLSelectElement) =>
  [...select.options].filter((o) => !o.disabled).map((o) => o.text);

const table = (view: ReturnType<typeof within>) => waitFor(() => view.queryByRole('table', { name: '菜单' }));

describe('menus page', () => {
  const start = location.pathname;
  afterEach(() => {
    closeConfirms();
    message.closeAll();
    cleanUp(start);
  });

  it('shows the top level, and loads an item’s children when it is expanded', async () => {
    const fake = server();
    const { view } = mountAt('/system/menu/index', fake.http);
    expect(byRole(document.body, 'heading', '菜单管理')).to.exist;
    const rows = await table(view);
    await waitFor(() => within(rows).queryByText('运行监视'));
    expect(fake.callsTo('GET', MENU_URLS.lazyList).map((c) => c.params.parentId)).to.deep.equal(['0']);
    expect(within(rows).queryByText('电站总览')).to.equal(null);
    // 消息中心 has no children: nothing to expand.
    expect(view.queryByRole('button', { name: '展开 消息中心' })).to.equal(null);

    const expand = view.getByRole('button', { name: '展开 运行监视' });
    expect(expand.getAttribute('aria-expanded')).to.equal('false');
    fireEvent.click(expand);
    await waitFor(() => within(rows).queryByText('电站总览'));
    expect(fake.callsTo('GET', MENU_URLS.lazyList).map((c) => c.params.parentId)).to.deep.equal(['0', '3']);
    expect(view.getByRole('button', { name: '收起 运行监视' }).getAttribute('aria-expanded')).to.equal(
      'true',
    );
    // A button row: no "add child" under it.
    fireEvent.click(view.getByRole('button', { name: '展开 电站总览' }));
    await waitFor(() => within(rows).queryByText('新增站点'));
    expect(view.queryByRole('button', { name: '新增子项 新增站点' })).to.equal(null);
    expect(view.getByRole('button', { name: '新增子项 电站总览' })).to.exist;

    // Collapsing hides the children without reading them again.
    fireEvent.click(view.getByRole('button', { name: '收起 运行监视' }));
    await waitFor(() => !within(rows).queryByText('电站总览'));
    fireEvent.click(view.getByRole('button', { name: '展开 运行监视' }));
    await waitFor(() => within(rows).queryByText('电站总览'));
    expect(fake.callsTo('GET', MENU_URLS.lazyList)).to.have.length(3);
  });

  it('adds a child under a menu chosen from the whole tree; the form checks the server’s rules first', async () => {
    const fake = server();
    const { view } = mountAt('/system/menu/index', fake.http);
    await table(view);
    fireEvent.click(await waitFor(() => view.queryByRole('button', { name: '新增' })));
    const form = await openDialog('新增菜单');
    const parent = form.getByRole('combobox', { name: '上级菜单' }) as HTMLSelectElement;
    await waitFor(() => [...parent.options].some((o) => o.text === '电站总览'));
    // Menus at any depth, the top level; buttons are no parents.
    expect(choices(parent)).to.deep.equal(['顶级菜单', '运行监视', '电站总览', '消息中心']);
    expect(parent.value).to.equal('0');

    type(form.getByRole('textbox', { name: /菜单编号/ }), '1bad');
    type(form.getByRole('textbox', { name: '应用编号' }), 'Station');
    type(form.getByRole('textbox', { name: '路由地址' }), 'report');
    fireEvent.click(form.getByRole('button', { name: '保存' }));
    await waitFor(() => form.queryByText('请输入菜单名称'));
    expect(form.getByText('以字母开头，只含字母、数字、_ 和 -，最多 64 个字符')).to.exist;
    expect(form.getByText('以 / 开头的路径，或 http(s):// 地址')).to.exist;
    expect(form.getByText('小写字母、数字和 -，不以 - 开头，最多 64 个字符')).to.exist;
    expect(fake.callsTo('POST', MENU_URLS.submit)).to.have.length(0);

    choose(parent, '3');
    type(form.getByRole('textbox', { name: /菜单名称/ }), '电量报表');
    type(form.getByRole('textbox', { name: /菜单编号/ }), 'energy_report');
    type(form.getByRole('textbox', { name: '路由地址' }), '/station-monitor/report/index');
    expect(await waitFor(() => form.queryByText('已有应用：station-monitor, leave-workflow'))).to.exist;
    type(form.getByRole('textbox', { name: '应用编号' }), 'station-monitor');
    type(form.getByRole('textbox', { name: '图标' }), 'icon-report');
    type(form.getByRole('textbox', { name: '排序' }), '7');
    choose(form.getByRole('combobox', { name: '是否显示' }), '0');
    fireEvent.click(form.getByRole('button', { name: '保存' }));
    await dialogGone('新增菜单');
    expect(fake.callsTo('POST', MENU_URLS.submit)[0]?.body).to.deep.equal({
      parentId: '3',
      name: '电量报表',
      code: 'energy_report',
      path: '/station-monitor/report/index',
      appCode: 'station-monitor',
      source: 'icon-report',
      sort: 7,
      category: 1,
      isShow: 0,
    });
    // The parent opens and its children are read again.
    await waitFor(() => fake.callsTo('GET', MENU_URLS.lazyList).some((c) => c.params.parentId === '3'));

    // "Add child" starts under the row's item.
    fireEvent.click(await waitFor(() => view.queryByRole('button', { name: '新增子项 电站总览' })));
    const child = await openDialog('新增菜单');
    expect((child.getByRole('combobox', { name: '上级菜单' }) as HTMLSelectElement).value).to.equal('4');
  });

  it('edits an item, keeping what the form does not show; it cannot move under itself', async () => {
    const fake = server();
    const { view } = mountAt('/system/menu/index', fake.http);
    fireEvent.click(await waitFor(() => view.queryByRole('button', { name: '展开 运行监视' })));
    fireEvent.click(await waitFor(() => view.queryByRole('button', { name: '编辑 电站总览' })));
    const form = await openDialog('编辑菜单');
    const parent = form.getByRole('combobox', { name: '上级菜单' }) as HTMLSelectElement;
    await waitFor(() => [...parent.options].some((o) => o.text === '消息中心'));
    expect(choices(parent)).to.deep.equal(['顶级菜单', '运行监视', '消息中心']);
    expect(parent.value).to.equal('3');
    expect((form.getByRole('textbox', { name: /菜单名称/ }) as HTMLInputElement).value).to.equal('电站总览');
    expect((form.getByRole('combobox', { name: '菜单类型' }) as HTMLSelectElement).value).to.equal('1');
    type(form.getByRole('textbox', { name: /菜单名称/ }), '电站一览');
    fireEvent.click(form.getByRole('button', { name: '保存' }));
    await dialogGone('编辑菜单');
    expect(fake.callsTo('POST', MENU_URLS.submit)[0]?.body).to.deep.equal({
      id: '4',
      alias: 'station_overview',
      action: 0,
      query: null,
      isOpen: false,
      iframe: false,
      keepAlive: true,
      roles: 'admin,operator',
      group: 'manage',
      remark: '',
      parentId: '3',
      name: '电站一览',
      code: 'station_overview',
      path: '/station-monitor/overview/index',
      appCode: 'station-monitor',
      source: '',
      sort: 4,
      category: 1,
      isShow: 1,
    });
  });

  it('shows the server’s refusal in the dialog, which stays open', async () => {
    const fake = server({
      [`POST ${MENU_URLS.submit}`]: () => refusal(400, 'invalid body.code: already used by another menu'),
    });
    const { view } = mountAt('/system/menu/index', fake.http);
    fireEvent.click(await waitFor(() => view.queryByRole('button', { name: '编辑 消息中心' })));
    const form = await openDialog('编辑菜单');
    fireEvent.click(form.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      byRole(form.getByRole('form'), 'alert', 'invalid body.code: already used by another menu'),
    );
    expect(fake.callsTo('POST', MENU_URLS.submit)[0]?.body).to.deep.include({ query: { type: 'notice' } });
    expect(document.querySelector('sl-dialog[open][label="编辑菜单"]')).to.exist;
  });

  it('removes after a confirmation; a refusal (children left) shows the server’s message', async () => {
    let refuse = true;
    const fake = server({
      [`POST ${MENU_URLS.remove}`]: () =>
        refuse ? refusal(400, 'menu has children: remove them first') : { removed: 1 },
    });
    const { view } = mountAt('/system/menu/index', fake.http);
    fireEvent.click(await waitFor(() => view.queryByRole('button', { name: '删除 运行监视' })));
    await confirmRemoval();
    await waitFor(() => byRole(document.body, 'alert', /menu has children: remove them first/));
    expect(fake.callsTo('POST', MENU_URLS.remove)[0]?.params).to.deep.equal({ ids: '3' });

    refuse = false;
    fireEvent.click(view.getByRole('button', { name: '删除 消息中心' }));
    await confirmRemoval();
    await waitFor(() => fake.callsTo('GET', MENU_URLS.lazyList).length === 2);
    expect(fake.callsTo('POST', MENU_URLS.remove)[1]?.params).to.deep.equal({ ids: '20' });
  });

  it('renders no button the session lacks', async () => {
    const { view } = mountAt('/system/menu/index', server().http, { menu_edit: true });
    await waitFor(() => view.queryByRole('button', { name: '编辑 运行监视' }));
    expect(view.queryByRole('button', { name: '新增' })).to.equal(null);
    expect(view.queryByRole('button', { name: '删除 运行监视' })).to.equal(null);
    expect(view.queryByRole('button', { name: '新增子项 运行监视' })).to.equal(null);
  });

  it('a failed load says why and offers Retry', async () => {
    let fail = true;
    const fake = server({
      [`GET ${MENU_URLS.lazyList}`]: () => (fail ? refusal(500, '服务器开小差了') : ROOTS),
    });
    const { view } = mountAt('/system/menu/index', fake.http, ALL_BUTTONS);
    await waitFor(() => view.queryByText('加载失败：服务器开小差了'));
    fail = false;
    fireEvent.click(view.getByRole('button', { name: '重试' }));
    await waitFor(() => view.queryByRole('table', { name: '菜单' }));
  });

  it('speaks English', async () => {
    setLanguage('en');
    const { view } = mountAt('/system/menu/index', server().http);
    await waitFor(() => view.queryByRole('heading', { name: 'Menus' }));
    fireEvent.click(await waitFor(() => view.queryByRole('button', { name: 'Add' })));
    const form = await openDialog('Add menu');
    for (const name of ['Parent', 'Kind', 'Visible']) expect(form.getByRole('combobox', { name })).to.exist;
    for (const name of [/Name/, /Code/, 'Path', 'App code', 'Icon', 'Sort'])
      expect(form.getByRole('textbox', { name })).to.exist;
    // The tenant's apps (application/all) are named under the app code.
    await waitFor(() => form.queryByText('Apps: station-monitor, leave-workflow'));
    expect(form.getByRole('textbox', { name: 'App code' }).getAttribute('aria-describedby')).to.contain(
      form.getByText('Apps: station-monitor, leave-workflow').id,
    );
    expect(within(form.getByRole('combobox', { name: 'Kind' })).getByRole('option', { name: 'Button' })).to
      .exist;
    expect(within(form.getByRole('combobox', { name: 'Visible' })).getByRole('option', { name: 'No' })).to
      .exist;
    expect(form.getByRole('button', { name: 'Cancel' })).to.exist;
    expect(form.getByRole('button', { name: 'Save' })).to.exist;
    expect(await waitFor(() => view.queryByRole('button', { name: 'Expand 运行监视' }))).to.exist;
  });
});
