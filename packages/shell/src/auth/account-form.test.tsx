import { expect } from '@esm-bundle/chai';
import { waitFor } from '../../../../test/support/dom';
import { fieldByLabel, mount, tick, type } from '../../test-support/dom';
import { pressEnterIn } from '../../test-support/keyboard';
import { type FakeCall, ok, shellTestServices } from '../../test-support/services';
import { LoginPage } from './login-page';

const TOKEN = { access_token: 'A1', refresh_token: 'R1', tenant_id: '100001', user_id: '2', is_init: 0 };
const routes = (token: () => unknown) => ({
  'GET /api/blade-system/oauth/captcha': () => ok({ key: 'K1', image: 'data:image/svg+xml;base64,PHN2Zy8+' }),
  'GET /api/blade-system/param/public': () => ok({ isSystemAuthentication: '0' }),
  'GET /api/blade-system/oauth/user-info': () => ok({ account: 'admin', role_name: 'admin', isInit: 0 }),
  'GET /api/blade-system/menu/buttons': () => ok([]),
  'POST /api/blade-system/oauth/token': token,
});

const tokenCalls = (calls: FakeCall[]) => calls.filter((c) => c.url.endsWith('/oauth/token'));

async function openLogin(token: () => unknown) {
  const fake = shellTestServices(routes(token));
  const view = mount(<LoginPage services={fake.services} search="" />);
  await waitFor(() => view.container.querySelector('.ops-login__captcha-image img'));
  return { fake, view, field: (label: string) => fieldByLabel(view.container, label)! };
}

/** Types a whole sign-in: tenant, account, password and captcha. */
function typeSignIn(field: (label: string) => HTMLInputElement) {
  type(field('租户ID'), '100001');
  type(field('账号'), 'admin');
  type(field('密码'), 'Hydro@2026');
  type(field('验证码'), 'abcd');
}

describe('password sign-in form: Enter', () => {
  let cleanup: () => void = () => undefined;
  afterEach(() => cleanup());

  it('signs in from the captcha field with what was typed', async () => {
    const { fake, view, field } = await openLogin(() => TOKEN);
    cleanup = view.unmount;
    typeSignIn(field);
    await pressEnterIn(field('验证码'));
    await waitFor(() => fake.navigations.length > 0);
    expect(fake.navigations).to.deep.equal(['/']);
    expect(fake.services.session.get().token).to.equal('A1');
    const [token, ...more] = tokenCalls(fake.calls);
    expect(more, 'one Enter, one sign-in').to.deep.equal([]);
    expect(token.body.username).to.equal('admin');
    expect(token.headers['Captcha-Code']).to.equal('abcd');
  });

  it('shows the required warnings and sends nothing when fields are empty', async () => {
    const { fake, view, field } = await openLogin(() => TOKEN);
    cleanup = view.unmount;
    type(field('账号'), 'admin');
    await pressEnterIn(field('账号'));
    await waitFor(() => view.container.textContent?.includes('请输入租户ID'));
    expect(view.container.textContent).to.include('请输入密码');
    expect(document.activeElement, 'the first field to fix has the focus').to.equal(field('租户ID'));
    expect(tokenCalls(fake.calls)).to.deep.equal([]);
  });

  it('does nothing on a second Enter while signing in', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const { fake, view, field } = await openLogin(() => new Promise((resolve) => (answer = resolve)));
    cleanup = view.unmount;
    typeSignIn(field);
    await pressEnterIn(field('密码'));
    await waitFor(() => tokenCalls(fake.calls).length === 1);
    await pressEnterIn(field('密码'));
    await tick(50);
    answer(TOKEN);
    await waitFor(() => fake.navigations.length > 0);
    expect(fake.navigations).to.deep.equal(['/']);
    expect(tokenCalls(fake.calls)).to.have.length(1);
  });
});
