import { expect } from '@esm-bundle/chai';
import { fireEvent, within } from '@testing-library/dom';
import { useState } from 'react';
import { cleanup, inAct, press, render } from '../../test-support';
import { Button } from '../button/button';
import { PasswordField, SelectField, TextareaField, TextField } from './fields';
import { Form } from './form';
import type { Validate } from './form-context';

// Stand-ins with the validators' shape ({ ok } | { ok: false, error: key }).
const required: Validate = (v) => (v.trim() ? { ok: true } : { ok: false, error: 'required' });
const max20: Validate = (v) =>
  v.length <= 20 ? { ok: true } : { ok: false, error: 'max', params: { max: 20 } };
const texts: Record<string, string> = { required: '此项为必填项', max: '最多 {max} 个字符' };
const t = (key: string, params?: Record<string, unknown>) =>
  (texts[key] ?? key).replace('{max}', String(params?.max ?? ''));

/** Leaves a field the way a user does: focus, then focus elsewhere. */
const leave = (el: HTMLElement) =>
  inAct(() => {
    el.focus();
    el.blur();
  });

function SiteForm({ onSubmit }: { onSubmit: (values: Record<string, string>) => void }) {
  const [name, setName] = useState('');
  const [linkman, setLinkman] = useState('');
  const [type, setType] = useState('');
  const [remark, setRemark] = useState('');
  const [password, setPassword] = useState('');
  return (
    <Form label="站点表单" errorText={t} onSubmit={() => onSubmit({ name, linkman, type, remark, password })}>
      <TextField label="站点名称" value={name} onChange={setName} validate={required} required />
      <TextField label="联系人" value={linkman} onChange={setLinkman} validate={max20} />
      <SelectField
        label="站点类型"
        value={type}
        onChange={setType}
        validate={required}
        options={[
          { value: 'hydro', label: '水电站' },
          { value: 'storage', label: '储能电站' },
        ]}
      />
      <TextareaField label="意见反馈" value={remark} onChange={setRemark} maxLength={150} />
      <PasswordField label="锁屏密码" value={password} onChange={setPassword} />
      <button type="submit">保存</button>
    </Form>
  );
}

