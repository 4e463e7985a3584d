// The tenants page mounted as the host mounts it, over a fake client answering as the reference server
// (docs/api.md section 10). Elements are found by role and accessible name.
import { expect } from '@esm-bundle/chai';
import { setLanguage } from '@ops/shared';
import { message } from '@ops/ui';
import { fireEvent } from '@testing-library/dom';
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

const LIST = '/api/blade-system/tenant/list';
const SUBMIT = '/api/blade-system/tenant/submit';
const REMOVE = '/api/blade-system/tenant/remove';
const SETTING = '/api/blade-system/tenant/setting';

const tenant = (n: number, extra: Record<string, unknown> = {}) => ({
  id: String(n),
  tenantId: n === 1 ? '000000' : String(100000 + n),
  tenantName: n === 1 ? '管理平台' : `租户${n}`,
  domain: '',
  kind: n === 1 ? 'platform' : 'hydropower',
  linkman: '王五',
  contactNumber: '13812345678',
  address: '',
  accountNumber: -1,
  expireTime: '',
  stationFlag: 1,
  visualFlag: 0,
  createTime: '2026-01-01 00:00:00',
  ...extra,
});
const ALL = Array.from({ length: 13 }, (_, i) => tenant(i + 1));

/** The list as the server pages and filters it. */
const list = (call: Call) => {
  const {
    current = '1',
    size = '10',
    tenantId = '',
    tenantName = '',
  } = call.params as Record<string, string>;
  const rows = ALL.filter((t) => t.tenantId.includes(tenantId) && t.tenantName.includes(tenantName));
  const start = (Number(current) - 1) * Number(size);
  return { records: rows.slice(start, start + Number(size)), total: rows.length };
};

const PATH = '/system/tenant/index';

