import { expect } from '@esm-bundle/chai';
import { manualClock } from '@ops/shared/test-support';
import { waitFor } from '../../../../test/support/dom';
import { fieldByLabel, mount, tick, type } from '../../test-support/dom';
import { ok, shellTestServices } from '../../test-support/services';
import { LoginPage } from './login-page';
import { QR_POLL_MS, QR_TENANT_SETTLE_MS } from './other-modes';

const routes = (confirmed: () => boolean) => ({
  'GET /api/blade-system/oauth/captcha': () => ok({ key: 'k', image: 'data:image/svg+xml;base64,PHN2Zy8+' }),
  'GET /api/blade-system/wxPush/generate/qrCode': () =>
    ok({ checkId: 'C1', qrCode: 'data:image/png;base64,iVBORw0KGgo=', url: 'u', expiresIn: 120 }),
  'POST /api/blade-system/check/callback': () =>
    ok({ checkId: 'C1', status: confirmed() ? 'confirmed' : 'pending', confirmed: confirmed() }),
  'POST /api/blade-system/oauth/token': () => ({
    access_token: 'A1',
    refresh_token: 'R1',
    tenant_id: '100001',
    user_id: '3',
    is_init: 0,
  }),
  'GET /api/blade-system/oauth/user-info': () =>
    ok({ account: 'operator', role_name: 'operator', isInit: 0 }),
  'GET /api/blade-system/menu/buttons': () => ok([]),
});

const tab = (container: HTMLElement, name: string) =>
  [...container.querySelectorAll<HTMLButtonElement>('[role=tab]')].find((b) => b.textContent === name)!;

describe('QR sign-in (the token endpoint needs the tenant)', () => {
  let cleanup: () => void = () => undefined;
  afterEach(() => cleanup());

  it('asks for the tenant first, generates the code once it settles, and signs in to that tenant', async () => {
    let confirmed = false;
    const fake = shellTestServices(routes(() => confirmed));
    const clock = manualClock(1_000);
    const view = mount(<LoginPage services={fake.services} search="" clock={clock} />);
    cleanup = view.unmount;
    const { container } = view;
    tab(container, '扫码登录').click();
    await waitFor(() => container.textContent?.includes('请输入租户ID，生成登录二维码'));
    const generated = () => fake.calls.filter((c) => c.url.endsWith('/qrCode'));
    expect(generated()).to.have.length(0);

    for (const partial of ['1', '10', '100001']) type(fieldByLabel(container, '租户ID')!, partial);
    await tick();
    clock.advance(QR_TENANT_SETTLE_MS);
    await waitFor(() => container.querySelector('img[alt="登录二维码"]'));
    expect(generated().map((c) => c.params.tenantId)).to.deep.equal(['100001']);

    confirmed = true;
    clock.advance(QR_POLL_MS);
    await waitFor(() => fake.navigations.length > 0);
    const token = fake.calls.find((c) => c.url.endsWith('/oauth/token'))!;
    expect(token.headers['Tenant-Id']).to.equal('100001');
    expect(token.body).to.include({ grant_type: 'callback', checkId: 'C1' });
    expect(fake.navigations).to.deep.equal(['/']);
  });

  it('generates at once for the tenant of the URL', async () => {
    const fake = shellTestServices(routes(() => false));
    const view = mount(
      <LoginPage services={fake.services} search="?tenantId=100002" clock={manualClock()} />,
    );
    cleanup = view.unmount;
    tab(view.container, '扫码登录').click();
    await waitFor(() => view.container.querySelector('img[alt="登录二维码"]'));
    expect(fake.calls.filter((c) => c.url.endsWith('/qrCode')).map((c) => c.params.tenantId)).to.deep.equal([
      '100002',
    ]);
  });
});
