import { defineShellTexts, useShellText } from '../shared/i18n';

const HOME_TEXTS = defineShellTexts(
  'shell-pages',
  { welcome: '欢迎使用运维控制台', welcomeBody: '从左侧菜单打开子应用。' },
  { welcome: 'Welcome to the operations console', welcomeBody: 'Open a sub-app from the menu on the left.' },
);

/** `/index`: the home page of the chrome. */
export function HomePage() {
  const { t } = useShellText(HOME_TEXTS);
  return (
    <section className="ops-shell-page" aria-labelledby="ops-welcome-title">
      <h1 id="ops-welcome-title">{t('welcome')}</h1>
      <p>{t('welcomeBody')}</p>
    </section>
  );
}