describe('form fields', () => {
  afterEach(cleanup);

  it('shows the error inline on blur with aria-invalid and aria-describedby, and clears it when fixed', async () => {
    const { container } = await render(<SiteForm onSubmit={() => {}} />);
    const name = within(container).getByRole('textbox', { name: '站点名称' });
    expect(name.hasAttribute('aria-invalid')).to.equal(false);
    await leave(name);
    expect(name.getAttribute('aria-invalid')).to.equal('true');
    expect(within(container).getByRole('textbox', { description: '此项为必填项' })).to.equal(name);
    fireEvent.input(name, { target: { value: '一号水电站' } });
    expect(name.hasAttribute('aria-invalid')).to.equal(false);
    expect(within(container).getByRole('textbox', { name: '站点名称', description: '' })).to.equal(name);
  });

  it('passes the validator parameters to the error text', async () => {
    const { container } = await render(<SiteForm onSubmit={() => {}} />);
    const linkman = within(container).getByRole('textbox', { name: '联系人' });
    fireEvent.input(linkman, { target: { value: 'x'.repeat(21) } });
    expect(linkman.hasAttribute('aria-invalid')).to.equal(false);
    await leave(linkman);
    expect(
      within(container).getByRole('textbox', { name: '联系人', description: '最多 20 个字符' }),
    ).to.equal(linkman);
  });

  it('validates every field on submit, focuses the first invalid one and does not submit', async () => {
    const submitted: Record<string, string>[] = [];
    const { container } = await render(<SiteForm onSubmit={(v) => submitted.push(v)} />);
    fireEvent.click(within(container).getByRole('button', { name: '保存' }));
    expect(submitted).to.have.length(0);
    const name = within(container).getByRole('textbox', { name: '站点名称' });
    const select = within(container).getByRole('combobox', { name: '站点类型' });
    expect(name.getAttribute('aria-invalid')).to.equal('true');
    expect(select.getAttribute('aria-invalid')).to.equal('true');
    expect(document.activeElement).to.equal(name);

    fireEvent.input(name, { target: { value: '二号站' } });
    fireEvent.change(select, { target: { value: 'storage' } });
    expect(select.hasAttribute('aria-invalid')).to.equal(false);
    fireEvent.click(within(container).getByRole('button', { name: '保存' }));
    expect(submitted).to.deep.equal([
      { name: '二号站', linkman: '', type: 'storage', remark: '', password: '' },
    ]);
  });

  it('counts characters in a textarea against its limit and enforces it', async () => {
    const { container } = await render(<SiteForm onSubmit={() => {}} />);
    const remark = within(container).getByRole('textbox', { name: '意见反馈' }) as HTMLTextAreaElement;
    expect(remark.maxLength).to.equal(150);
    fireEvent.input(remark, { target: { value: '水轮机振动偏大' } });
    expect(within(container).getByText('7/150')).to.exist;
    expect(
      within(container).getByRole('textbox', {
        name: '意见反馈',
        description: '已输入 7 个字符，最多 150 个',
      }),
    ).to.equal(remark);
  });

  it('shows a counter on a text field (index title, 50)', async () => {
    function Title() {
      const [v, setV] = useState('运维控制台');
      return <TextField label="首页标题" value={v} onChange={setV} maxLength={50} showCounter />;
    }
    const { container } = await render(<Title />);
    const input = within(container).getByRole('textbox', {
      name: '首页标题',
      description: '已输入 5 个字符，最多 50 个',
    }) as HTMLInputElement;
    expect(input.maxLength).to.equal(50);
    expect(within(container).getByText('5/50')).to.exist;
  });

  it('a select shows its placeholder for no choice, or its own empty option (a filter\'s "all") when it has one', async () => {
    function Filters() {
      const [kind, setKind] = useState('');
      const [status, setStatus] = useState('');
      return (
        <Form label="筛选" errorText={t} onSubmit={() => {}}>
          <SelectField
            label="类型"
            value={kind}
            onChange={setKind}
            options={[{ value: 'a', label: '告警' }]}
          />
          <SelectField
            label="状态"
            value={status}
            onChange={setStatus}
            options={[
              { value: '', label: '全部' },
              { value: '0', label: '未读' },
            ]}
          />
        </Form>
      );
    }
    const { container } = await render(<Filters />);
    const kind = within(container).getByRole('combobox', { name: '类型' }) as HTMLSelectElement;
    expect(kind.selectedOptions[0]?.textContent).to.equal('请选择');
    const status = within(container).getByRole('combobox', { name: '状态' }) as HTMLSelectElement;
    expect(status.selectedOptions[0]?.textContent).to.equal('全部');
    expect([...status.options].map((option) => option.textContent)).to.deep.equal(['全部', '未读']);
    await inAct(() => {
      status.value = '0';
      status.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await inAct(() => {
      status.value = '';
      status.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(status.selectedOptions[0]?.textContent, 'all can be chosen again').to.equal('全部');
  });

  it('toggles password visibility with a named button', async () => {
    const { container } = await render(<SiteForm onSubmit={() => {}} />);
    // A password input has no ARIA role until it shows its text.
    const password = within(container).getByLabelText('锁屏密码') as HTMLInputElement;
    expect(password.type).to.equal('password');
    expect(within(container).queryByRole('textbox', { name: '锁屏密码' })).to.equal(null);
    const toggle = within(container).getByRole('button', { name: '显示密码', pressed: false });
    fireEvent.click(toggle);
    expect(within(container).getByRole('textbox', { name: '锁屏密码' })).to.equal(password);
    expect(within(container).getByRole('button', { name: '隐藏密码', pressed: true })).to.equal(toggle);
  });
});

/** A sign-in form as the console builds them: several fields and a submit `Button`. */
function SignInForm({
  onSubmit,
  busy = false,
}: {
  onSubmit: (values: Record<string, string>) => void;
  busy?: boolean;
}) {
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [remark, setRemark] = useState('');
  return (
    <Form label="账号登录" errorText={t} busy={busy} onSubmit={() => onSubmit({ account, password, remark })}>
      <TextField label="账号" value={account} onChange={setAccount} validate={required} required />
      <PasswordField label="密码" value={password} onChange={setPassword} validate={required} />
      <TextareaField label="备注" value={remark} onChange={setRemark} maxLength={150} />
      <Button variant="primary" type="submit" loading={busy} disabled={busy}>
        登 录
      </Button>
    </Form>
  );
}

/** Types into a field the way React notices, then puts the keyboard focus in it. */
const fill = (el: HTMLElement, value: string) => {
  fireEvent.input(el, { target: { value } });
  el.focus();
};

describe('Enter in a form', () => {
  afterEach(cleanup);

  it('submits once from a text field and once from a password field, with the values typed', async () => {
    const submitted: Record<string, string>[] = [];
    const { container } = await render(<SignInForm onSubmit={(v) => submitted.push(v)} />);
    const account = within(container).getByRole('textbox', { name: '账号' });
    const password = within(container).getByLabelText('密码');
    fireEvent.input(password, { target: { value: 'Hydro@2026' } });
    fill(account, 'admin');
    await press('Enter');
    expect(submitted).to.deep.equal([{ account: 'admin', password: 'Hydro@2026', remark: '' }]);

    password.focus();
    await press('Enter');
    expect(submitted).to.have.length(2);
  });

  it('validates like a click: shows every error, focuses the first invalid field and does not submit', async () => {
    const submitted: Record<string, string>[] = [];
    const { container } = await render(<SignInForm onSubmit={(v) => submitted.push(v)} />);
    const password = within(container).getByLabelText('密码');
    password.focus();
    await press('Enter');
    expect(submitted).to.have.length(0);
    const account = within(container).getByRole('textbox', { name: '账号', description: '此项为必填项' });
    expect(password.getAttribute('aria-invalid')).to.equal('true');
    expect(document.activeElement).to.equal(account);
  });

  it('submits once where the browser would also submit on its own (a native submit button, a single field)', async () => {
    const submitted: Record<string, string>[] = [];
    const { container } = await render(<SiteForm onSubmit={(v) => submitted.push(v)} />);
    fireEvent.change(within(container).getByRole('combobox', { name: '站点类型' }), {
      target: { value: 'hydro' },
    });
    fill(within(container).getByRole('textbox', { name: '站点名称' }), '一号水电站');
    await press('Enter');
    expect(submitted).to.have.length(1);

    function Unlock({ onUnlock }: { onUnlock: () => void }) {
      const [password, setPassword] = useState('');
      return (
        <Form label="解锁" onSubmit={onUnlock}>
          <PasswordField label="锁屏密码" value={password} onChange={setPassword} />
        </Form>
      );
    }
    let unlocks = 0;
    const single = await render(<Unlock onUnlock={() => unlocks++} />);
    fill(within(single.container).getByLabelText('锁屏密码'), 'secret');
    await press('Enter');
    expect(unlocks).to.equal(1);
  });

  it('makes a new line in a textarea and does not submit', async () => {
    const submitted: Record<string, string>[] = [];
    const { container } = await render(<SignInForm onSubmit={(v) => submitted.push(v)} />);
    fireEvent.input(within(container).getByRole('textbox', { name: '账号' }), { target: { value: 'admin' } });
    fireEvent.input(within(container).getByLabelText('密码'), { target: { value: 'Hydro@2026' } });
    const remark = within(container).getByRole('textbox', { name: '备注' }) as HTMLTextAreaElement;
    fill(remark, '第一行');
    await press('Enter');
    expect(remark.value).to.equal('第一行\n');
    expect(submitted).to.have.length(0);
  });

  it('does nothing while the form is busy, and submits again once it is not', async () => {
    const submitted: Record<string, string>[] = [];
    const view = await render(<SignInForm busy onSubmit={(v) => submitted.push(v)} />);
    const { container } = view;
    fireEvent.input(within(container).getByLabelText('密码'), { target: { value: 'Hydro@2026' } });
    fill(within(container).getByRole('textbox', { name: '账号' }), 'admin');
    await press('Enter');
    expect(submitted).to.have.length(0);
    expect(within(container).getByRole('textbox', { name: '账号' }).hasAttribute('aria-invalid')).to.equal(
      false,
    );

    await view.rerender(<SignInForm onSubmit={(v) => submitted.push(v)} />);
    await press('Enter');
    expect(submitted).to.have.length(1);
  });

  it('leaves an Enter that confirms an input method candidate to the input method', async () => {
    const submitted: Record<string, string>[] = [];
    const { container } = await render(<SignInForm onSubmit={(v) => submitted.push(v)} />);
    fireEvent.input(within(container).getByLabelText('密码'), { target: { value: 'Hydro@2026' } });
    const account = within(container).getByRole('textbox', { name: '账号' });
    fill(account, '张伟');
    fireEvent.keyDown(account, { key: 'Enter', isComposing: true });
    expect(submitted).to.have.length(0);
    fireEvent.keyDown(account, { key: 'Enter' });
    expect(submitted).to.have.length(1);
  });
});

describe('free text loses the disallowed characters of spec §5 (DECISIONS 12), passwords never', () => {
  afterEach(cleanup);

  function LeaveForm({ onSubmit }: { onSubmit: (values: Record<string, string>) => void }) {
    const [reason, setReason] = useState('');
    const [note, setNote] = useState('');
    const [code, setCode] = useState('');
    const [password, setPassword] = useState('');
    return (
      <Form label="请假申请" onSubmit={() => onSubmit({ reason, note, code, password })}>
        <TextField label="请假事由" value={reason} onChange={setReason} />
        <TextareaField label="备注" value={note} onChange={setNote} />
        <TextField label="表达式" value={code} onChange={setCode} sanitize={false} />
        <PasswordField label="密码" value={password} onChange={setPassword} />
        <Button type="submit">提交</Button>
      </Form>
    );
  }

  it('a non-site form strips < > and the rest as typed; a field may opt out; a password keeps all', async () => {
    const submitted: Record<string, string>[] = [];
    const { container } = await render(<LeaveForm onSubmit={(v) => submitted.push(v)} />);
    const view = within(container);
    fill(view.getByRole('textbox', { name: '请假事由' }), '<b>家中有事</b>');
    fill(view.getByRole('textbox', { name: '备注' }), '见`附件`{1}*');
    fill(view.getByRole('textbox', { name: '表达式' }), 'a<b');
    fill(view.getByLabelText('密码'), 'P<a>ss*');
    expect((view.getByRole('textbox', { name: '请假事由' }) as HTMLInputElement).value).to.equal(
      'b家中有事/b',
    );
    view.getByRole('button', { name: '提交' }).click();
    expect(submitted).to.deep.equal([
      { reason: 'b家中有事/b', note: '见附件1', code: 'a<b', password: 'P<a>ss*' },
    ]);
  });
});
