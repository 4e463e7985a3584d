// The site table against a fake of the site list (docs/api.md section 9), over the shell's real runtime
// (session store and HTTP client, whose station headers come from the sub-station). Elements are found
// by role and name.
import { expect } from '@esm-bundle/chai';
import { fireEvent, within } from '@testing-library/dom';
import { waitFor } from '../../../../test/support/dom';
import { mount, type } from '../../test-support/dom';
import { type FakeCall, ok, shellTestServices } from '../../test-support/services';
import { SITE_API } from './api';
import { SiteSwitchPage } from './site-switch-page';
import { SiteSwitchView } from './site-switch-view';

const SITES = Array.from({ length: 22 }, (_, i) => {
  const n = String(i + 1).padStart(4, '0');
  return {
    id: String(100 + i),
    stationId: `HS${n}`,
    deptName: `${i + 1}号水电站`,
    linkman: i % 2 ? '李工' : '王工',
    contactNumber: `1380000${n}`,
    tenantId: '100001',
  };
});

function fakeSites() {
  return {
    [`GET ${SITE_API.sites}`]: (call: FakeCall) => {
      const p = call.params as Record<string, string>;
      const found = SITES.filter(
        (s) =>
          (!p.stationId || s.stationId.includes(p.stationId)) &&
          (!p.deptName || s.deptName.includes(p.deptName)) &&
          (!p.linkman || s.linkman.includes(p.linkman)),
      );
      const size = Number(p.size);
      const current = Number(p.current);
      const records = found
        .slice((current - 1) * size, current * size)
        .map((s) => ({ ...s, joined: call.headers['Dept-Id'] === s.id }));
      return ok({ records, total: found.length, size, current, pages: Math.ceil(found.length / size) });
    },
  };
}

