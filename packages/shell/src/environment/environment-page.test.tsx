// The environment page over the shell's real runtime, with an import map in the document as the server
// composes it, and the browser's clipboard replaced by a recorder.
import { expect } from '@esm-bundle/chai';
import { fireEvent, within } from '@testing-library/dom';
import { cellTexts, waitFor } from '../../../../test/support/dom';
import { mount } from '../../test-support/dom';
import { shellTestServices } from '../../test-support/services';
import { EnvironmentPage } from './environment-page';

const MAP = {
  imports: {
    '@ops/shell': '/shell/shell.DkiuS-RK.js',
    '@ops/ui': '/ui/ui.tM2TZ6Ci.js',
    react: '/deps/react.BjkUXoVR.js',
  },
  scopes: {},
  integrity: { '/shell/shell.DkiuS-RK.js': 'sha384-shell', '/ui/ui.tM2TZ6Ci.js': 'sha384-ui' },
};

describe('environment page (/test/index)', () => {
  let cleanup: Array<() => void> = [];
  afterEach(() => {
    for (const done of cleanup.reverse()) done();
    cleanup = [];
  });

  function addMap(text: string) {
    const script = document.createElement('script');
    script.type = 'systemjs-importmap';
    script.textContent = text;
    document.head.append(script);
    cleanup.push(() => script.remove());
  }

  function clipboard(write: (text: string) => Promise<void>) {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: write }, configurable: true });
    cleanup.push(() => {
      delete (navigator as { clipboard?: unknown }).clipboard;
    });
  }

  function setup(lang: 'zh' | 'en' = 'zh') {
    const fake = shellTestServices({}, lang);
    fake.runtime.session.update({
      tenantId: '100001',
      userInfo: {
        user_id: '2',
        account: 'admin',
        user_name: 'admin',
        real_name: '张伟',
        nick_name: '张伟',
        avatar: '',
        role_name: 'admin',
        tenant_id: '100001',
        tenant_name: 'Hydro Demo',
        dept_name: '运行部',
        deptId: '3',
        app_id: 'ops-console',
        isInit: 0,
        layoutState: null,
        oauth_id: '',
      },
    });
    const view = mount(<EnvironmentPage services={fake.services} />);
    cleanup.push(view.unmount);
    return { fake, page: within(view.container) };
  }

  const table = (page: ReturnType<typeof within>, name = '导入映射条目') =>
    waitFor(() => page.queryByRole('table', { name }));

  it('shows the session, the browser and every import-map entry with its integrity', async () => {
    addMap(JSON.stringify(MAP));
    const { page } = setup();
    expect(page.getByRole('heading', { level: 1, name: '运行环境' })).to.exist;
    const facts = page.getByRole('region', { name: '会话与浏览器' });
    expect(within(facts).getByText('100001 · Hydro Demo')).to.exist;
    expect(within(facts).getByText('admin · 张伟')).to.exist;
    expect(within(facts).getByText('中文（zh）')).to.exist;
    expect(within(facts).getByText(navigator.userAgent)).to.exist;

    const entries = await table(page);
    await waitFor(() => within(entries).queryByText('@ops/shell'));
    const rows = cellTexts(entries);
    expect(rows).to.deep.equal([
      ['@ops/shell', '/shell/shell.DkiuS-RK.js', '全局', '有'],
      ['@ops/ui', '/ui/ui.tM2TZ6Ci.js', '全局', '有'],
      ['react', '/deps/react.BjkUXoVR.js', '全局', '无'],
    ]);
    expect(page.getByText('共 3 项，2 项有完整性校验')).to.exist;
  });

  it('with a second map overriding an entry, says which one is in use', async () => {
    addMap(JSON.stringify(MAP));
    addMap(JSON.stringify({ imports: { '@ops/ui': '/ui/ui.pinned.js' } }));
    const { page } = setup();
    const entries = await table(page);
    await waitFor(() => within(entries).queryByText('/ui/ui.pinned.js'));
    const rows = cellTexts(entries);
    expect(rows.filter((cells) => cells[0] === '@ops/ui')).to.deep.equal([
      ['@ops/ui', '/ui/ui.tM2TZ6Ci.js', '全局', '有', '被覆盖'],
      ['@ops/ui', '/ui/ui.pinned.js', '全局', '无', '生效'],
    ]);
    expect(page.getByText('共 4 项，2 项有完整性校验，1 项被后续映射覆盖')).to.exist;
  });

  it('filters the entries; a filter matching nothing says so', async () => {
    addMap(JSON.stringify(MAP));
    const { page } = setup();
    const entries = await table(page);
    await waitFor(() => within(entries).queryByText('react'));
    const filter = page.getByRole('textbox', { name: '筛选' });
    fireEvent.change(filter, { target: { value: 'SHELL' } });
    await waitFor(() => within(entries).queryByText('react') === null);
    expect(within(entries).getAllByRole('row')).to.have.length(2);
    expect(within(entries).getByText('@ops/shell')).to.exist;
    fireEvent.change(filter, { target: { value: 'nothing-like-this' } });
    await waitFor(() => within(entries).queryByText('没有与筛选条件匹配的条目'));
  });

  it('copies the facts and the entries shown as JSON, and says so; a refused clipboard says that', async () => {
    addMap(JSON.stringify(MAP));
    const written: string[] = [];
    clipboard(async (text) => {
      written.push(text);
    });
    const { page, fake } = setup();
    await table(page);
    fireEvent.change(page.getByRole('textbox', { name: '筛选' }), { target: { value: 'ui' } });
    fireEvent.click(page.getByRole('button', { name: '复制为 JSON' }));
    await waitFor(() => fake.toasts.length === 1);
    expect(fake.toasts).to.deep.equal([['success', '已复制到剪贴板']]);
    const report = JSON.parse(written[0] ?? '');
    expect(report).to.include({ tenantId: '100001', account: 'admin', language: 'zh' });
    expect(report.importMap.filter).to.equal('ui');
    expect(report.importMap.entries.map((e: { specifier: string }) => e.specifier)).to.deep.equal([
      '@ops/ui',
    ]);
    expect(report.importMap.entries[0].integrity).to.equal(true);

    clipboard(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    fireEvent.click(page.getByRole('button', { name: '复制为 JSON' }));
    await waitFor(() => fake.toasts.length === 2);
    expect(fake.toasts[1]).to.deep.equal(['error', '复制失败：浏览器不允许写入剪贴板']);
  });

  it('names a map it cannot read, and says when the page has no map at all', async () => {
    addMap('{ broken');
    const { page } = setup();
    const alert = await waitFor(() => page.queryByRole('alert'));
    expect(alert.textContent).to.contain('第 1 个映射不是有效的 JSON，未列出。');
    const entries = await table(page);
    await waitFor(() => within(entries).queryByText('本页没有导入映射'));
  });

  it('speaks English', async () => {
    addMap(JSON.stringify(MAP));
    const { page } = setup('en');
    expect(page.getByRole('heading', { level: 1, name: 'Environment' })).to.exist;
    const entries = await table(page, 'Import map entries');
    await waitFor(() => within(entries).queryByText('@ops/shell'));
    expect(page.getByRole('button', { name: 'Copy as JSON' })).to.exist;
    expect(page.getByText('3 entries, 2 with an integrity check')).to.exist;
  });
});
