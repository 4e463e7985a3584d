import { expect } from '@esm-bundle/chai';
import { setLanguage } from '@ops/shared';
import { message } from '@ops/ui';
import { fireEvent, within } from '@testing-library/dom';
import { byRole, cellTexts, waitFor } from '../../../../../test/support/dom';
import {
  choose,
  closeConfirms,
  confirmRemoval,
  dialogGone,
  openDialog,
  type,
} from '../../test-support/dialogs';
import { ALL_BUTTONS, cleanUp, fakeClient, mountAt, refusal } from '../../test-support/mount';
import { DICT_URLS } from './dict-rules';

const entry = (
  id: string,
  parentId: string,
  tenantId: string,
  code: string,
  dictKey: string,
  dictValue: string,
) => ({
  id,
  parentId,
  tenantId,
  code,
  dictKey,
  dictValue,
  sort: Number(id),
  remark: '',
  isSealed: 0,
});

const PARENTS = [
  entry('1', '0', '000000', 'i18n_language', '-1', '语言'),
  entry('2', '0', '100001', 'color', '-1', '颜色'),
];
const CHILDREN: Record<string, unknown[]> = {
  '1': [
    entry('11', '1', '000000', 'i18n_language', 'zh_CN', '中文'),
    entry('12', '1', '100001', 'i18n_language', 'fr_FR', '法语'),
  ],
  '2': [entry('21', '2', '100001', 'color', 'red', '红'), entry('22', '2', '100001', 'color', 'blue', '蓝')],
};

function server(
  routes: Record<string, (call: { params: Record<string, unknown>; body: unknown }) => unknown> = {},
) {
  return fakeClient({
    [`GET ${DICT_URLS.parents}`]: ({ params }) => {
      const records = PARENTS.filter(
        (p) =>
          p.code.includes(String(params.code ?? '')) && p.dictValue.includes(String(params.dictValue ?? '')),
      );
      return { records, total: records.length, size: 10, current: 1, pages: 1 };
    },
    [`GET ${DICT_URLS.children}`]: ({ params }) => CHILDREN[String(params.parentId)] ?? [],
    [`POST ${DICT_URLS.submit}`]: ({ body }) => ({ id: '99', ...(body as object) }),
    [`POST ${DICT_URLS.remove}`]: () => ({ removed: 1 }),
    ...routes,
  });
}

const TENANT = { tenantId: '100001' };
const list = (view: ReturnType<typeof within>) =>
  waitFor(() => {
    const table = view.queryByRole('table', { name: '字典' });
    return table && within(table).queryByText('颜色') ? table : null;
  });