describe('site switch table', () => {
  let cleanup: () => void = () => undefined;
  afterEach(() => cleanup());

  function setup(permission: Record<string, boolean> = { switch_view: true }, lang: 'zh' | 'en' = 'zh') {
    const fake = shellTestServices(fakeSites(), lang);
    fake.services.session.update({ token: 't1', tenantId: '100001', permission, subStation: null });
    const joined: string[] = [];
    const view = mount(<SiteSwitchView services={fake.services} onJoined={(s) => joined.push(s.id)} />);
    cleanup = view.unmount;
    const page = within(view.container);
    const listCalls = () => fake.calls.filter((c) => c.url === SITE_API.sites);
    return { fake, page, joined, listCalls, container: view.container };
  }

  it('lists the first 10 sites with their columns and pages by 10', async () => {
    const { page, listCalls } = setup();
    const table = await waitFor(() => page.queryByRole('table', { name: '站点列表' }));
    await waitFor(() => within(table).queryByText('1号水电站'));
    for (const title of ['站点编号', '站点名称', '联系人', '联系电话'])
      expect(within(table).getByRole('columnheader', { name: title })).to.exist;
    expect(within(table).getAllByRole('button', { name: /^进入 / })).to.have.length(10);
    expect(listCalls()[0]?.params).to.deep.equal({ current: 1, size: 10 } as never);
    fireEvent.click(page.getByRole('button', { name: '下一页' }));
    await waitFor(() => within(table).queryByText('11号水电站'));
    expect(listCalls().at(-1)?.params).to.include({ current: 2 });
    fireEvent.click(page.getByRole('button', { name: '第 3 页' }));
    await waitFor(() => within(table).queryByText('22号水电站'));
    expect(within(table).getAllByRole('button', { name: /^进入 / })).to.have.length(2);
  });

  it('searches by the fields typed; a field over 20 characters warns with its label and sends nothing', async () => {
    const { page, fake, listCalls } = setup();
    await waitFor(() => page.queryByText('1号水电站'));
    const before = listCalls().length;
    type(page.getByRole('textbox', { name: '联系人' }) as HTMLInputElement, '李'.repeat(21));
    fireEvent.click(page.getByRole('button', { name: '查询' }));
    await waitFor(() => fake.toasts.length > 0);
    expect(fake.toasts).to.deep.equal([['warning', '联系人不能超过 20 个字符']]);
    expect(listCalls().length).to.equal(before);

    type(page.getByRole('textbox', { name: '联系人' }) as HTMLInputElement, '李工');
    type(page.getByRole('textbox', { name: '站点编号' }) as HTMLInputElement, 'HS001');
    fireEvent.click(page.getByRole('button', { name: '查询' }));
    await waitFor(() => listCalls().length > before);
    expect(listCalls().at(-1)?.params).to.deep.include({
      current: 1,
      size: 10,
      stationId: 'HS001',
      linkman: '李工',
    });
    await waitFor(() => page.queryByText('10号水电站') && !page.queryByText('11号水电站'));
    expect(
      page.getAllByRole('button', { name: /^进入 / }).map((b) => b.getAttribute('aria-label')),
    ).to.deep.equal([
      '进入 10号水电站',
      '进入 12号水电站',
      '进入 14号水电站',
      '进入 16号水电站',
      '进入 18号水电站',
    ]);
  });

  it('joining sets the sub-station, so later calls carry the station headers; the row then shows as current', async () => {
    const { page, fake, joined, listCalls } = setup();
    const ended: string[] = [];
    const sub = fake.runtime.sessionContext.ended$.subscribe((reason) => ended.push(reason));
    fireEvent.click(await waitFor(() => page.queryByRole('button', { name: '进入 3号水电站' })));
    expect(fake.services.session.get().subStation).to.deep.include({
      id: '102',
      name: '3号水电站',
      tenantId: '100001',
      deptId: '102',
      stationId: 'HS0003',
    });
    expect(fake.toasts).to.deep.include(['success', '已进入站点：3号水电站']);
    expect(joined).to.deep.equal(['102']);
    expect(ended).to.deep.equal(['station-switch']);
    sub.unsubscribe();
    await waitFor(() => listCalls().at(-1)?.headers['Dept-Id'] === '102');
    expect(listCalls().at(-1)?.headers['Tenant-Id']).to.equal('100001');
    const row = await waitFor(() => page.queryByText('当前站点')?.closest('tr'));
    expect(within(row as HTMLElement).getByText('3号水电站')).to.exist;
    expect((page.getByRole('button', { name: '进入 3号水电站' }) as HTMLButtonElement).disabled).to.equal(
      true,
    );
  });

  it('without switch_view there is no join, and the page says why', async () => {
    const { page } = setup({ switch_add: true, switch_edit: true, switch_delete: true });
    await waitFor(() => page.queryByText('1号水电站'));
    expect(page.queryAllByRole('button', { name: /^进入 / })).to.have.length(0);
    expect(page.getByText('没有进入站点的权限（switch_view）')).to.exist;
  });

  it('speaks English', async () => {
    const { page } = setup(undefined, 'en');
    const table = await waitFor(() => page.queryByRole('table', { name: 'Sites' }));
    await waitFor(() => within(table).queryByRole('button', { name: 'Join 1号水电站' }));
    expect(page.getByRole('textbox', { name: 'Station ID' })).to.exist;
    expect(within(table).getByRole('columnheader', { name: 'Phone' })).to.exist;
  });

  it('the /site/switch page goes home after a join', async () => {
    const fake = shellTestServices(fakeSites());
    fake.services.session.update({ token: 't1', tenantId: '100001', permission: { switch_view: true } });
    const view = mount(<SiteSwitchPage services={fake.services} />);
    cleanup = view.unmount;
    const page = within(view.container);
    expect(page.getByRole('heading', { name: '站点切换' })).to.exist;
    fireEvent.click(await waitFor(() => page.queryByRole('button', { name: '进入 2号水电站' })));
    expect(fake.navigations).to.deep.equal(['/index']);
  });
});
