import { expect } from '@esm-bundle/chai';
import { byRole, waitFor } from '../../../../test/support/dom';
import { fieldByLabel, mount, type } from '../../test-support/dom';
import { pressEnterIn } from '../../test-support/keyboard';
import { ok, shellTestServices } from '../../test-support/services';
import { LoginPage } from './login-page';

const TOKEN = { access_token: 'A1', refresh_token: 'R1', tenant_id: '100001', user_id: '2', is_init: 0 };

describe('phone-code sign-in form: Enter', () => {
  let cleanup: () => void = () => undefined;
  afterEach(() => cleanup());

  it('signs in from the code field with the phone and the code sent', async () => {
    const fake = shellTestServices({
      'GET /api/blade-system/oauth/captcha': () =>
        ok({ key: 'K', image: 'data:image/svg+xml;base64,PHN2Zy8+' }),
      'GET /api/blade-system/oauth/phone-code-by-tenantId': () => ok({ id: 'P-1' }),
      'POST /api/blade-system/oauth/token': () => TOKEN,
      'GET /api/blade-system/oauth/user-info': () => ok({ account: 'operator', role_name: 'operator' }),
      'GET /api/blade-system/menu/buttons': () => ok([]),
    });
    const view = mount(<LoginPage services={fake.services} search="?tenantId=100001" />);
    cleanup = view.unmount;
    byRole(view.container, 'tab', '手机验证码')!.click();
    const phone = await waitFor(() => fieldByLabel(view.container, '手机号码'));
    type(phone, '13800000001');
    view.container.querySelector<HTMLElement>('.ops-login__send')!.click();
    await waitFor(() => fake.toasts.some(([, text]) => text === '验证码已发送'));
    const code = fieldByLabel(view.container, '短信验证码')!;
    type(code, '123456');
    await pressEnterIn(code);
    await waitFor(() => fake.navigations.length > 0);
    expect(fake.navigations).to.deep.equal(['/']);
    const tokens = fake.calls.filter((c) => c.url.endsWith('/oauth/token'));
    expect(tokens, 'one Enter, one sign-in').to.have.length(1);
    expect(tokens[0].body.grant_type).to.equal('phoneCode');
    expect(tokens[0].headers['phone-code-key']).to.equal('P-1');
    expect(tokens[0].headers['phone-code-code']).to.equal('123456');
  });
});