describe('tenants page', () => {
  const start = location.pathname;
  afterEach(() => {
    cleanUp(start);
    for (const host of document.querySelectorAll('.ops-confirm-host')) host.remove();
    message.closeAll();
  });

  it('lists 10 tenants a page with their columns, searches and pages', async () => {
    const client = fakeClient({ [`GET ${LIST}`]: list });
    const { view } = mountAt(PATH, client.http);
    const table = await waitFor(() => view.queryByRole('table', { name: '租户列表' }));
    await waitFor(() => cellTexts(table).length === 10);
    const first = cellTexts(table)[0];
    expect(first.slice(1, 11)).to.deep.equal([
      '000000',
      '管理平台',
      '平台',
      '',
      '王五',
      '13812345678',
      '不限',
      '永久',
      '开启',
      '关闭',
    ]);
    expect(client.callsTo('GET', LIST)[0].params).to.deep.equal({ current: 1, size: 10 });
    fireEvent.click(view.getByRole('button', { name: '下一页' }));
    await waitFor(() => cellTexts(table).length === 3);
    expect(client.callsTo('GET', LIST).at(-1)?.params).to.include({ current: 2 });
    type(view.getByRole('textbox', { name: '租户名称' }), ' 租户1 ');
    fireEvent.click(view.getByRole('button', { name: '搜索' }));
    await waitFor(() => cellTexts(table).length === 4);
    expect(client.callsTo('GET', LIST).at(-1)?.params).to.deep.equal({
      current: 1,
      size: 10,
      tenantName: '租户1',
    });
    // A tenant id over 6 characters is not searched: the warning names the field.
    type(view.getByRole('textbox', { name: '租户编号' }), '1234567');
    const calls = client.callsTo('GET', LIST).length;
    fireEvent.click(view.getByRole('button', { name: '搜索' }));
    await waitFor(() => document.body.textContent?.includes('租户编号不能超过 6 个字符'));
    expect(client.callsTo('GET', LIST)).to.have.length(calls);
  });

  it('adds a tenant with the form body; a refusal shows in the dialog, which stays open', async () => {
    let refuse = true;
    const client = fakeClient({
      [`GET ${LIST}`]: list,
      [`POST ${SUBMIT}`]: (call) =>
        refuse ? refusal(400, 'invalid body.domain: already used by another tenant') : call.body,
    });
    const { view } = mountAt(PATH, client.http);
    await waitFor(() => view.queryByRole('table', { name: '租户列表' }));
    fireEvent.click(view.getByRole('button', { name: '新增' }));
    const form = await openDialog('新增租户');
    // Nothing valid yet: the form says why and sends nothing.
    type(form.getByRole('textbox', { name: '联系电话' }), '12345');
    fireEvent.click(form.getByRole('button', { name: '保存' }));
    await waitFor(() => form.queryByText('必填'));
    expect(form.getByText('请输入手机号码或座机号码（如 0751-1234567）')).to.exist;
    expect(client.callsTo('POST', SUBMIT)).to.have.length(0);
    type(form.getByRole('textbox', { name: /租户名称/ }), ' 新租户 ');
    type(form.getByRole('textbox', { name: '联系电话' }), '0751-1234567');
    type(form.getByRole('textbox', { name: '域名' }), 'new.ops.local');
    fireEvent.change(form.getByRole('combobox', { name: '租户类型' }), { target: { value: 'water' } });
    fireEvent.click(form.getByRole('checkbox', { name: '站点切换' }));
    fireEvent.click(form.getByRole('button', { name: '保存' }));
    await waitFor(() => form.queryByRole('alert'));
    expect(form.getByRole('alert').textContent).to.include('already used by another tenant');
    expect(document.querySelector('sl-dialog[open]')).to.exist;
    expect(client.callsTo('POST', SUBMIT)[0].body).to.deep.equal({
      tenantName: '新租户',
      domain: 'new.ops.local',
      kind: 'water',
      linkman: '',
      contactNumber: '0751-1234567',
      address: '',
      stationFlag: 1,
      visualFlag: 0,
    });
    refuse = false;
    const loads = client.callsTo('GET', LIST).length;
    fireEvent.click(form.getByRole('button', { name: '保存' }));
    await waitFor(() => !document.querySelector('sl-dialog[open]'));
    await waitFor(() => client.callsTo('GET', LIST).length > loads);
  });

  it('edits a tenant with its id; 000000 cannot turn the visual system on', async () => {
    const client = fakeClient({ [`GET ${LIST}`]: list, [`POST ${SUBMIT}`]: (call) => call.body });
    const { view } = mountAt(PATH, client.http);
    const table = await waitFor(() => view.queryByRole('table', { name: '租户列表' }));
    await waitFor(() => cellTexts(table).length === 10);
    fireEvent.click(view.getByRole('button', { name: '编辑 管理平台' }));
    let form = await openDialog('编辑租户');
    expect((form.getByRole('checkbox', { name: '可视化' }) as HTMLInputElement).disabled).to.equal(true);
    fireEvent.click(form.getByRole('button', { name: '取消' }));
    await waitFor(() => !document.querySelector('sl-dialog[open]'));
    fireEvent.click(view.getByRole('button', { name: '编辑 租户2' }));
    form = await openDialog('编辑租户');
    const name = form.getByRole('textbox', { name: /租户名称/ }) as HTMLInputElement;
    expect(name.value).to.equal('租户2');
    type(name, '租户二');
    fireEvent.click(form.getByRole('checkbox', { name: '可视化' }));
    fireEvent.click(form.getByRole('button', { name: '保存' }));
    await waitFor(() => client.callsTo('POST', SUBMIT).length === 1);
    expect(client.callsTo('POST', SUBMIT)[0].body).to.include({
      id: '2',
      tenantName: '租户二',
      visualFlag: 1,
      kind: 'hydropower',
    });
  });

  it('removes a tenant after a confirmation naming it; the server’s refusal shows', async () => {
    const client = fakeClient({
      [`GET ${LIST}`]: list,
      [`POST ${REMOVE}`]: (call) =>
        call.params.ids === '1'
          ? refusal(400, 'the platform tenant 000000 cannot be removed')
          : { removed: 1 },
    });
    const { view } = mountAt(PATH, client.http);
    const table = await waitFor(() => view.queryByRole('table', { name: '租户列表' }));
    await waitFor(() => cellTexts(table).length === 10);
    fireEvent.click(view.getByRole('button', { name: '删除 租户3' }));
    let confirm = await openDialog('确认删除');
    expect(confirm.getByText('确定删除“租户3”吗？')).to.exist;
    fireEvent.click(confirm.getByRole('button', { name: '删除' }));
    await waitFor(() => client.callsTo('POST', REMOVE).length === 1);
    expect(client.callsTo('POST', REMOVE)[0].params).to.deep.equal({ ids: '3' });
    await waitFor(() => !document.querySelector('.ops-confirm-host sl-dialog[open]'));
    fireEvent.click(view.getByRole('button', { name: '删除 管理平台' }));
    confirm = await openDialog('确认删除');
    fireEvent.click(confirm.getByRole('button', { name: '删除' }));
    await waitFor(() => document.body.textContent?.includes('the platform tenant 000000 cannot be removed'));
  });

  it('applies the licence settings to the selected tenants', async () => {
    const client = fakeClient({ [`GET ${LIST}`]: list, [`POST ${SETTING}`]: () => ({ changed: 2 }) });
    const { view } = mountAt(PATH, client.http);
    const table = await waitFor(() => view.queryByRole('table', { name: '租户列表' }));
    await waitFor(() => cellTexts(table).length === 10);
    const settings = view.getByRole('button', { name: '授权配置' }) as HTMLButtonElement;
    expect(settings.disabled).to.equal(true);
    fireEvent.click(view.getByRole('checkbox', { name: '选择 租户2' }));
    fireEvent.click(view.getByRole('checkbox', { name: '选择 租户4' }));
    expect(settings.disabled).to.equal(false);
    fireEvent.click(settings);
    const form = await openDialog('授权配置');
    expect(form.getByText('授权配置将应用于选中的 2 个租户')).to.exist;
    type(form.getByRole('textbox', { name: /账号额度/ }), 'abc');
    fireEvent.click(form.getByRole('button', { name: '保存' }));
    await waitFor(() => form.queryByText('请输入 -1（不限）或 0-999999 的整数'));
    type(form.getByRole('textbox', { name: /账号额度/ }), '50');
    type(form.getByRole('textbox', { name: '过期时间' }), '2027-01-01');
    fireEvent.click(form.getByRole('button', { name: '保存' }));
    await waitFor(() => client.callsTo('POST', SETTING).length === 1);
    expect(client.callsTo('POST', SETTING)[0].params).to.deep.equal({
      ids: '2,4',
      accountNumber: '50',
      expireTime: '2027-01-01',
    });
    await waitFor(() => !document.querySelector('sl-dialog[open]'));
    // The picks are cleared with the reload.
    await waitFor(() => settings.disabled);
  });

  it('renders no button the session lacks the code of', async () => {
    const client = fakeClient({ [`GET ${LIST}`]: list });
    const { view } = mountAt(PATH, client.http, {
      ...ALL_BUTTONS,
      tenant_add: false,
      tenant_edit: false,
      tenant_delete: false,
      tenant_setting: false,
    });
    const table = await waitFor(() => view.queryByRole('table', { name: '租户列表' }));
    await waitFor(() => cellTexts(table).length === 10);
    for (const name of ['新增', '授权配置', /^编辑/, /^删除/])
      expect(view.queryAllByRole('button', { name })).to.have.length(0);
    expect(view.queryAllByRole('checkbox')).to.have.length(0);
  });

  it('a failed load says why and retries; English texts', async () => {
    setLanguage('en');
    let fail = true;
    const client = fakeClient({
      [`GET ${LIST}`]: (call) => (fail ? refusal(500, 'database is down') : list(call)),
    });
    const { view } = mountAt(PATH, client.http);
    await waitFor(() => view.queryByText('Failed to load: database is down'));
    fail = false;
    fireEvent.click(view.getByRole('button', { name: 'Retry' }));
    const table = await waitFor(() => view.queryByRole('table', { name: 'Tenants' }));
    await waitFor(() => cellTexts(table).length === 10);
    expect(view.getByRole('button', { name: 'Add' })).to.exist;
    expect(view.getByRole('button', { name: 'Licence settings' })).to.exist;
    expect(view.getByRole('checkbox', { name: 'Select 租户2' })).to.exist;
  });
});
