import { expect } from '@esm-bundle/chai';
import { KEYS, loginPathAfterSignOut } from '@ops/shared';
import { manualClock } from '@ops/shared/test-support';
import { byRole, waitFor } from '../../../../test/support/dom';
import { fieldByLabel, mount, submit, tick, type } from '../../test-support/dom';
import { failure, ok, shellTestServices } from '../../test-support/services';
import { LoginPage } from './login-page';
import { rememberPending } from './social';

const DEMO = { source: 'demo', name: 'Demo', authorizeUrl: '/api/blade-system/oauth/render/demo' };

const TOKEN = { access_token: 'A1', refresh_token: 'R1', tenant_id: '100001', user_id: '2', is_init: 0 };
let captchas = 0;
const baseRoutes = () => ({
  'GET /api/blade-system/oauth/captcha': () =>
    ok({ key: `k${++captchas}`, image: 'data:image/svg+xml;base64,PHN2Zy8+' }),
  'GET /api/blade-system/param/public': () => ok({ isSystemAuthentication: '0', gglmOpenRelation: '1' }),
  'GET /api/blade-system/oauth/user-info': () => ok({ account: 'admin', role_name: 'admin', isInit: 0 }),
  'GET /api/blade-system/menu/buttons': () => ok([{ code: 'system', children: [{ code: 'warring_log' }] }]),
});

function fillAccount(container: HTMLElement, lang: 'zh' | 'en' = 'zh') {
  const L =
    lang === 'zh' ? ['租户ID', '账号', '密码', '验证码'] : ['Tenant ID', 'Account', 'Password', 'Captcha'];
  type(fieldByLabel(container, L[0])!, '100001');
  type(fieldByLabel(container, L[1])!, 'admin');
  type(fieldByLabel(container, L[2])!, 'Hydro@2026');
  type(fieldByLabel(container, L[3])!, 'abcd');
}

