import { expect } from '@esm-bundle/chai';
import { setLanguage } from '@ops/shared';
import { fireEvent, within } from '@testing-library/dom';
import { byRole, cellTexts, waitFor } from '../../../../../test/support/dom';
import { openDialog } from '../../test-support/dialogs';
import { cleanUp, fakeClient, mountAt, refusal } from '../../test-support/mount';
import { detailFields, LOG_URLS } from './log-fields';

const STACK = 'TypeError: boom\n    at <script>alert(1)</script> (app.js:1:2)\n    at run (app.js:3:4)';
const ERRORS = Array.from({ length: 12 }, (_, i) => ({
  id: String(i + 1),
  tenantId: '100001',
  type: 'js',
  url: `/station-monitor/overview/index?${i}`,
  message: `boom ${i + 1}`,
  stack: STACK,
  info: '',
  time: `2026-06-01 10:00:${String(i).padStart(2, '0')}`,
  createBy: 'admin',
  createTime: '2026-06-01 10:01:00',
}));
const USUAL = [
  {
    id: '7',
    tenantId: '100001',
    serviceId: 'blade-system',
    serverHost: 'ops-1',
    env: 'dev',
    title: '登录',
    method: 'POST',
    requestUri: '/api/blade-system/oauth/token',
    userAgent: 'Chrome',
    remoteIp: '10.0.0.8',
    params: 'tenantId=100001',
    time: '2026-06-01 09:00:00',
    logLevel: 'INFO',
    logData: 'ok',
    createBy: 'admin',
    createTime: '2026-06-01 09:00:00',
  },
];

function server(fail = { value: false }) {
  const page = (rows: unknown[]) => (call: { params: Record<string, unknown> }) => {
    if (fail.value) return refusal(500, '服务器开小差了');
    const current = Number(call.params.current);
    const size = Number(call.params.size);
    return { records: rows.slice((current - 1) * size, current * size), total: rows.length };
  };
  return fakeClient({
    [`GET ${LOG_URLS.list('error')}`]: page(ERRORS),
    [`GET ${LOG_URLS.detail('error')}`]: ({ params }) => ERRORS.find((e) => e.id === params.id),
    [`GET ${LOG_URLS.list('usual')}`]: page(USUAL),
    [`GET ${LOG_URLS.detail('usual')}`]: () => USUAL[0],
    [`GET ${LOG_URLS.list('api')}`]: page(USUAL),
  });
}

describe('logs pages', () => {
  const start = location.pathname;
  afterEach(() => cleanUp(start));

  it('pages the error log by 10; a detail shows every field and the stack as escaped, scrolling text', async () => {
    const fake = server();
    const { view } = mountAt('/system/log/error', fake.http);
    expect(byRole(document.body, 'heading', '错误日志')).to.exist;
    const table = await waitFor(() => {
      const t = view.queryByRole('table', { name: '错误日志记录' });
      return t && within(t).queryByText('boom 1') ? t : null;
    });
    expect(cellTexts(table)).to.have.length(10);
    expect(fake.callsTo('GET', LOG_URLS.list('error'))[0]?.params).to.deep.equal({ current: 1, size: 10 });
    fireEvent.click(view.getByRole('button', { name: '下一页' }));
    await waitFor(() => within(table).queryByText('boom 11'));
    expect(fake.callsTo('GET', LOG_URLS.list('error')).at(-1)?.params).to.deep.equal({
      current: 2,
      size: 10,
    });

    fireEvent.click(view.getByRole('button', { name: '详情 boom 12' }));
    const detail = await openDialog('日志详情');
    await waitFor(() => detail.queryByText('boom 12'));
    expect(fake.callsTo('GET', LOG_URLS.detail('error'))[0]?.params).to.deep.equal({ id: '12' });
    for (const label of ['编号', '类型', '错误信息', '页面地址', '附加信息', '时间', '操作人', '记录时间'])
      expect(detail.getByText(label), label).to.exist;
    const stack = detail.getByRole('region', { name: '堆栈' }).querySelector('pre')!;
    expect(stack.textContent).to.equal(STACK);
    expect(stack.querySelector('script')).to.equal(null);
    expect(stack.className).to.equal('ops-sys-logs__pre');
    fireEvent.click(detail.getByRole('button', { name: '关闭' }));
  });

  it('the usual and API logs list their records with a detail of every field; English headings', async () => {
    const fake = server();
    setLanguage('en');
    const { view } = mountAt('/system/log/usual', fake.http);
    await waitFor(() => view.queryByRole('heading', { name: 'Usual log' }));
    const table = await waitFor(() => view.queryByRole('table', { name: 'Usual log records' }));
    await waitFor(() => within(table).queryByText('登录'));
    fireEvent.click(view.getByRole('button', { name: 'Details 登录' }));
    const detail = await openDialog('Log details');
    await waitFor(() => detail.queryByText('Chrome'));
    for (const label of [
      'Method',
      'Request URI',
      'Parameters',
      'Remote IP',
      'Service',
      'Environment',
      'Level',
    ])
      expect(detail.getByText(label), label).to.exist;
    cleanUp(start);
    setLanguage('en');
    const api = mountAt('/system/log/api', fake.http);
    await waitFor(() => api.view.queryByRole('heading', { name: 'API log' }));
    await waitFor(() => api.view.queryByRole('table', { name: 'API log records' }));
  });

  it('a failed load says why and offers Retry', async () => {
    const fail = { value: true };
    const { view } = mountAt('/system/log/usual', server(fail).http);
    await waitFor(() => view.queryByText('加载失败：服务器开小差了'));
    fail.value = false;
    fireEvent.click(view.getByRole('button', { name: '重试' }));
    await waitFor(() => view.queryByRole('table', { name: '通用日志记录' }));
  });

  it('lists every field of a record, known ones first, and refuses what is not a record', () => {
    const fields = detailFields('error', { id: '1', message: 'm', extra: 'x', nested: { a: 1 } });
    expect(fields.map(([f]) => f)).to.deep.equal([
      'id',
      'tenantId',
      'type',
      'message',
      'url',
      'info',
      'stack',
      'time',
      'createBy',
      'createTime',
      'extra',
    ]);
    expect(fields.find(([f]) => f === 'extra')?.[1]).to.equal('x');
    expect(() => detailFields('usual', null)).to.throw();
  });
});