describe('dictionaries page', () => {
  const start = location.pathname;
  afterEach(() => {
    closeConfirms();
    message.closeAll();
    cleanUp(start);
  });

  it('lists and searches by code and name', async () => {
    const fake = server();
    const { view } = mountAt('/system/dict/index', fake.http, ALL_BUTTONS, TENANT);
    expect(byRole(document.body, 'heading', '字典管理')).to.exist;
    const table = await list(view);
    expect(cellTexts(table).map((r) => r.slice(0, 4))).to.deep.equal([
      ['i18n_language', '语言', '1', '共享（只读）'],
      ['color', '颜色', '2', '本租户'],
    ]);
    const search = view.getByRole('form', { name: '搜索字典' });
    type(within(search).getByRole('textbox', { name: '字典编号' }), 'col');
    type(within(search).getByRole('textbox', { name: '字典名称' }), '颜');
    fireEvent.click(within(search).getByRole('button', { name: '搜索' }));
    await waitFor(() => !within(table).queryByText('语言'));
    expect(fake.callsTo('GET', DICT_URLS.parents).at(-1)?.params).to.deep.equal({
      code: 'col',
      dictValue: '颜',
      current: 1,
      size: 10,
    });
  });

  it('shared rows are read-only for a tenant; its own keep their buttons; the select previews dictValue/dictKey', async () => {
    const { view } = mountAt('/system/dict/index', server().http, ALL_BUTTONS, TENANT);
    await list(view);
    expect(view.queryByRole('button', { name: '编辑 语言' })).to.equal(null);
    expect(view.queryByRole('button', { name: '删除 语言' })).to.equal(null);
    expect(view.getByRole('button', { name: '编辑 颜色' })).to.exist;
    expect(view.getByRole('button', { name: '删除 颜色' })).to.exist;

    fireEvent.click(view.getByRole('button', { name: '字典项 语言' }));
    const entries = await waitFor(() => {
      const table = view.queryByRole('table', { name: '语言 的字典项' });
      return table && within(table).queryByText('中文') ? table : null;
    });
    expect(within(entries).queryByRole('button', { name: '编辑 中文' })).to.equal(null);
    // The tenant's own entry in a shared dictionary is its to change.
    expect(within(entries).getByRole('button', { name: '编辑 法语' })).to.exist;
    const preview = view.getByRole('combobox', { name: '下拉预览' }) as HTMLSelectElement;
    const options = [...preview.options].filter((o) => !o.disabled).map((o) => [o.value, o.text]);
    expect(options).to.deep.equal([
      ['zh_CN', '中文'],
      ['fr_FR', '法语'],
    ]);
    choose(preview, 'fr_FR');
    await waitFor(() => view.queryByText('选择框显示字典值，提交字典键值：fr_FR'));
  });

  it('the platform administrator owns the shared rows', async () => {
    const { view } = mountAt('/system/dict/index', server().http, ALL_BUTTONS, { tenantId: '000000' });
    await list(view);
    expect(view.getByRole('button', { name: '编辑 语言' })).to.exist;
  });

  it('adds a dictionary, then an entry of it; edits an entry', async () => {
    const fake = server();
    const { view } = mountAt('/system/dict/index', fake.http, ALL_BUTTONS, TENANT);
    await list(view);
    fireEvent.click(view.getByRole('button', { name: '新增' }));
    let form = await openDialog('新增字典');
    type(form.getByRole('textbox', { name: /字典编号/ }), '1bad');
    fireEvent.click(form.getByRole('button', { name: '保存' }));
    await waitFor(() => form.queryByText('以字母开头，只含字母、数字、_ . -，最多 64 个字符'));
    expect(form.getByText('必填')).to.exist;
    expect(fake.callsTo('POST', DICT_URLS.submit)).to.have.length(0);
    type(form.getByRole('textbox', { name: /字典编号/ }), 'shape');
    type(form.getByRole('textbox', { name: /字典名称/ }), '形状');
    fireEvent.click(form.getByRole('button', { name: '保存' }));
    await dialogGone('新增字典');
    expect(fake.callsTo('POST', DICT_URLS.submit)[0]?.body).to.deep.equal({
      parentId: '0',
      code: 'shape',
      dictKey: '-1',
      dictValue: '形状',
      sort: 0,
      remark: '',
    });

    fireEvent.click(view.getByRole('button', { name: '字典项 颜色' }));
    fireEvent.click(await waitFor(() => view.queryByRole('button', { name: '新增字典项' })));
    form = await openDialog('新增字典项');
    expect((form.getByRole('textbox', { name: /字典编号/ }) as HTMLInputElement).disabled).to.equal(true);
    type(form.getByRole('textbox', { name: /字典键值/ }), 'green');
    type(form.getByRole('textbox', { name: /字典值/ }), '绿');
    type(form.getByRole('textbox', { name: '排序' }), '3');
    fireEvent.click(form.getByRole('button', { name: '保存' }));
    await dialogGone('新增字典项');
    expect(fake.callsTo('POST', DICT_URLS.submit)[1]?.body).to.deep.equal({
      parentId: '2',
      code: 'color',
      dictKey: 'green',
      dictValue: '绿',
      sort: 3,
      remark: '',
    });

    fireEvent.click(await waitFor(() => view.queryByRole('button', { name: '编辑 蓝' })));
    form = await openDialog('编辑字典项');
    type(form.getByRole('textbox', { name: /字典值/ }), '深蓝');
    fireEvent.click(form.getByRole('button', { name: '保存' }));
    await dialogGone('编辑字典项');
    expect(fake.callsTo('POST', DICT_URLS.submit)[2]?.body).to.deep.include({
      id: '22',
      parentId: '2',
      dictValue: '深蓝',
    });
  });

  it('a forced change of a shared row shows the server’s 403 in the dialog', async () => {
    const fake = server({
      [`POST ${DICT_URLS.submit}`]: () => refusal(403, 'shared or sealed dictionary rows cannot be changed'),
    });
    const { view } = mountAt('/system/dict/index', fake.http, ALL_BUTTONS, TENANT);
    await list(view);
    fireEvent.click(view.getByRole('button', { name: '编辑 颜色' }));
    const form = await openDialog('编辑字典');
    fireEvent.click(form.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      byRole(form.getByRole('form'), 'alert', 'shared or sealed dictionary rows cannot be changed'),
    );
  });

  it('removes an entry after a confirmation', async () => {
    const fake = server();
    const { view } = mountAt('/system/dict/index', fake.http, ALL_BUTTONS, TENANT);
    await list(view);
    fireEvent.click(view.getByRole('button', { name: '字典项 颜色' }));
    fireEvent.click(await waitFor(() => view.queryByRole('button', { name: '删除 红' })));
    await confirmRemoval();
    await waitFor(() => fake.callsTo('POST', DICT_URLS.remove).length === 1);
    expect(fake.callsTo('POST', DICT_URLS.remove)[0]?.params).to.deep.equal({ ids: '21' });
    await waitFor(() => fake.callsTo('GET', DICT_URLS.children).length === 2);
  });

  it('renders no button the session lacks; a failed load offers Retry; English', async () => {
    let fail = true;
    const fake = server({
      [`GET ${DICT_URLS.parents}`]: () =>
        fail ? refusal(500, '服务器开小差了') : { records: PARENTS, total: 2 },
    });
    setLanguage('en');
    const { view } = mountAt('/system/dict/index', fake.http, {}, TENANT);
    await waitFor(() => view.queryByRole('heading', { name: 'Dictionaries' }));
    await waitFor(() => view.queryByText('Failed to load: 服务器开小差了'));
    fail = false;
    fireEvent.click(view.getByRole('button', { name: 'Retry' }));
    await waitFor(() => view.queryByRole('table', { name: 'Dictionaries' }) && view.queryByText('颜色'));
    expect(view.queryByRole('button', { name: 'Add' })).to.equal(null);
    expect(view.queryByRole('button', { name: 'Edit 颜色' })).to.equal(null);
    expect(view.queryByRole('button', { name: 'Delete 颜色' })).to.equal(null);
    fireEvent.click(view.getByRole('button', { name: 'Entries 颜色' }));
    await waitFor(() => view.queryByRole('table', { name: 'Entries of 颜色' }));
    expect(view.queryByRole('button', { name: 'Add entry' })).to.equal(null);
  });
});
