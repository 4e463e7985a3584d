import { expect } from '@esm-bundle/chai';
import { waitFor } from '../../../../test/support/dom';
import { fieldByLabel, mount, tick, type } from '../../test-support/dom';
import { pressEnterIn } from '../../test-support/keyboard';
import { type FakeCall, ok, shellTestServices } from '../../test-support/services';
import { useShellText } from '../shared/i18n';
import type { ShellServices } from '../shared/services';
import { RegisterDialog } from './register-dialog';
import { AUTH_TEXTS } from './texts';

function Register({ services, onDone }: { services: ShellServices; onDone: (registered: boolean) => void }) {
  const { t, lang } = useShellText(AUTH_TEXTS);
  return (
    <RegisterDialog services={services} tenantId="100001" oauthId="o-1" lang={lang} t={t} onDone={onDone} />
  );
}

async function openRegister(lang: 'zh' | 'en') {
  const fake = shellTestServices(
    {
      'POST /api/blade-system/register-guest': () =>
        ok({ user_id: '9', account: 'alice', tenant_id: '100001' }),
    },
    lang,
  );
  const done: boolean[] = [];
  const view = mount(<Register services={fake.services} onDone={(registered) => done.push(registered)} />);
  await waitFor(() => fieldByLabel(view.container, lang === 'en' ? 'Account' : '账号'));
  // The dialog moves the focus into itself once it has opened.
  await tick(50);
  return { fake, view, done, field: (label: string) => fieldByLabel(view.container, label)! };
}

const registrations = (calls: FakeCall[]) => calls.filter((c) => c.url.endsWith('/register-guest'));

describe('register dialog: Enter', () => {
  let cleanup: () => void = () => undefined;
  afterEach(() => cleanup());

  it('registers from the confirm password field and closes', async () => {
    const { fake, view, done, field } = await openRegister('zh');
    cleanup = view.unmount;
    type(field('账号'), 'alice');
    type(field('密码'), 'Hydro#2026x');
    type(field('确认密码'), 'Hydro#2026x');
    await pressEnterIn(field('确认密码'));
    await waitFor(() => done.length > 0);
    expect(done).to.deep.equal([true]);
    expect(fake.toasts).to.deep.include(['success', '注册成功，请重新登录']);
    const [call, ...more] = registrations(fake.calls);
    expect(more, 'one Enter, one registration').to.deep.equal([]);
    expect(call.body).to.include({ tenantId: '100001', account: 'alice', oauthId: 'o-1' });
  });

  it('shows each missing field and sends nothing (en)', async () => {
    const { fake, view, done, field } = await openRegister('en');
    cleanup = view.unmount;
    await pressEnterIn(field('Account'));
    await waitFor(() => view.container.textContent?.includes('Account is required'));
    expect(view.container.textContent).to.include('Password is required');
    expect(view.container.textContent).to.include('Confirm password is required');
    expect(registrations(fake.calls)).to.deep.equal([]);
    expect(done).to.deep.equal([]);
  });
});
