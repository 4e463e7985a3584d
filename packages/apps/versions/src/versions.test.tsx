// The Versions page mounted through its lifecycles as the host mounts it, over the real runtime (HTTP
// client with its error catalogue) whose transport is a small deploy API answering as the reference
// server does (docs/api.md section 22). Elements are found by role and name.
import { expect } from '@esm-bundle/chai';
import { createBus, hostLifecycles, type PageApi, setLanguage } from '@ops/shared';
import { message } from '@ops/ui';
import { fireEvent, within } from '@testing-library/dom';
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { byRole, waitFor } from '../../../../test/support/dom';
import { testHostServices, testRuntime } from '../../../../test/support/runtime';
import { URLS } from './api';
import * as app from './index';

interface Props {
  name: string;
  domElement: HTMLElement;
  mainView: HTMLElement;
  page: PageApi;
}

interface Call {
  method: string;
  url: string;
  params: Record<string, string>;
  body: Record<string, string>;
  headers: Record<string, string>;
}

const BUILD = {
  react: '/vendor/react.js',
  '@ops/notices': '/notices/notices.1.js',
  '@ops/shell': '/shell/shell.1.js',
};

/** The deploy API over two scopes, with versions, an If-Match check and the history. */
function fakeDeploy() {
  const layers: Record<string, Record<string, string>> = { base: {}, '100002': {} };
  const versions: Record<string, string> = { base: 'b000000000000000', '100002': 't000000000000000' };
  let n = 0;
  const history: Record<string, unknown>[] = [
    {
      id: 2,
      scope: '100002',
      version: versions['100002'],
      previous: null,
      actor: 'seed',
      at: '2026-11-23T08:00:00.000Z',
      reason: 'seed',
      change: { kind: 'seed' },
    },
  ];
  const calls: Call[] = [];
  /** The next change answers this status and message instead (a refusal of the server). */
  let refusal: { status: number; msg: string } | null = null;
  const mapOf = (scope: string) => ({
    imports: { ...BUILD, ...layers.base, ...(scope === 'base' ? {} : layers[scope]) },
    integrity: {},
  });
  const envelope = (data: unknown) => ({ code: 200, success: true, msg: '操作成功', data });
  const route = (call: Call): [number, unknown] => {
    if (call.method === 'GET' && call.url === URLS.scopes)
      return [
        200,
        envelope([
          { scope: 'base', version: versions.base, pins: Object.keys(layers.base!).length },
          {
            scope: '100002',
            tenantName: '储能公司',
            version: versions['100002'],
            pins: Object.keys(layers['100002']!).length,
          },
        ]),
      ];
    if (call.method === 'GET' && call.url === URLS.importmap) {
      const scope = call.params.scope!;
      return [
        200,
        envelope({
          scope,
          version: versions[scope],
          layer: { imports: layers[scope], integrity: {} },
          map: mapOf(scope),
        }),
      ];
    }
    if (call.method === 'GET' && call.url === URLS.history)
      return [200, envelope(history.filter((h) => h.scope === call.params.scope))];
    const entry = /^\/api\/deploy\/importmap\/([^/]+)\/imports\/(.+)$/.exec(call.url);
    if (entry) {
      const scope = decodeURIComponent(entry[1]!);
      const specifier = decodeURIComponent(entry[2]!);
      if (refusal) return [refusal.status, { code: refusal.status, success: false, msg: refusal.msg }];
      if (call.headers['If-Match'] !== `"${versions[scope]}"`)
        return [412, { code: 412, success: false, msg: `${scope} changed meanwhile` }];
      const previous = versions[scope]!;
      const from = layers[scope]![specifier] ?? null;
      if (call.method === 'PUT') layers[scope]![specifier] = call.body.url!;
      else delete layers[scope]![specifier];
      versions[scope] = `v${String(++n).padStart(15, '0')}`;
      history.unshift({
        id: 10 + n,
        scope,
        version: versions[scope],
        previous,
        actor: '000000/admin',
        at: '2026-11-23T09:00:00.000Z',
        reason: call.body.reason,
        change:
          call.method === 'PUT'
            ? { kind: 'pin', specifier, from, to: call.body.url }
            : { kind: 'unpin', specifier, from },
      });
      return [200, envelope({ scope, version: versions[scope], previous })];
    }
    return [404, { code: 404, success: false, msg: `no route ${call.method} ${call.url}` }];
  };
  const adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const data =
      typeof config.data === 'string' && config.data.startsWith('{') ? JSON.parse(config.data) : {};
    const call: Call = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      params: { ...(config.params ?? {}) },
      body: data,
      headers: Object.fromEntries(Object.entries(config.headers.toJSON()).map(([k, v]) => [k, String(v)])),
    };
    calls.push(call);
    const [status, body] = route(call);
    const response: AxiosResponse = { data: body, status, statusText: String(status), headers: {}, config };
    if (status >= 400)
      throw new AxiosError(
        `Request failed with status code ${status}`,
        AxiosError.ERR_BAD_REQUEST,
        config,
        {},
        response,
      );
    return response;
  };
  return {
    adapter,
    calls,
    layers,
    versions,
    refuse: (next: { status: number; msg: string } | null) => {
      refusal = next;
    },
    /** Another administrator's change: the scope moves under the page. */
    moveBehind: (scope: string) => {
      versions[scope] = `x${String(++n).padStart(15, '0')}`;
    },
  };
}

