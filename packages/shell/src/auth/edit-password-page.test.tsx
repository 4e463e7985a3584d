import { expect } from '@esm-bundle/chai';
import { waitFor } from '../../../../test/support/dom';
import { fieldByLabel, mount, submit, type } from '../../test-support/dom';
import { pressEnterIn } from '../../test-support/keyboard';
import { failure, ok, shellTestServices } from '../../test-support/services';
import { EditPasswordPage } from './edit-password-page';

const routes = (update: () => unknown) => ({
  'GET /api/blade-system/oauth/captcha': () => ok({ key: 'K', image: 'data:image/svg+xml;base64,PHN2Zy8+' }),
  'POST /api/blade-system/user/update-password': update,
});

function setup(update: () => unknown, lang: 'zh' | 'en' = 'zh') {
  const fake = shellTestServices(routes(update), lang);
  fake.services.session.update({ userInfo: { account: 'newbie' } as never, token: 'T', tenantId: '100001' });
  const view = mount(<EditPasswordPage services={fake.services} search="?tenantId=100001" />);
  return { fake, view };
}

function fill(container: HTMLElement, values: [string, string, string, string], labels: string[]) {
  for (const [i, label] of labels.entries()) type(fieldByLabel(container, label)!, values[i]);
}

const ZH = ['原密码', '新密码', '确认密码', '验证码'];
const EN = ['Old password', 'New password', 'Confirm password', 'Captcha'];

describe('EditPasswordPage (spec §5 password change)', () => {
  let cleanup: () => void = () => undefined;
  afterEach(() => cleanup());

  /** The page with its captcha shown and `values` typed (zh); `sent()` counts the changes sent. */
  async function openFilled(values: [string, string, string, string]) {
    let sent = 0;
    const { fake, view } = setup(() => {
      sent++;
      return ok(null);
    });
    cleanup = view.unmount;
    await waitFor(() => view.container.querySelector('.ops-login__captcha-image img'));
    fill(view.container, values, ZH);
    return { fake, view, sent: () => sent };
  }

  const rules: Array<[string, [string, string, string, string], string]> = [
    ['old 4-16', ['abc', 'Newbie#2026', 'Newbie#2026', 'x'], '原密码长度须为 4 到 16 个字符'],
    ['new 8-16', ['Init@2026', 'Ab1!', 'Ab1!', 'x'], '新密码长度须为 8 到 16 个字符'],
    [
      '3 of 4 classes',
      ['Init@2026', 'abcdefgh1', 'abcdefgh1', 'x'],
      '密码须包含大写字母、小写字母、数字、特殊字符中的至少三种',
    ],
    ['confirm equals new', ['Init@2026', 'Strong#2026', 'Strong#2027', 'x'], '两次输入的密码不一致'],
    ['not containing the account', ['Init@2026', 'NEWBIE#2026x', 'NEWBIE#2026x', 'x'], '密码不能包含账号'],
    ['captcha required', ['Init@2026', 'Strong#2026', 'Strong#2026', ''], '请输入验证码'],
  ];
  for (const [name, values, message] of rules) {
    it(`refuses: ${name}`, async () => {
      const { fake, view, sent } = await openFilled(values);
      submit(view.container);
      await waitFor(() => view.container.textContent?.includes(message));
      expect(sent()).to.equal(0);
      expect(fake.navigations).to.deep.equal([]);
    });
  }

  it('sends old wrapped and new AES-encrypted, then returns to login (en)', async () => {
    const { fake, view } = setup(() => ok(null), 'en');
    cleanup = view.unmount;
    await waitFor(() => view.container.querySelector('.ops-login__captcha-image img'));
    fill(view.container, ['Init@2026', 'Strong#2026', 'Strong#2026', 'ab12'], EN);
    submit(view.container);
    await waitFor(() => fake.navigations.length > 0);
    expect(fake.navigations).to.deep.equal(['/login?tenantId=100001']);
    const call = fake.calls.find((c) => c.url.endsWith('update-password'))!;
    expect(call.body.oldPassword).to.match(/^[A-Za-z0-9]{6}[0-9a-f]{32}[A-Za-z0-9]{6}$/);
    expect(call.body.newPassword).to.not.equal('Strong#2026');
    expect(call.body.newPassword).to.equal(call.body.newPassword1);
    expect(call.body).to.include({ captcha: 'ab12', captchaKey: 'K' });
    expect(fake.toasts).to.deep.include([
      'success',
      'Password changed. Please sign in with the new password.',
    ]);
    expect(fake.services.session.get().token).to.equal('');
  });

  it('shows the server message on failure', async () => {
    const { fake, view } = setup(() => {
      throw failure({ code: 400, msg: '原密码错误' });
    });
    cleanup = view.unmount;
    await waitFor(() => view.container.querySelector('.ops-login__captcha-image img'));
    fill(view.container, ['Wrong@2026', 'Strong#2026', 'Strong#2026', 'ab12'], ZH);
    submit(view.container);
    await waitFor(() => view.container.querySelector('[role=alert]')?.textContent === '原密码错误');
    expect(fake.toasts).to.deep.include(['error', '原密码错误']);
    expect(fake.navigations).to.deep.equal([]);
  });

  it('Enter in the captcha field submits the change once and returns to login', async () => {
    const { fake, view, sent } = await openFilled(['Init@2026', 'Strong#2026', 'Strong#2026', 'ab12']);
    await pressEnterIn(fieldByLabel(view.container, '验证码')!);
    await waitFor(() => fake.navigations.length > 0);
    expect(fake.navigations).to.deep.equal(['/login?tenantId=100001']);
    expect(fake.toasts).to.deep.include(['success', '密码修改成功，请使用新密码登录']);
    expect(sent()).to.equal(1);
  });

  it('Enter in a password field checks the rules like the submit button', async () => {
    const { fake, view, sent } = await openFilled(['Init@2026', 'Strong#2026', 'Strong#2027', 'ab12']);
    await pressEnterIn(fieldByLabel(view.container, '确认密码')!);
    await waitFor(() => view.container.textContent?.includes('两次输入的密码不一致'));
    expect(sent()).to.equal(0);
    expect(fake.navigations).to.deep.equal([]);
  });
});
