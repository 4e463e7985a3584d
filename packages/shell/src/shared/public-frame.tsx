import { type Language, type LanguageView, LOGIN_THEME } from '@ops/shared';
import { Button, type ButtonProps } from '@ops/ui';
import type { ReactNode } from 'react';

/** The zh / en switch of the public pages (the choice persists through the language service). */
export function LanguageSwitch({
  language,
  lang,
  label,
}: {
  language: LanguageView;
  lang: Language;
  label: string;
}) {
  return (
    <fieldset className="ops-lang-switch">
      <legend className="ops-ui-visually-hidden">{label}</legend>
      {(['zh', 'en'] as const).map((code) => (
        <button
          key={code}
          type="button"
          lang={code === 'zh' ? 'zh-CN' : 'en'}
          aria-pressed={lang === code}
          onClick={() => language.set(code)}
        >
          {code === 'zh' ? '中文' : 'English'}
        </button>
      ))}
    </fieldset>
  );
}

/**
 * The full-screen frame of every public page: the station scene, the language switch, the page's card. Its
 * `data-login-theme` names the sign-in look (spec §9 login theme, 'one'); a second look would style it.
 */
export function PublicFrame({
  language,
  lang,
  languageLabel,
  className = '',
  children,
}: {
  language: LanguageView;
  lang: Language;
  languageLabel: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <main
      className={`ops-public ops-login ${className}`.trim()}
      lang={lang === 'en' ? 'en' : 'zh-CN'}
      data-login-theme={LOGIN_THEME}
    >
      <StationArt />
      <div className="ops-login__top">
        <LanguageSwitch language={language} lang={lang} label={languageLabel} />
      </div>
      {children}
    </main>
  );
}

/**
 * A calm station scene behind the login card: dam, water, turbines and a battery yard, in SVG. Its colours
 * are the frame's --ops-art-* tokens, so a theme class on <html> recolours it.
 */
export function StationArt() {
  return (
    <svg
      className="ops-login__art"
      viewBox="0 0 1600 900"
      preserveAspectRatio="xMidYMax slice"
      aria-hidden="true"
    >
      <defs>
        <linearGradient id="ops-art-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="var(--ops-art-sky-top)" />
          <stop offset="1" stopColor="var(--ops-art-sky-bottom)" />
        </linearGradient>
        <linearGradient id="ops-art-water" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="var(--ops-art-water-top)" />
          <stop offset="1" stopColor="var(--ops-art-water-bottom)" />
        </linearGradient>
      </defs>
      <rect width="1600" height="900" fill="url(#ops-art-sky)" />
      <path
        d="M0 560 L220 420 L380 500 L560 360 L760 520 L940 410 L1120 500 L1320 380 L1600 520 V900 H0Z"
        fill="var(--ops-art-hills-far)"
      />
      <path
        d="M0 640 L300 540 L520 600 L780 520 L1040 610 L1300 540 L1600 620 V900 H0Z"
        fill="var(--ops-art-hills-near)"
      />
      <rect x="0" y="700" width="1600" height="200" fill="url(#ops-art-water)" />
      <g fill="var(--ops-art-dam)">
        <path d="M180 700 L240 560 H420 L480 700Z" />
        <rect x="250" y="600" width="24" height="100" fill="var(--ops-art-steel)" />
        <rect x="318" y="600" width="24" height="100" fill="var(--ops-art-steel)" />
        <rect x="386" y="600" width="24" height="100" fill="var(--ops-art-steel)" />
      </g>
      <g stroke="var(--ops-art-steel)" strokeWidth="4" fill="none">
        <path d="M1180 700 V520 M1160 540 H1200 M1165 580 H1195" />
        <path d="M1300 700 V500 M1278 522 H1322 M1284 566 H1316" />
        <path d="M1180 540 Q1240 560 1300 522" />
      </g>
      <g fill="var(--ops-art-battery)">
        <rect x="1380" y="640" width="56" height="60" rx="4" />
        <rect x="1444" y="640" width="56" height="60" rx="4" />
        <rect x="1508" y="640" width="56" height="60" rx="4" />
      </g>
      <g stroke="var(--ops-art-ripple)" strokeWidth="3" opacity="0.7">
        <path d="M80 760 H200 M520 790 H680 M900 760 H1040 M1200 800 H1380" />
      </g>
    </svg>
  );
}

/** The main action of a public page's card (sign in, submit, unlock): primary, large, full width. */
export function CardButton(props: Omit<ButtonProps, 'variant' | 'size' | 'block' | 'className'>) {
  return <Button className="ops-login__submit" variant="primary" size="large" block {...props} />;
}
