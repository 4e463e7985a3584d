// Adding, editing and deleting sites in the site table, against a fake of the site calls (docs/api.md
// section 9) over the shell's real runtime (session store, HTTP client and its error messages). Elements
// are found by role and name.
import { expect } from '@esm-bundle/chai';
import { fireEvent, within } from '@testing-library/dom';
import { waitFor } from '../../../../test/support/dom';
import { mount, type } from '../../test-support/dom';
import { type FakeCall, failure, ok, shellTestServices } from '../../test-support/services';
import { SITE_API } from './api';
import type { Site } from './rules';
import { SiteSwitchView } from './site-switch-view';

/** A site as the store keeps it (the server works out `joined` per call). */
type Row = Omit<Site, 'joined'>;

/** A small site store answering the list, submit and remove as the reference server does. */
function fakeServer(count = 3) {
  let next = 500;
  const rows: Row[] = Array.from({ length: count }, (_, i) => ({
    id: String(100 + i),
    stationId: `HS000${i + 1}`,
    deptName: `${i + 1}号水电站`,
    linkman: '王工',
    contactNumber: '13800000001',
    tenantId: '100001',
  }));
  const routes = {
    [`GET ${SITE_API.sites}`]: (call: FakeCall) => {
      const p = call.params as Record<string, string>;
      const size = Number(p.size);
      const current = Number(p.current);
      const records = rows
        .slice((current - 1) * size, current * size)
        .map((s) => ({ ...s, joined: call.headers['Dept-Id'] === s.id }));
      return ok({ records, total: rows.length, size, current });
    },
    [`POST ${SITE_API.submit}`]: (call: FakeCall) => {
      const b = call.body;
      const same = rows.find((r) => r.stationId.toLowerCase() === b.stationId?.toLowerCase());
      if (same && same.id !== b.id) throw failure({ code: 400, msg: `站点编号 ${b.stationId} 已存在` });
      const fields = {
        stationId: b.stationId!,
        deptName: b.deptName!,
        linkman: b.linkman!,
        contactNumber: b.contactNumber ?? '',
      };
      if (b.id) {
        const row = rows.find((r) => r.id === b.id);
        if (!row) throw failure({ code: 404, msg: `站点不存在或不属于当前租户（${b.id}）` }, 404);
        Object.assign(row, fields);
        return ok({ ...row, joined: false });
      }
      const row = { id: String(next++), tenantId: '100001', ...fields };
      rows.push(row);
      return ok({ ...row, joined: false });
    },
    [`POST ${SITE_API.remove}`]: (call: FakeCall) => {
      const i = rows.findIndex((r) => r.id === call.body.ids);
      if (i < 0) throw failure({ code: 404, msg: `站点不存在或不属于当前租户（${call.body.ids}）` }, 404);
      rows.splice(i, 1);
      return ok({ removed: 1 });
    },
  };
  return { rows, routes };
}

const ALL = { switch_view: true, switch_add: true, switch_edit: true, switch_delete: true };

/** The open dialog of that name (the site form and the confirm are on the body). */
const openDialog = (name: string) =>
  waitFor(() =>
    [...document.querySelectorAll<HTMLElement>('sl-dialog[open]')].find(
      (d) => d.getAttribute('label') === name,
    ),
  ).then((d) => within(d));

