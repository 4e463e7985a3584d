// The profile dialog and the personal-info page against a fake of the server's user calls (docs/api.md
// section 4), over the shell's real runtime. What a user sees: texts, alerts, toasts; what is sent.
import { expect } from '@esm-bundle/chai';
import { fireEvent, within } from '@testing-library/dom';
import { waitFor } from '../../../../test/support/dom';
import { fieldByLabel, mount, submit, type } from '../../test-support/dom';
import { USER_ANSWER } from '../../test-support/profile-user';
import { type FakeCall, failure, ok, shellTestServices } from '../../test-support/services';
import { InfoPage } from './info-page';
import { ProfileDialog } from './profile-dialog';

function fakeServer(
  options: { password?: (call: FakeCall) => unknown; info?: (call: FakeCall) => unknown } = {},
) {
  let user = { ...USER_ANSWER };
  return {
    'GET /api/blade-system/user/info': () => ok(user),
    'GET /api/blade-system/oauth/captcha': () =>
      ok({ key: 'K', image: 'data:image/svg+xml;base64,PHN2Zy8+' }),
    'POST /api/blade-system/user/update-password': options.password ?? (() => ok(null)),
    'POST /api/blade-system/user/update-info':
      options.info ??
      ((call: FakeCall) => {
        user = { ...user, ...call.body };
        return ok(user);
      }),
    'POST /api/blade-system/oauth/logout': () => ok(null),
    'GET /api/hzims-operational/ims/dept/getHydropowerTree': () =>
      ok([
        {
          id: '1',
          title: '公司',
          deptCategory: 1,
          children: [{ id: '2001', title: '一号电站', deptCategory: 4 }],
        },
      ]),
    'GET /api/hzims-operational/userDept/config/query': () => ok(null),
  };
}

const PASSWORD_ZH = ['原密码', '新密码', '确认密码', '验证码'];

