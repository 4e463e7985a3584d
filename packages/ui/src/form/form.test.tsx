import { expect } from '@esm-bundle/chai';
import { useState } from 'react';
import { blur, cleanup, click, getByRole, inAct, render, type } from '../test-support';
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
    const name = getByRole<HTMLInputElement>(container, 'textbox', '*站点名称');
    expect(name.hasAttribute('aria-invalid')).to.equal(false);
    await blur(name);
    expect(name.getAttribute('aria-invalid')).to.equal('true');
    const described = document.getElementById(name.getAttribute('aria-describedby')!);
    expect(described?.textContent).to.equal('此项为必填项');
    await type(name, '一号水电站');
    expect(name.hasAttribute('aria-invalid')).to.equal(false);
    expect(name.hasAttribute('aria-describedby')).to.equal(false);
  });

  it('passes the validator parameters to the error text', async () => {
    const { container } = await render(<SiteForm onSubmit={() => {}} />);
    const linkman = getByRole<HTMLInputElement>(container, 'textbox', '联系人');
    await type(linkman, 'x'.repeat(21));
    expect(linkman.hasAttribute('aria-invalid')).to.equal(false);
    await blur(linkman);
    expect(document.getElementById(linkman.getAttribute('aria-describedby')!)?.textContent).to.equal(
      '最多 20 个字符',
    );
  });

  it('validates every field on submit, focuses the first invalid one and does not submit', async () => {
    const submitted: Record<string, string>[] = [];
    const { container } = await render(<SiteForm onSubmit={(v) => submitted.push(v)} />);
    await click(getByRole(container, 'button', '保存'));
    expect(submitted).to.have.length(0);
    const name = getByRole(container, 'textbox', '*站点名称');
    const select = getByRole(container, 'combobox', '站点类型');
    expect(name.getAttribute('aria-invalid')).to.equal('true');
    expect(select.getAttribute('aria-invalid')).to.equal('true');
    expect(document.activeElement).to.equal(name);

    await type(name as HTMLInputElement, '二号站');
    const selectEl = select as HTMLSelectElement;
    selectEl.value = 'storage';
    await inAct(() => selectEl.dispatchEvent(new Event('change', { bubbles: true })));
    expect(select.hasAttribute('aria-invalid')).to.equal(false);
    await click(getByRole(container, 'button', '保存'));
    expect(submitted).to.deep.equal([
      { name: '二号站', linkman: '', type: 'storage', remark: '', password: '' },
    ]);
  });

  it('counts characters in a textarea against its limit and enforces it', async () => {
    const { container } = await render(<SiteForm onSubmit={() => {}} />);
    const remark = getByRole<HTMLTextAreaElement>(container, 'textbox', '意见反馈');
    expect(remark.maxLength).to.equal(150);
    await type(remark, '水轮机振动偏大');
    const counter = container.querySelector('.ops-field__counter') as HTMLElement;
    expect(counter.querySelector('[aria-hidden]')?.textContent).to.equal('7/150');
    const description = document.getElementById(remark.getAttribute('aria-describedby')!);
    expect(description?.textContent).to.equal('已输入 7 个字符，最多 150 个');
  });

  it('shows a counter on a text field (index title, 50)', async () => {
    function Title() {
      const [v, setV] = useState('运维控制台');
      return <TextField label="首页标题" value={v} onChange={setV} maxLength={50} showCounter />;
    }
    const { container } = await render(<Title />);
    const input = getByRole<HTMLInputElement>(container, 'textbox', '首页标题');
    expect(input.maxLength).to.equal(50);
    expect(container.querySelector('.ops-field__counter [aria-hidden]')?.textContent).to.equal('5/50');
  });

  it('toggles password visibility with a named button', async () => {
    const { container } = await render(<SiteForm onSubmit={() => {}} />);
    const password = getByRole<HTMLInputElement>(container, 'textbox', '锁屏密码');
    expect(password.type).to.equal('password');
    const toggle = getByRole(container, 'button', '显示密码');
    await click(toggle);
    expect(password.type).to.equal('text');
    expect(getByRole(container, 'button', '隐藏密码').getAttribute('aria-pressed')).to.equal('true');
  });
});
