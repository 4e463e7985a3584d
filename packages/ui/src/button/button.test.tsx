import { expect } from '@esm-bundle/chai';
import { fireEvent, waitFor, within } from '@testing-library/dom';
import { sendMouse } from '@web/test-runner-commands';
import { useState } from 'react';
import { cleanup, inAct, press, render } from '../../test-support';
import { PasswordField, TextField } from '../form/fields';
import { Form } from '../form/form';
import { Button } from './button';

/** A real click in the middle of `el`, through the browser. */
async function click(el: Element) {
  const box = el.getBoundingClientRect();
  await inAct(() =>
    sendMouse({
      type: 'click',
      position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)],
    }),
  );
}

function SignIn({ busy = false, onSubmit }: { busy?: boolean; onSubmit: () => void }) {
  const [account, setAccount] = useState('admin');
  const [password, setPassword] = useState('Hydro@2026');
  return (
    <Form label="账号登录" busy={busy} onSubmit={onSubmit}>
      <TextField label="账号" value={account} onChange={setAccount} />
      <PasswordField label="密码" value={password} onChange={setPassword} />
      <Button variant="primary" size="large" type="submit" block loading={busy} disabled={busy}>
        登 录
      </Button>
    </Form>
  );
}

describe('Button', () => {
  afterEach(cleanup);

  it('is a button named by its text, exactly', async () => {
    const { container } = await render(
      <>
        <Button variant="primary">登 录</Button>
        <Button variant="text">Sign in</Button>
      </>,
    );
    const zh = within(container).getByRole('button', { name: '登 录' }) as HTMLButtonElement;
    expect(zh.type).to.equal('button');
    expect(within(container).getByRole('button', { name: 'Sign in' })).to.exist;
  });

  it('runs its action on a click', async () => {
    let clicks = 0;
    const { container } = await render(<Button onClick={() => clicks++}>保存</Button>);
    await click(within(container).getByRole('button', { name: '保存' }));
    expect(clicks).to.equal(1);
  });

  it('while loading is busy, keeps its name and does nothing when clicked or pressed', async () => {
    let clicks = 0;
    const { container } = await render(
      <Button loading onClick={() => clicks++}>
        下载文件
      </Button>,
    );
    const button = within(container).getByRole('button', { name: '下载文件', busy: true });
    await click(button);
    fireEvent.click(button);
    await inAct(() => button.focus());
    expect(document.activeElement, 'a busy button keeps its focus').to.equal(button);
    await press('Enter');
    expect(clicks).to.equal(0);
  });

  it('when disabled cannot be used', async () => {
    let clicks = 0;
    const { container } = await render(
      <Button disabled onClick={() => clicks++}>
        获取验证码
      </Button>,
    );
    const button = within(container).getByRole('button', { name: '获取验证码' }) as HTMLButtonElement;
    expect(button.disabled).to.equal(true);
    await click(button);
    expect(clicks).to.equal(0);
  });

  it('of type submit submits its form once per click, and not while loading', async () => {
    let submits = 0;
    const view = await render(<SignIn onSubmit={() => submits++} />);
    await click(within(view.container).getByRole('button', { name: '登 录' }));
    expect(submits).to.equal(1);

    await view.rerender(<SignIn busy onSubmit={() => submits++} />);
    await click(within(view.container).getByRole('button', { name: '登 录' }));
    expect(submits).to.equal(1);
  });

  it('with Enter in a field of its form, submits once', async () => {
    let submits = 0;
    const { container } = await render(<SignIn onSubmit={() => submits++} />);
    await inAct(() => within(container).getByLabelText('密码').focus());
    await press('Enter');
    expect(submits).to.equal(1);
  });

  it('submits the form it names from outside it (a dialog footer)', async () => {
    let submits = 0;
    function Outside() {
      const [password, setPassword] = useState('Lock#1234');
      return (
        <>
          <Form id="lock-form" label="锁屏" onSubmit={() => submits++}>
            <PasswordField label="锁屏密码" value={password} onChange={setPassword} />
          </Form>
          <Button variant="primary" type="submit" form="lock-form">
            锁 屏
          </Button>
        </>
      );
    }
    const { container } = await render(<Outside />);
    await click(within(container).getByRole('button', { name: '锁 屏' }));
    expect(submits).to.equal(1);
  });

  it('is 32 px tall by default, 40 px large, 30 px small, and as wide as its container as a block', async () => {
    const { container } = await render(
      <div style={{ width: '300px' }}>
        <Button>取消</Button>
        <Button size="large">返回首页</Button>
        <Button size="small">刷新</Button>
        <Button block>登 录</Button>
      </div>,
    );
    const height = (name: string) =>
      within(container).getByRole('button', { name }).getBoundingClientRect().height;
    await waitFor(() => expect(height('取消')).to.equal(32));
    expect(height('返回首页')).to.equal(40);
    expect(height('刷新')).to.equal(30);
    expect(within(container).getByRole('button', { name: '登 录' }).getBoundingClientRect().width).to.equal(
      300,
    );
  });
});