describe('profile dialog', () => {
  let cleanup: () => void = () => undefined;
  afterEach(() => cleanup());

  function setup(routes = fakeServer(), lang: 'zh' | 'en' = 'zh', ims = false) {
    const fake = shellTestServices(routes, lang);
    fake.services.config = { ...fake.services.config, imsEnabled: ims };
    fake.services.session.update({
      userInfo: { account: 'operator' } as never,
      token: 'T',
      tenantId: '100001',
    });
    const view = mount(<ProfileDialog services={fake.services} open onClose={() => undefined} />);
    cleanup = view.unmount;
    const posts = () => fake.calls.filter((c) => c.method === 'POST');
    return { fake, view, page: within(view.container), posts };
  }
  const ready = (view: { container: HTMLElement }) =>
    waitFor(
      () =>
        view.container.querySelector('.ops-login__captcha-image img') &&
        view.container.textContent?.includes('运行部'),
    );

  it('shows name, account, phone and department; only the password tab without the IMS flag', async () => {
    const { view, page } = setup();
    await ready(view);
    for (const text of ['李娜', 'operator', '13800000003', '运行部']) expect(page.getByText(text)).to.exist;
    expect(page.getAllByRole('tab').map((tab) => tab.textContent)).to.deep.equal(['修改密码']);
    expect(page.queryByRole('button', { name: '帮助文档' })).to.equal(null);
    expect(page.getByRole('button', { name: '退出登录' })).to.exist;
  });

  it('checks the §5 rules before sending: a new password containing the account sends nothing', async () => {
    const { view, posts, fake } = setup();
    await ready(view);
    const values = ['Operator@2026', 'Operator#2027', 'Operator#2027', 'ab12'];
    for (const [i, label] of PASSWORD_ZH.entries()) type(fieldByLabel(view.container, label)!, values[i]!);
    submit(view.container);
    await waitFor(() => view.container.textContent?.includes('密码不能包含账号'));
    expect(posts()).to.deep.equal([]);
    expect(fake.navigations).to.deep.equal([]);
  });

  it('shows the server message when the change is refused, then a valid change signs out to login', async () => {
    let answer: unknown = failure({ code: 400, msg: '原密码不正确' });
    const { view, page, fake } = setup(fakeServer({ password: () => answer }));
    await ready(view);
    const fill = (old: string) => {
      const values = [old, 'Strong#2026', 'Strong#2026', 'ab12'];
      for (const [i, label] of PASSWORD_ZH.entries()) type(fieldByLabel(view.container, label)!, values[i]!);
    };
    fill('Wrong@2026');
    submit(view.container);
    const alert = await waitFor(() => page.queryByRole('alert'));
    expect(alert.textContent).to.equal('原密码不正确');
    expect(fake.toasts).to.deep.include(['error', '原密码不正确']);
    expect(fake.navigations).to.deep.equal([]);
    const sent = fake.calls.find((c) => c.url.endsWith('update-password'))!;
    expect(sent.body.oldPassword).to.match(/^[A-Za-z0-9]{6}[0-9a-f]{32}[A-Za-z0-9]{6}$/);
    expect(sent.body.newPassword).to.not.equal('Strong#2026');

    answer = ok(null);
    await waitFor(() => (fieldByLabel(view.container, '原密码')!.value === '' ? true : null));
    fill('Operator@2026');
    submit(view.container);
    await waitFor(() => fake.navigations.length > 0);
    expect(fake.navigations[0]).to.match(/^\/login/);
    expect(fake.toasts).to.deep.include(['success', '密码已修改，请重新登录']);
  });

  it('refuses a non-image avatar with 只能上传图片文件 and sends nothing', async () => {
    const { view, page, fake } = setup();
    await ready(view);
    const input = page.getByLabelText('更换头像') as HTMLInputElement;
    expect(input.accept).to.equal('image/*');
    fireEvent.change(input, {
      target: { files: [new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' })] },
    });
    const alert = await waitFor(() => page.queryByRole('alert'));
    expect(alert.textContent).to.equal('只能上传图片文件');
    expect(fake.toasts).to.deep.include(['error', '只能上传图片文件']);
    expect(fake.calls.filter((c) => c.method === 'POST')).to.deep.equal([]);
  });

  it('with the IMS flag: phone and default-station tabs, help document whose failure is said (en)', async () => {
    const { view, page, fake } = setup(fakeServer(), 'en', true);
    await waitFor(() => view.container.textContent?.includes('运行部'));
    expect(page.getAllByRole('tab').map((tab) => tab.textContent)).to.deep.equal([
      'Change password',
      'Change phone',
      'Change default station',
    ]);
    fireEvent.click(page.getByRole('tab', { name: 'Change phone' }));
    // Sending a code needs a valid phone: nothing is sent.
    fireEvent.click(await waitFor(() => page.queryByRole('button', { name: 'Send code' })));
    await waitFor(() => page.queryByRole('alert'));
    expect(fake.calls.filter((c) => c.url.includes('phone-code'))).to.deep.equal([]);
    fireEvent.click(page.getByRole('tab', { name: 'Change default station' }));
    await waitFor(() => view.container.querySelector('select, sl-select, [role="combobox"]'));
    // The test server has no help document: the download fails with the profile's message.
    fireEvent.click(page.getByRole('button', { name: 'Help document' }));
    await waitFor(() => fake.toasts.some(([, text]) => text === 'Help document download failed'));
  });
});

describe('personal-info page (/info/index)', () => {
  let cleanup: () => void = () => undefined;
  afterEach(() => cleanup());

  function setup(routes = fakeServer(), lang: 'zh' | 'en' = 'zh') {
    const fake = shellTestServices(routes, lang);
    fake.services.session.update({
      userInfo: { account: 'operator' } as never,
      token: 'T',
      tenantId: '100001',
    });
    const view = mount(<InfoPage services={fake.services} />);
    cleanup = view.unmount;
    return { fake, view, page: within(view.container) };
  }
  const loaded = (view: { container: HTMLElement }) => waitFor(() => fieldByLabel(view.container, '姓名'));

  it('shows the account, phone and department and saves the edited fields with update-info', async () => {
    const { view, page, fake } = setup();
    expect(page.getByRole('heading', { level: 1, name: '个人信息' })).to.exist;
    await loaded(view);
    for (const text of ['operator', '13800000003', '运行部']) expect(page.getByText(text)).to.exist;
    expect(fieldByLabel(view.container, '姓名')!.value).to.equal('李娜');
    type(fieldByLabel(view.container, '昵称')!, ' lina ');
    type(fieldByLabel(view.container, '邮箱')!, 'li.na@example.org');
    submit(view.container);
    await waitFor(() => fake.toasts.some(([, text]) => text === '个人信息已保存'));
    const call = fake.calls.find((c) => c.url.endsWith('update-info'))!;
    expect(call.body).to.deep.equal({ realName: '李娜', name: 'lina', email: 'li.na@example.org' });
    // The chrome's name follows: the session's user info carries the saved names.
    expect(fake.services.session.get().userInfo).to.include({ real_name: '李娜', nick_name: 'lina' });
  });

  it('refuses an invalid name or email before sending, and shows the server message on refusal', async () => {
    const { view, page, fake } = setup(
      fakeServer({ info: () => failure({ code: 400, msg: '邮箱已被使用' }) }),
    );
    await loaded(view);
    type(fieldByLabel(view.container, '姓名')!, '李');
    type(fieldByLabel(view.container, '邮箱')!, 'not-an-email');
    submit(view.container);
    await waitFor(() => view.container.querySelector('[aria-invalid="true"]'));
    expect(fake.calls.filter((c) => c.method === 'POST')).to.deep.equal([]);
    type(fieldByLabel(view.container, '姓名')!, '李娜娜');
    type(fieldByLabel(view.container, '邮箱')!, 'x@example.com');
    submit(view.container);
    const alert = await waitFor(() => page.queryByRole('alert'));
    expect(alert.textContent).to.equal('邮箱已被使用');
  });
});
