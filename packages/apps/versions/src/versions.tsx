import { registerTexts, type SubAppProps } from '@ops/shared';
import { useLocation, useTexts } from '@ops/ui';
import { useId } from 'react';

/** The app code: the sub-app is active under `/versions` (its menu items' paths start with it). */
const CODE = 'versions';
/** The sub-app's namespace in the console's one i18next instance. */
export const NS = `app-${CODE}`;
/** The class styles.css scopes its rules under. */
const CLASS = `ops-app-${CODE}`;

// Replace the title with the app's names in both languages: it is the page's heading.
registerTexts(NS, {
  zh: {
    title: 'Versions',
    intro: '这是 {{code}} 子应用的首页。',
    path: '当前地址：{{path}}',
  },
  en: {
    title: 'Versions',
    intro: 'This is the home page of the {{code}} sub-app.',
    path: 'Current address: {{path}}',
  },
});

/**
 * The sub-app's one page; it reads the URL. `props` is what the host hands a sub-app: its context
 * (`http`, `session`, `navigate`, `signal`...), `mainView`, and `page.setTitle` to name a page
 * that has no menu item of its own.
 */
export function Versions(props: SubAppProps) {
  const { t } = useTexts(NS);
  const { pathname, search } = useLocation();
  const titleId = useId();
  return (
    <article className={CLASS} aria-labelledby={titleId} data-app={props.name}>
      <h1 id={titleId}>{t('title')}</h1>
      <p>{t('intro', { code: CODE })}</p>
      <p className={`${CLASS}__path`}>{t('path', { path: `${pathname}${search}` })}</p>
    </article>
  );
}
