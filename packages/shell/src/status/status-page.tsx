import { Button } from '@ops/ui';
import { defineShellTexts, useShellText } from '../shared/i18n';
import { LanguageSwitch } from '../shared/public-frame';
import type { ShellServices } from '../shared/services';
import { usePublicStyles } from '../shared/use-public-styles';

export type StatusCode = 403 | 404 | 500;

const STATUS_TEXTS = defineShellTexts(
  'shell-status',
  {
    title403: '无权访问',
    body403: '抱歉，您没有访问此页面的权限。如需访问，请联系管理员。',
    title404: '页面不存在',
    body404: '抱歉，您访问的页面不存在或已被移除。',
    title500: '服务器错误',
    body500: '抱歉，服务器出现了问题，请稍后重试。',
    home: '返回首页',
    language: '语言',
  },
  {
    title403: 'No access',
    body403: 'Sorry, you do not have permission to open this page. Ask your administrator for access.',
    title404: 'Page not found',
    body404: 'Sorry, the page you asked for does not exist or has been removed.',
    title500: 'Server error',
    body500: 'Sorry, something went wrong on the server. Please try again later.',
    home: 'Back to home',
    language: 'Language',
  },
);

/** The illustration: a signal tower over a screen, in the --ops-* tokens: the accent is the status's colour. */
function StatusArt({ code }: { code: StatusCode }) {
  const accent = `var(${code === 403 ? '--ops-warning' : code === 404 ? '--ops-primary' : '--ops-danger'})`;
  return (
    <svg className="ops-status__art" viewBox="0 0 240 160" aria-hidden="true">
      <ellipse cx="120" cy="146" rx="96" ry="8" fill="var(--ops-art-ground)" />
      <rect
        x="46"
        y="40"
        width="148"
        height="96"
        rx="8"
        fill="var(--ops-bg)"
        stroke="var(--ops-art-outline)"
        strokeWidth="3"
      />
      <rect x="46" y="40" width="148" height="18" rx="8" fill="var(--ops-art-title-bar)" />
      <circle cx="60" cy="49" r="3" fill={accent} />
      <circle cx="71" cy="49" r="3" fill="var(--ops-art-outline)" />
      <text
        x="120"
        y="112"
        textAnchor="middle"
        fontSize="38"
        fontWeight="700"
        fill={accent}
        fontFamily="Arial, sans-serif"
      >
        {code}
      </text>
    </svg>
  );
}

/** `/403`, `/404`, `/500`: illustration, title, explanation and a button home. */
export function StatusPage({
  code,
  services,
  home = '/',
}: {
  code: StatusCode;
  services: ShellServices;
  home?: string;
}) {
  usePublicStyles();
  const { t, lang } = useShellText(STATUS_TEXTS);
  return (
    <main className="ops-public ops-status" lang={lang === 'en' ? 'en' : 'zh-CN'}>
      <div className="ops-login__top">
        <LanguageSwitch language={services.language} lang={lang} label={t('language')} />
      </div>
      <section className="ops-status__panel" aria-labelledby="ops-status-title">
        <StatusArt code={code} />
        <div className="ops-status__text">
          <p className="ops-status__code">{code}</p>
          <h1 id="ops-status-title">{t(`title${code}`)}</h1>
          <p className="ops-status__body">{t(`body${code}`)}</p>
          <Button variant="primary" size="large" onClick={() => services.navigate(home, { replace: true })}>
            {t('home')}
          </Button>
        </div>
      </section>
    </main>
  );
}