const field = (dialog: ReturnType<typeof within>, name: string) =>
  dialog.getByRole('textbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;

describe('site management in the site table', () => {
  let cleanup: () => void = () => undefined;
  afterEach(() => {
    cleanup();
    for (const host of document.querySelectorAll('.ops-confirm-host')) host.remove();
    for (const dialog of document.querySelectorAll('sl-dialog.ops-site-form-dialog')) dialog.remove();
  });

  function setup(
    permission: Record<string, boolean> = ALL,
    lang: 'zh' | 'en' = 'zh',
    options: { count?: number; subStation?: string } = {},
  ) {
    const server = fakeServer(options.count);
    const fake = shellTestServices(server.routes, lang);
    fake.services.session.update({
      token: 't1',
      tenantId: '100001',
      permission,
      subStation: options.subStation
        ? { id: options.subStation, name: '', tenantId: '100001', deptId: options.subStation, stationId: '' }
        : null,
    });
    const view = mount(<SiteSwitchView services={fake.services} onJoined={() => undefined} />);
    cleanup = view.unmount;
    const page = within(view.container);
    const calls = (url: string) => fake.calls.filter((c) => c.url === url);
    return { fake, page, server, calls };
  }

  it('adds a site: the form refuses what §5 refuses and sends nothing, then saves and the table reloads', async () => {
    const { page, fake, calls } = setup();
    await waitFor(() => page.queryByText('1号水电站'));
    fireEvent.click(page.getByRole('button', { name: '新增' }));
    const dialog = await openDialog('新增站点');
    expect(dialog.getByRole('form', { name: '站点信息' })).to.exist;

    fireEvent.click(dialog.getByRole('button', { name: '保存' }));
    await waitFor(() => dialog.queryByText('请输入站点编号'));
    expect(dialog.getByText('请输入站点名称')).to.exist;
    expect(dialog.getByText('请输入联系人')).to.exist;
    type(field(dialog, '联系电话'), '12345');
    type(field(dialog, '站点编号'), ' HS9001 ');
    type(field(dialog, '站点名称'), '<新建>水电站');
    type(field(dialog, '联系人'), '   ');
    fireEvent.click(dialog.getByRole('button', { name: '保存' }));
    await waitFor(() => dialog.queryByText('请输入正确的手机号码或固定电话，如 0751-1234567'));
    expect(dialog.getByText('请输入联系人')).to.exist;
    expect(field(dialog, '站点名称').value, 'angle brackets are stripped as typed').to.equal('新建水电站');
    expect(calls(SITE_API.submit)).to.have.length(0);

    const listed = calls(SITE_API.sites).length;
    type(field(dialog, '联系人'), '王五');
    type(field(dialog, '联系电话'), '0751-1234567');
    fireEvent.click(dialog.getByRole('button', { name: '保存' }));
    await waitFor(() => calls(SITE_API.submit).length === 1);
    expect(calls(SITE_API.submit)[0]!.body).to.deep.equal({
      stationId: 'HS9001',
      deptName: '新建水电站',
      linkman: '王五',
      contactNumber: '0751-1234567',
    });
    await waitFor(() =>
      fake.toasts.some(([kind, text]) => kind === 'success' && text === '已新增站点：新建水电站'),
    );
    await waitFor(() => calls(SITE_API.sites).length > listed);
    await waitFor(() => page.queryByText('新建水电站'));
    await waitFor(() => !document.querySelector('sl-dialog.ops-site-form-dialog[open]'));
  });

  it('shows the server’s refusal of a duplicate station id in the form, which stays open', async () => {
    const { page, fake, server } = setup();
    await waitFor(() => page.queryByText('1号水电站'));
    fireEvent.click(page.getByRole('button', { name: '新增' }));
    const dialog = await openDialog('新增站点');
    type(field(dialog, '站点编号'), 'hs0002');
    type(field(dialog, '站点名称'), '重复站');
    type(field(dialog, '联系人'), '某人');
    fireEvent.click(dialog.getByRole('button', { name: '保存' }));
    const alert = await waitFor(() => dialog.queryByRole('alert'));
    expect(alert.textContent).to.equal('站点编号 hs0002 已存在');
    expect(
      fake.toasts.filter(([kind]) => kind === 'error'),
      'shown in the form, not twice',
    ).to.deep.equal([]);
    expect(server.rows).to.have.length(3);
    expect(document.querySelector('sl-dialog.ops-site-form-dialog[open]')).to.exist;
    // Fixed, it saves.
    type(field(dialog, '站点编号'), 'HS0009');
    fireEvent.click(dialog.getByRole('button', { name: '保存' }));
    await waitFor(() => server.rows.length === 4);
  });

  it('edits a row: the form starts from it, sends its id, and the table shows the change', async () => {
    const { page, calls } = setup();
    await waitFor(() => page.queryByText('2号水电站'));
    fireEvent.click(page.getByRole('button', { name: '编辑 2号水电站' }));
    const dialog = await openDialog('编辑站点');
    expect(field(dialog, '站点编号').value).to.equal('HS0002');
    expect(field(dialog, '站点名称').value).to.equal('2号水电站');
    type(field(dialog, '站点名称'), '二号电站');
    fireEvent.click(dialog.getByRole('button', { name: '保存' }));
    await waitFor(() => calls(SITE_API.submit).length === 1);
    expect(calls(SITE_API.submit)[0]!.body).to.deep.include({
      id: '101',
      stationId: 'HS0002',
      deptName: '二号电站',
    });
    await waitFor(() => page.queryByText('二号电站'));
    expect(page.queryByText('2号水电站')).to.equal(null);
  });

  it('an edit of the site the console is on renames the sub-station, without a station switch', async () => {
    const { page, fake } = setup(ALL, 'zh', { subStation: '101' });
    const ended: string[] = [];
    const sub = fake.runtime.sessionContext.ended$.subscribe((reason) => ended.push(reason));
    await waitFor(() => page.queryByText('当前站点'));
    fireEvent.click(page.getByRole('button', { name: '编辑 2号水电站' }));
    const dialog = await openDialog('编辑站点');
    type(field(dialog, '站点名称'), '二号电站');
    fireEvent.click(dialog.getByRole('button', { name: '保存' }));
    await waitFor(() => fake.services.session.get().subStation?.name === '二号电站');
    expect(fake.services.session.get().subStation).to.deep.include({ deptId: '101', stationId: 'HS0002' });
    expect(ended).to.deep.equal([]);
    sub.unsubscribe();
  });

  it('cancelling the form sends nothing', async () => {
    const { page, calls } = setup();
    await waitFor(() => page.queryByText('1号水电站'));
    fireEvent.click(page.getByRole('button', { name: '编辑 1号水电站' }));
    const dialog = await openDialog('编辑站点');
    type(field(dialog, '站点名称'), '不保存');
    fireEvent.click(dialog.getByRole('button', { name: '取消' }));
    await waitFor(() => !document.querySelector('sl-dialog.ops-site-form-dialog'));
    expect(calls(SITE_API.submit)).to.have.length(0);
    expect(page.getByText('1号水电站')).to.exist;
  });

  it('deletes a row after a confirmation; declining sends nothing', async () => {
    const { page, fake, calls, server } = setup();
    await waitFor(() => page.queryByText('3号水电站'));
    fireEvent.click(page.getByRole('button', { name: '删除 3号水电站' }));
    let confirm = await openDialog('删除站点');
    expect(confirm.getByText('确定删除站点“3号水电站”（HS0003）吗？删除后不能再进入该站点。')).to.exist;
    fireEvent.click(confirm.getByRole('button', { name: '取消' }));
    await waitFor(() => !document.querySelector('.ops-confirm-host sl-dialog[open]'));
    expect(calls(SITE_API.remove)).to.have.length(0);

    fireEvent.click(page.getByRole('button', { name: '删除 3号水电站' }));
    confirm = await openDialog('删除站点');
    fireEvent.click(confirm.getByRole('button', { name: '删除' }));
    await waitFor(() => calls(SITE_API.remove).length === 1);
    expect(calls(SITE_API.remove)[0]!.body).to.deep.equal({ ids: '102' });
    await waitFor(() => !page.queryByText('3号水电站'));
    expect(server.rows.map((r) => r.id)).to.deep.equal(['100', '101']);
    expect(fake.toasts).to.deep.include(['success', '已删除站点：3号水电站']);
  });

  it('a refused delete shows the server’s msg as the console’s error message', async () => {
    const { page, fake, server } = setup();
    await waitFor(() => page.queryByText('1号水电站'));
    server.rows.splice(0, 1); // deleted elsewhere meanwhile
    fireEvent.click(page.getByRole('button', { name: '删除 1号水电站' }));
    fireEvent.click((await openDialog('删除站点')).getByRole('button', { name: '删除' }));
    await waitFor(() => fake.toasts.some(([kind]) => kind === 'error'));
    expect(fake.toasts).to.deep.include(['error', '站点不存在或不属于当前租户（100）']);
    // The table reloads.
    await waitFor(() => !page.queryByText('1号水电站'));
  });

  it('the site the console is on cannot be deleted from here', async () => {
    const { page } = setup(ALL, 'zh', { subStation: '101' });
    await waitFor(() => page.queryByText('当前站点'));
    expect((page.getByRole('button', { name: '删除 2号水电站' }) as HTMLButtonElement).disabled).to.equal(
      true,
    );
    expect((page.getByRole('button', { name: '删除 1号水电站' }) as HTMLButtonElement).disabled).to.equal(
      false,
    );
  });

  it('a delete that empties the last page shows the page before', async () => {
    const { page } = setup(ALL, 'zh', { count: 11 });
    await waitFor(() => page.queryByText('1号水电站'));
    fireEvent.click(page.getByRole('button', { name: '第 2 页' }));
    await waitFor(() => page.queryByText('11号水电站'));
    fireEvent.click(page.getByRole('button', { name: '删除 11号水电站' }));
    fireEvent.click((await openDialog('删除站点')).getByRole('button', { name: '删除' }));
    await waitFor(() => page.queryByText('10号水电站'));
  });

  it('offers each action only with its button: none of them for a switch_view only user', async () => {
    const { page } = setup({ switch_view: true });
    await waitFor(() => page.queryByText('1号水电站'));
    expect(page.queryByRole('button', { name: '新增' })).to.equal(null);
    expect(page.queryAllByRole('button', { name: /^(编辑|删除) / })).to.have.length(0);
    expect(page.getAllByRole('button', { name: /^进入 / })).to.have.length(3);

    cleanup();
    const editOnly = setup({ switch_edit: true });
    await waitFor(() => editOnly.page.queryByText('1号水电站'));
    expect(editOnly.page.queryByRole('button', { name: '新增' })).to.equal(null);
    expect(editOnly.page.getAllByRole('button', { name: /^编辑 / })).to.have.length(3);
    expect(editOnly.page.queryAllByRole('button', { name: /^删除 / })).to.have.length(0);
  });

  it('speaks English', async () => {
    const { page } = setup(ALL, 'en');
    await waitFor(() => page.queryByText('1号水电站'));
    expect(page.getByRole('button', { name: 'Edit 1号水电站' })).to.exist;
    expect(page.getByRole('button', { name: 'Delete 1号水电站' })).to.exist;
    fireEvent.click(page.getByRole('button', { name: 'Add' }));
    const dialog = await openDialog('Add site');
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => dialog.queryByText('Station ID is required'));
    expect(dialog.getByRole('form', { name: 'Site details' })).to.exist;
    expect(dialog.getByRole('textbox', { name: /^Contact/ })).to.exist;
  });
});
