import { expect } from '@esm-bundle/chai';
import { byRole, waitFor } from '../../../../test/support/dom';
import { fieldByLabel, mount, submit, type } from '../../test-support/dom';
import { failure, ok, shellTestServices } from '../../test-support/services';
import { LoginPage } from './login-page';

const routes = (reset: () => unknown) => ({
  'GET /api/blade-system/oauth/captcha': () => ok({ key: 'K', image: 'data:image/svg+xml;base64,PHN2Zy8+' }),
  'GET /api/blade-system/oauth/phone-code-by-tenantId': () => ok({ id: 'P-1' }),
  'POST /api/blade-system/user/retrieve-password': reset,
});

async function openForgot(search: string, reset: () => unknown, lang: 'zh' | 'en' = 'zh') {
  const fake = shellTestServices(routes(reset), lang);
  const view = mount(<LoginPage services={fake.services} search={search} />);
  byRole(view.container, 'link', lang === 'zh' ? '忘记密码' : 'Forgot password')!.click();
  await waitFor(() => fieldByLabel(view.container, lang === 'zh' ? '手机号' : 'Phone number'));
  return { fake, view };
}

function fill(container: HTMLElement, next: string, confirm: string) {
  type(fieldByLabel(container, '手机号')!, '13800000006');
  container.querySelector<HTMLElement>('.ops-login__send')!.click();
  type(fieldByLabel(container, '短信验证码')!, '123456');
  type(fieldByLabel(container, '新密码')!, next);
  type(fieldByLabel(container, '确认密码')!, confirm);
}

describe('forgot password on the login page', () => {
  let cleanup: () => void = () => undefined;
  afterEach(() => cleanup());

  it('checks the policy before sending, then resets by the phone code and returns to the login form', async () => {
    const { fake, view } = await openForgot('?tenantId=100001', () => ok(null));
    cleanup = view.unmount;
    fill(view.container, 'abcdefgh1', 'abcdefgh1');
    await waitFor(() => fake.toasts.some(([, text]) => text === '验证码已发送'));
    submit(view.container);
    await waitFor(() =>
      view.container.textContent?.includes('密码须包含大写字母、小写字母、数字、特殊字符中的至少三种'),
    );
    expect(fake.calls.some((c) => c.url.endsWith('/retrieve-password'))).to.equal(false);

    type(fieldByLabel(view.container, '新密码')!, 'Reset#2026');
    type(fieldByLabel(view.container, '确认密码')!, 'Reset#2026');
    submit(view.container);
    await waitFor(() => fake.toasts.some(([, text]) => text === '密码已重置，请使用新密码登录'));
    const call = fake.calls.find((c) => c.url.endsWith('/retrieve-password'))!;
    expect(call.body).to.include({ tenantId: '100001', phone: '13800000006', id: 'P-1', captcha: '123456' });
    expect(call.body.newPassword).to.not.equal('Reset#2026');
    expect(call.body.newPassword).to.equal(call.body.newPassword1);
    await waitFor(() => byRole(view.container, 'tab', '账号密码'));
    expect(byRole(view.container, 'tab', '账号密码')!.getAttribute('aria-selected')).to.equal('true');
    expect(fieldByLabel(view.container, '租户ID')!.value).to.equal('100001');
  });

  it('shows the server refusal as it is sent and stays on the form', async () => {
    const { view } = await openForgot('?tenantId=100001', () => {
      throw failure({ code: 400, msg: '新密码不能包含账号' }, 400);
    });
    cleanup = view.unmount;
    fill(view.container, 'Fresh#2026', 'Fresh#2026');
    await waitFor(() => view.container.querySelector('.ops-login__send[disabled]'));
    submit(view.container);
    await waitFor(() => byRole(view.container, 'alert', '新密码不能包含账号'));
    expect(fieldByLabel(view.container, '手机号')).to.not.equal(null);
    byRole(view.container, 'button', '返回登录')!.click();
    await waitFor(() => byRole(view.container, 'link', '忘记密码'));
  });

  it('names its fields in English', async () => {
    const { view } = await openForgot('', () => ok(null), 'en');
    cleanup = view.unmount;
    for (const label of ['Tenant ID', 'Phone number', 'SMS code', 'New password', 'Confirm password']) {
      expect(fieldByLabel(view.container, label), label).to.not.equal(null);
    }
    expect(byRole(view.container, 'button', 'Reset password')).to.not.equal(null);
    expect(byRole(view.container, 'heading', 'Reset your password')).to.not.equal(null);
  });
});
