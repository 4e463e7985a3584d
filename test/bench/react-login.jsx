// The bench's second floor: the same sign-in form as static-login.html (same markup, same CSS), rendered
// by React 19 from one plain script (React and this component only: no SystemJS, single-spa, i18n, RxJS
// or runtime). test/bench/login.mjs bundles it with esbuild when it starts and serves it next to the static
// floor; the console's P0 minus this page's is what the console's own code costs on top of React.
import { useState } from 'react';
import { createRoot } from 'react-dom/client';

const TABS = ['账号密码', '手机验证码', '第三方登录', '扫码登录'];

function Field({ name, label, type = 'text', autoComplete }) {
  const [value, setValue] = useState('');
  return (
    <label>
      <span className="hidden">{label}</span>
      <input
        name={name}
        type={type}
        placeholder={label}
        autoComplete={autoComplete}
        required
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
    </label>
  );
}

function Login() {
  const [tab, setTab] = useState(0);
  const [language, setLanguage] = useState('zh');
  return (
    <>
      <fieldset className="lang">
        <legend>语言</legend>
        <button type="button" aria-pressed={language === 'zh'} onClick={() => setLanguage('zh')}>
          中文
        </button>
        <button type="button" aria-pressed={language === 'en'} onClick={() => setLanguage('en')}>
          English
        </button>
      </fieldset>
      <main className="card" aria-labelledby="title">
        <h1 id="title">运维控制台</h1>
        <p>水电站 · 储能电站运维平台</p>
        <div className="tabs" role="tablist" aria-label="登录方式">
          {TABS.map((text, index) => (
            <button
              key={text}
              type="button"
              role="tab"
              aria-selected={tab === index}
              onClick={() => setTab(index)}
            >
              {text}
            </button>
          ))}
        </div>
        <form
          method="post"
          action="/login"
          aria-label="账号密码"
          onSubmit={(event) => event.preventDefault()}
        >
          <Field name="tenantId" label="租户ID" />
          <Field name="account" label="账号" autoComplete="username" />
          <Field name="password" label="密码" type="password" autoComplete="current-password" />
          <div className="captcha">
            <Field name="captcha" label="验证码" autoComplete="off" />
            <button type="button" aria-label="验证码图片，点击刷新">
              7DEU
            </button>
          </div>
          <button type="submit">登 录</button>
        </form>
      </main>
    </>
  );
}

const root = document.createElement('div');
root.style.display = 'contents';
document.body.append(root);
createRoot(root).render(<Login />);