describe('LoginPage', () => {
  let cleanup: () => void = () => undefined;
  afterEach(() => cleanup());

  it('fills the last sign-in’s tenant and account (spec §9 loginUser), not over a tenant link', async () => {
    const fake = shellTestServices(baseRoutes());
    fake.services.storage.set(KEYS.loginUser, { account: 'operator', tenantId: '100002' });
    const view = mount(<LoginPage services={fake.services} search="" />);
    await waitFor(() => fieldByLabel(view.container, '账号'));
    expect((fieldByLabel(view.container, '租户ID') as HTMLInputElement).value).to.equal('100002');
    expect((fieldByLabel(view.container, '账号') as HTMLInputElement).value).to.equal('operator');
    expect((fieldByLabel(view.container, '密码') as HTMLInputElement).value).to.equal('');
    view.unmount();
    const linked = mount(<LoginPage services={fake.services} search="?tenantId=100001" />);
    cleanup = linked.unmount;
    await waitFor(() => fieldByLabel(linked.container, '账号'));
    expect((fieldByLabel(linked.container, '租户ID') as HTMLInputElement).value).to.equal('100001');
    expect((fieldByLabel(linked.container, '账号') as HTMLInputElement).value).to.equal('');
  });

  it('loads the captcha, refreshes it on click and shows error_description without signing in (zh)', async () => {
    const fake = shellTestServices({
      ...baseRoutes(),
      'POST /api/blade-system/oauth/token': () => {
        throw failure({
          code: 400,
          msg: '用户名或密码错误',
          error_description: '用户名或密码错误',
        });
      },
    });
    const view = mount(<LoginPage services={fake.services} search="" />);
    cleanup = view.unmount;
    const { container } = view;
    await waitFor(() => container.querySelector('.ops-login__captcha-image img'));
    expect(byRole(container, 'heading', '运维控制台')).to.not.equal(null);
    const before = fake.calls.filter((c) => c.url.endsWith('/captcha')).length;
    byRole(container, 'button', '验证码图片，点击刷新')!.click();
    await waitFor(() => fake.calls.filter((c) => c.url.endsWith('/captcha')).length === before + 1);
    await waitFor(() => container.querySelector('.ops-login__captcha-image img'));
    fillAccount(container);
    submit(container);
    const alert = await waitFor(() => byRole(container, 'alert', '用户名或密码错误'));
    expect(alert).to.not.equal(null);
    const token = fake.calls.find((c) => c.url.endsWith('/oauth/token'))!;
    expect(token.headers['Tenant-Id']).to.equal('100001');
    expect(token.headers['Captcha-Key']).to.match(/^k\d+$/);
    expect(token.headers['Captcha-Code']).to.equal('abcd');
    expect(token.body.username).to.equal('admin');
    expect(token.body.password).to.match(/^[A-Za-z0-9]{6}[0-9a-f]{32}[A-Za-z0-9]{6}$/);
    expect(fake.services.session.get().token).to.equal('');
    expect(fake.navigations).to.deep.equal([]);
  });

  it('shows required warnings under empty fields and sends nothing', async () => {
    const fake = shellTestServices(baseRoutes());
    const view = mount(<LoginPage services={fake.services} search="" />);
    cleanup = view.unmount;
    submit(view.container);
    await waitFor(() => view.container.textContent?.includes('请输入租户ID'));
    expect(view.container.textContent).to.include('请输入账号');
    expect(fake.calls.some((c) => c.url.endsWith('/oauth/token'))).to.equal(false);
  });

  it('signs in, stores tokens, user info and permissions, and opens the redirect', async () => {
    const fake = shellTestServices({ ...baseRoutes(), 'POST /api/blade-system/oauth/token': () => TOKEN });
    await fake.lock.lock('an earlier session');
    const view = mount(<LoginPage services={fake.services} search="?redirect=%2Fsite%2Fswitch" />);
    cleanup = view.unmount;
    fillAccount(view.container);
    submit(view.container);
    await waitFor(() => fake.navigations.length > 0);
    expect(fake.navigations).to.deep.equal(['/site/switch']);
    const state = fake.services.session.get();
    expect(state.token).to.equal('A1');
    expect(state.permission).to.deep.equal({ warring_log: true });
    expect(state.userInfo?.account).to.equal('admin');
    expect(fake.lock.isLocked(), 'the lock of an earlier session is cleared').to.equal(false);
    expect(fake.lock.hasPassword()).to.equal(false);
  });

  it('keeps the tenant of the login link as the source tenant: a later sign-out returns to it', async () => {
    const fake = shellTestServices({ ...baseRoutes(), 'POST /api/blade-system/oauth/token': () => TOKEN });
    const view = mount(<LoginPage services={fake.services} search="?tenantId=100001" />);
    cleanup = view.unmount;
    fillAccount(view.container);
    submit(view.container);
    await waitFor(() => fake.navigations.length > 0);
    expect(loginPathAfterSignOut(fake.services.session.get())).to.equal('/login?tenantId=100001');
  });

  it('keeps no source tenant when the login page had none', async () => {
    const fake = shellTestServices({ ...baseRoutes(), 'POST /api/blade-system/oauth/token': () => TOKEN });
    const view = mount(<LoginPage services={fake.services} search="" />);
    cleanup = view.unmount;
    fillAccount(view.container);
    submit(view.container);
    await waitFor(() => fake.navigations.length > 0);
    expect(loginPathAfterSignOut(fake.services.session.get())).to.equal('/login');
  });

  it('presets the tenant of the site domain read-only; a tenant link wins and asks nothing', async () => {
    const routes = {
      ...baseRoutes(),
      'GET /api/blade-system/tenant/info': () => ok({ tenantId: '100002', tenantName: 'Storage Demo' }),
    };
    const fake = shellTestServices(routes);
    const view = mount(<LoginPage services={fake.services} search="" />);
    cleanup = view.unmount;
    const tenant = fieldByLabel(view.container, '租户ID')!;
    await waitFor(() => tenant.value === '100002');
    expect(tenant.readOnly).to.equal(true);
    expect(view.container.textContent).to.include('本站点的租户：Storage Demo');
    expect(fake.calls.find((c) => c.url.endsWith('/tenant/info'))!.params.domain).to.equal(location.hostname);
    view.unmount();

    const linked = shellTestServices(routes);
    const other = mount(<LoginPage services={linked.services} search="?tenantId=100001" />);
    cleanup = other.unmount;
    await waitFor(() => other.container.querySelector('.ops-login__captcha-image img'));
    expect(linked.calls.some((c) => c.url.endsWith('/tenant/info'))).to.equal(false);
    expect(fieldByLabel(other.container, '租户ID')!.readOnly).to.equal(false);
  });

  it('on a first login (isInit 1) warns and goes to /editPassword with the tenant', async () => {
    const fake = shellTestServices({
      ...baseRoutes(),
      'POST /api/blade-system/oauth/token': () => ({ ...TOKEN, is_init: 1 }),
    });
    const view = mount(<LoginPage services={fake.services} search="?redirect=%2Finfo%2Findex" />);
    cleanup = view.unmount;
    fillAccount(view.container);
    submit(view.container);
    await waitFor(() => fake.navigations.length > 0);
    expect(fake.navigations).to.deep.equal(['/editPassword?tenantId=100001']);
    expect(fake.toasts).to.deep.include(['warning', '首次登录，请先修改密码']);
  });

  it('asks on a login conflict with a live countdown; force login retries with the uuid and plain md5', async () => {
    const clock = manualClock(Date.now());
    const fake = shellTestServices({
      ...baseRoutes(),
      'POST /api/blade-system/oauth/token': (call) => {
        if (call.body.uuid) return TOKEN;
        throw failure({
          code: 1800100001,
          msg: '该账号已在其他地方登录，是否强制登录？',
          data: { uuid: 'U-9' },
        });
      },
    });
    const view = mount(<LoginPage services={fake.services} search="" clock={clock} />);
    cleanup = view.unmount;
    fillAccount(view.container);
    submit(view.container);
    const timer = await waitFor(() => document.querySelector('.ops-conflict-dialog [role=timer]'));
    expect(timer.textContent).to.equal('30 秒后自动取消');
    await tick(50);
    clock.advance(5000);
    await waitFor(() => timer.textContent === '25 秒后自动取消');
    byRole(document.querySelector('.ops-conflict-dialog')!, 'button', '强制登录')!.click();
    await waitFor(() => fake.navigations.length > 0);
    const retry = fake.calls.filter((c) => c.url.endsWith('/oauth/token'))[1];
    expect(retry.body.uuid).to.equal('U-9');
    expect(retry.body.username).to.equal('admin');
    expect(retry.body.password).to.match(/^[0-9a-f]{32}$/);
    expect(fake.navigations).to.deep.equal(['/']);
  });

  it('abandons the login when the conflict countdown runs out', async () => {
    const clock = manualClock(Date.now());
    const fake = shellTestServices({
      ...baseRoutes(),
      'POST /api/blade-system/oauth/token': () => {
        throw failure({ code: 1800100001, msg: 'conflict', data: { uuid: 'U-1' } });
      },
    });
    const view = mount(<LoginPage services={fake.services} search="" clock={clock} />);
    cleanup = view.unmount;
    fillAccount(view.container);
    submit(view.container);
    await waitFor(() => document.querySelector('.ops-conflict-dialog [role=timer]'));
    await tick(50);
    clock.advance(30_000);
    await waitFor(() => !document.querySelector('.ops-conflict-dialog'));
    expect(fake.calls.filter((c) => c.url.endsWith('/oauth/token'))).to.have.length(1);
    expect(fake.navigations).to.deep.equal([]);
    expect(fake.toasts).to.deep.include(['info', '已取消登录']);
  });

  it('phone mode: the send button counts down 60 s and stays blocked, then signs in with the code headers', async () => {
    const clock = manualClock(Date.now());
    const fake = shellTestServices({
      ...baseRoutes(),
      'GET /api/blade-system/oauth/phone-code-by-tenantId': () => ok({ id: 'P-1' }),
      'POST /api/blade-system/oauth/token': () => TOKEN,
    });
    const view = mount(<LoginPage services={fake.services} search="?tenantId=100001" clock={clock} />);
    cleanup = view.unmount;
    byRole(view.container, 'tab', '手机验证码')!.click();
    const phone = await waitFor(() => fieldByLabel(view.container, '手机号码'));
    type(phone, '13800000001');
    const send = () => view.container.querySelector<HTMLElement & { disabled: boolean }>('.ops-login__send')!;
    send().click();
    await waitFor(() => send().textContent === '60 秒后重新获取');
    expect(send().disabled).to.equal(true);
    expect(fake.toasts).to.deep.include(['success', '验证码已发送']);
    clock.advance(59_000);
    await waitFor(() => send().textContent === '1 秒后重新获取');
    send().click();
    expect(fake.calls.filter((c) => c.url.includes('phone-code'))).to.have.length(1);
    clock.advance(1000);
    await waitFor(() => send().textContent === '获取验证码' && !send().disabled);
    type(fieldByLabel(view.container, '短信验证码')!, '123456');
    submit(view.container);
    await waitFor(() => fake.navigations.length > 0);
    const token = fake.calls.find((c) => c.url.endsWith('/oauth/token'))!;
    expect(token.body.grant_type).to.equal('phoneCode');
    expect(token.headers['phone-code-key']).to.equal('P-1');
    expect(token.headers['phone-code-code']).to.equal('123456');
  });

  it('signs in login-free from the query ticket', async () => {
    const fake = shellTestServices({ ...baseRoutes(), 'POST /api/blade-system/oauth/token': () => TOKEN });
    const view = mount(
      <LoginPage services={fake.services} search="?loginFree=true&callback=T-1&tenantId=100001" />,
    );
    cleanup = view.unmount;
    await waitFor(() => fake.navigations.length > 0);
    const token = fake.calls.find((c) => c.url.endsWith('/oauth/token'))!;
    expect(token.body).to.include({ grant_type: 'callback', callback: 'T-1', tenantId: '100001' });
  });

  it('hides the social tab when the site config offers no provider', async () => {
    const fake = shellTestServices(baseRoutes());
    const view = mount(<LoginPage services={fake.services} search="" />);
    cleanup = view.unmount;
    expect(byRole(view.container, 'tab', '扫码登录')).to.not.equal(null);
    expect(byRole(view.container, 'tab', '第三方登录')).to.equal(null);
  });

  it('sends the browser to the provider with a state, and refuses an answer with another state', async () => {
    const fake = shellTestServices(baseRoutes());
    fake.services.config.socialProviders.push(DEMO);
    const view = mount(<LoginPage services={fake.services} search="?tenantId=100001" />);
    cleanup = view.unmount;
    byRole(view.container, 'tab', '第三方登录')!.click();
    (await waitFor(() => byRole(view.container, 'button', '使用 Demo 登录'))).click();
    const address = new URL(fake.departures[0]!, location.origin);
    expect(address.pathname).to.equal('/api/blade-system/oauth/render/demo');
    const state = address.searchParams.get('state')!;
    expect(state).to.match(/^[0-9a-f]{32}$/);
    view.unmount();

    // Back with a state this tab did not send: nothing goes to the token endpoint.
    const back = mount(
      <LoginPage services={fake.services} search="?source=demo&code=C&state=forged&tenantId=100001" />,
    );
    cleanup = back.unmount;
    await waitFor(() => byRole(back.container, 'alert', '第三方登录未能通过校验，请重新登录'));
    expect(fake.calls.some((c) => c.url.endsWith('/oauth/token'))).to.equal(false);
    expect(fake.navigations, 'the answer leaves the address bar').to.deep.equal(['/login?tenantId=100001']);
  });

  it('an unbound social identity opens the register dialog with its separate warnings (en)', async () => {
    const fake = shellTestServices(
      {
        ...baseRoutes(),
        'POST /api/blade-system/oauth/token': () => ({
          ...TOKEN,
          user_id: '',
          role_name: 'guest',
          oauth_id: 'o-1',
        }),
      },
      'en',
    );
    fake.services.config.socialProviders.push(DEMO);
    rememberPending('test-', { state: 'S-1', source: 'demo', tenantId: '100001' });
    const view = mount(
      <LoginPage services={fake.services} search="?tenantId=100001&source=demo&code=C&state=S-1" />,
    );
    cleanup = view.unmount;
    expect(byRole(view.container, 'tab', 'Password')).to.not.equal(null);
    const dialog = await waitFor(() => document.querySelector<HTMLElement>('.ops-register-dialog'));
    expect(fake.services.session.get().token, 'the guest token, for register-guest').to.equal('A1');
    const grant = fake.calls.find((c) => c.url.endsWith('/oauth/token'))!;
    expect(grant.body).to.include({ grant_type: 'social', source: 'demo', code: 'C', state: 'S-1' });
    await waitFor(() => fieldByLabel(dialog, 'Account'));
    await tick(50);
    dialog.querySelector('form')!.requestSubmit();
    await waitFor(() => dialog.textContent?.includes('Account is required'));
    expect(dialog.textContent).to.include('Password is required');
    expect(dialog.textContent).to.include('Confirm password is required');
    type(fieldByLabel(dialog, 'Account')!, 'alice');
    type(fieldByLabel(dialog, 'Password')!, 'Alice@2026');
    type(fieldByLabel(dialog, 'Confirm password')!, 'Alice@2027');
    dialog.querySelector('form')!.requestSubmit();
    await waitFor(() => dialog.textContent?.includes('The two passwords do not match'));
  });

  it('switches the language: the page text changes to English', async () => {
    const fake = shellTestServices(baseRoutes());
    const view = mount(<LoginPage services={fake.services} search="" />);
    cleanup = view.unmount;
    expect(byRole(view.container, 'tab', '账号密码')).to.not.equal(null);
    byRole(view.container, 'button', 'English')!.click();
    await waitFor(() => byRole(view.container, 'tab', 'Password'));
    expect(fake.services.language.current()).to.equal('en');
    // The configured title is written in zh: the English page names the product in English.
    expect(byRole(view.container, 'heading', 'Operations console')).to.not.equal(null);
    expect(view.container.textContent).to.not.include('运维控制台');
  });
});