/** The open dialog of that name (the form and the confirm are Shoelace dialogs). */
const openDialog = (name: string) =>
  waitFor(() =>
    [...document.querySelectorAll<HTMLElement>('sl-dialog[open]')].find(
      (d) => d.getAttribute('label') === name,
    ),
  ).then((d) => within(d));

const type = (input: HTMLElement, value: string) => fireEvent.input(input, { target: { value } });

describe('versions sub-app', () => {
  const startUrl = location.pathname + location.search;
  const containers: HTMLElement[] = [];

  afterEach(() => {
    for (const container of containers.splice(0)) container.remove();
    for (const host of document.querySelectorAll('.ops-confirm-host')) host.remove();
    message.closeAll();
    setLanguage('zh');
    history.replaceState(null, '', startUrl);
  });

  async function mountAt(url: string) {
    history.replaceState(null, '', url);
    const server = fakeDeploy();
    const bus = createBus();
    const container = document.createElement('div');
    document.body.append(container);
    containers.push(container);
    const hosted = hostLifecycles<Props>(
      app,
      testHostServices(testRuntime({ bus, adapter: server.adapter })),
    );
    const props: Props = {
      name: 'versions',
      domElement: container,
      mainView: document.body,
      page: { setTitle() {} },
    };
    await hosted.bootstrap(props);
    await hosted.mount(props);
    const page = within(container);
    const changes = () => server.calls.filter((c) => c.method !== 'GET');
    return { server, bus, container, page, changes, unmount: () => hosted.unmount(props) };
  }

  /** Opens the tenant scope 100002 and waits for its entries. */
  async function openTenant(page: ReturnType<typeof within>) {
    fireEvent.click(await waitFor(() => page.queryByRole('button', { name: '查看 100002' })));
    await waitFor(() => page.queryByRole('heading', { name: '100002 储能公司 的条目' }));
    await waitFor(() =>
      page
        .queryByRole('table', { name: '100002 储能公司 的导入映射条目' })
        ?.textContent?.includes('@ops/notices'),
    );
  }

  it('lists the scopes and base entries; unmount leaves nothing', async () => {
    const { container, page, bus, unmount } = await mountAt('/versions/index');
    expect(byRole(container, 'heading', '版本管理')?.tagName).to.equal('H1');
    const scopes = await waitFor(() => page.queryByRole('table', { name: '导入映射的范围' }));
    await waitFor(() => within(scopes).queryByText('储能公司'));
    expect(within(scopes).getByText('基础（所有租户）')).to.exist;
    const entries = await waitFor(() =>
      page.queryByRole('table', { name: '基础（所有租户） 的导入映射条目' }),
    );
    await waitFor(() => within(entries).queryByText('/notices/notices.1.js'));
    await unmount();
    expect(container.childNodes.length).to.equal(0);
    expect(bus.subscriberCount()).to.equal(0);
  });

  it('pins an entry for a tenant after the form and a confirmation; the history shows from → to', async () => {
    const { page, server, changes } = await mountAt('/versions/index');
    await openTenant(page);
    fireEvent.click(page.getByRole('button', { name: '固定版本 @ops/notices' }));
    const form = await openDialog('固定版本：100002 储能公司');
    // Nothing valid yet: the form says why and sends nothing.
    type(form.getByRole('textbox', { name: /^地址/ }), 'notices.js');
    fireEvent.click(form.getByRole('button', { name: '下一步' }));
    await waitFor(() => form.queryByText('地址应为以 / 开头的同源路径或 http(s) 地址'));
    expect(form.getByText('请填写原因')).to.exist;
    expect(changes()).to.have.length(0);

    type(form.getByRole('textbox', { name: /^地址/ }), '/assets/notices/abc/notices.js');
    type(form.getByRole('textbox', { name: /^原因/ }), '试用新的铃铛');
    fireEvent.click(form.getByRole('button', { name: '下一步' }));
    const confirm = await openDialog('确认变更');
    expect(confirm.getByText(/\/assets\/notices\/abc\/notices\.js/)).to.exist;
    // Declined: nothing sent.
    fireEvent.click(confirm.getByRole('button', { name: '取消' }));
    await waitFor(() => !document.querySelector('.ops-confirm-host sl-dialog[open]'));
    expect(changes()).to.have.length(0);

    fireEvent.click(form.getByRole('button', { name: '下一步' }));
    fireEvent.click((await openDialog('确认变更')).getByRole('button', { name: '确定' }));
    await waitFor(() => changes().length === 1);
    const [put] = changes();
    expect(put!.method).to.equal('PUT');
    expect(put!.url).to.equal('/api/deploy/importmap/100002/imports/%40ops%2Fnotices');
    expect(put!.headers['If-Match']).to.equal('"t000000000000000"');
    expect(put!.body).to.deep.equal({ url: '/assets/notices/abc/notices.js', reason: '试用新的铃铛' });

    const entries = await waitFor(() =>
      page.queryByRole('table', { name: '100002 储能公司 的导入映射条目' }),
    );
    await waitFor(() => within(entries).queryByText('/assets/notices/abc/notices.js'));
    expect(within(entries).getByText('基础：/notices/notices.1.js')).to.exist;
    expect(within(entries).getByText('与基础不同')).to.exist;
    const historyTable = page.getByRole('table', { name: '100002 储能公司 的变更历史' });
    await waitFor(() => within(historyTable).queryByText('试用新的铃铛'));
    expect(within(historyTable).getByText('/assets/notices/abc/notices.js').tagName).to.equal('INS');
    expect(server.layers['100002']).to.deep.equal({ '@ops/notices': '/assets/notices/abc/notices.js' });

    // Unpin it again: reason, confirmation, DELETE with the new version.
    fireEvent.click(await waitFor(() => page.queryByRole('button', { name: '取消固定 @ops/notices' })));
    const unpinForm = await openDialog('取消固定：@ops/notices');
    type(unpinForm.getByRole('textbox', { name: /^原因/ }), '恢复');
    fireEvent.click(unpinForm.getByRole('button', { name: '下一步' }));
    fireEvent.click((await openDialog('确认变更')).getByRole('button', { name: '确定' }));
    await waitFor(() => changes().length === 2);
    expect(changes()[1]).to.deep.include({ method: 'DELETE', body: { reason: '恢复' } });
    expect(changes()[1]!.headers['If-Match']).to.equal('"v000000000000001"');
    await waitFor(
      () => within(entries).queryByText('所有条目与基础相同') || page.queryByText('所有条目与基础相同'),
    );
  });

  it('a stale version: "changed meanwhile; reloaded", the scope is read again, nothing else', async () => {
    const { page, server, changes } = await mountAt('/versions/index');
    await openTenant(page);
    server.moveBehind('100002');
    const reads = () =>
      server.calls.filter((c) => c.url === URLS.importmap && c.params.scope === '100002').length;
    const before = reads();
    fireEvent.click(page.getByRole('button', { name: '固定版本 @ops/shell' }));
    const form = await openDialog('固定版本：100002 储能公司');
    type(form.getByRole('textbox', { name: /^地址/ }), '/shell/shell.2.js');
    type(form.getByRole('textbox', { name: /^原因/ }), 'x');
    fireEvent.click(form.getByRole('button', { name: '下一步' }));
    fireEvent.click((await openDialog('确认变更')).getByRole('button', { name: '确定' }));
    await waitFor(() => changes().length === 1);
    await waitFor(() =>
      document.body.textContent?.includes('导入映射在此期间已被修改，已重新加载，请核对后再试。'),
    );
    await waitFor(() => reads() > before);
    await waitFor(() => !document.querySelector('sl-dialog[open]'));
    expect(server.layers['100002']).to.deep.equal({});
  });

  it('a refusal shows the server’s message in the dialog, which stays open; English texts', async () => {
    setLanguage('en');
    const { page, server, changes } = await mountAt('/versions/index');
    fireEvent.click(await waitFor(() => page.queryByRole('button', { name: 'Open 100002' })));
    await waitFor(() => page.queryByRole('heading', { name: 'Entries of 100002 储能公司' }));
    server.refuse({ status: 422, msg: 'the URL answers HTML, not JavaScript or CSS' });
    fireEvent.click(await waitFor(() => page.queryByRole('button', { name: 'Pin a version @ops/notices' })));
    const form = await openDialog('Pin a version: 100002 储能公司');
    type(form.getByRole('textbox', { name: /^URL/ }), '/index.html');
    type(form.getByRole('textbox', { name: /^Reason/ }), 'try');
    fireEvent.click(form.getByRole('button', { name: 'Next' }));
    fireEvent.click((await openDialog('Confirm the change')).getByRole('button', { name: 'Confirm' }));
    const alert = await waitFor(() => form.queryByRole('alert'));
    expect(alert.textContent).to.equal('the URL answers HTML, not JavaScript or CSS');
    expect(changes()).to.have.length(1);
    expect(document.querySelector('sl-dialog[open]')?.getAttribute('label')).to.equal(
      'Pin a version: 100002 储能公司',
    );
  });

  it('an unknown path under the app says so', async () => {
    const { page } = await mountAt('/versions/nope');
    await waitFor(() => page.queryByText('页面不存在：/versions/nope'));
    expect(page.getByRole('button', { name: '返回版本管理' })).to.exist;
  });
});
