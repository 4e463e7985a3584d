// The files `npm run new:app <code>` writes for a new sub-app (scripts/new-app.mjs checks the code and
// writes them): a package, single-spa lifecycles, one page, its texts and styles, and one component test.

/** `energy-storage` → `Energy storage`, the page's heading until the team names it. */
export const titleOf = (code) => {
  const words = code.split('-').join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** `energy-storage` → `EnergyStorage`, the page component. */
export const componentOf = (code) =>
  code
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

/** The files of a new sub-app, `[relative path, content]`, formatted as the project's lint wants them. */
export function filesOf(code) {
  const Component = componentOf(code);
  const title = titleOf(code);
  const css = `ops-app-${code}`;
  // In the order the lint's import sorting keeps them (it puts './styles.css' before './stylesx').
  const pageImport = `import { ${Component} } from './${code}';`;
  const cssImport = "import stylesheet from './styles.css';";
  const pageFirst = code.startsWith('styles') ? code === 'styles' : code < 'styles';
  const entryImports = (pageFirst ? [pageImport, cssImport] : [cssImport, pageImport]).join('\n');
  const q = (text) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
  return [
    [
      'package.json',
      `${JSON.stringify(
        {
          name: `@ops/app-${code}`,
          version: '0.1.0',
          private: true,
          type: 'module',
          exports: { '.': './src/index.tsx' },
        },
        null,
        2,
      )}\n`,
    ],
    [
      'src/styles.css',
      `.${css} {
  margin: var(--ops-space-16);
  padding: var(--ops-space-20) var(--ops-space-24);
  background: var(--ops-bg);
  border-radius: var(--ops-radius);
  box-shadow: var(--ops-shadow-chrome);
  color: var(--ops-text);
}
.${css} h1 {
  margin: 0 0 var(--ops-space-12);
  font-size: var(--ops-font-size-xl);
  font-weight: 600;
}
.${css}__path {
  color: var(--ops-text-muted);
}
`,
    ],
    [
      `src/${code}.tsx`,
      `import { registerTexts, type SubAppProps } from '@ops/shared';
import { useLocation, useTexts } from '@ops/ui';
import { useId } from 'react';

/** The app code: the sub-app is active under \`/${code}\` (its menu items' paths start with it). */
const CODE = ${q(code)};
/** The sub-app's namespace in the console's one i18next instance. */
export const NS = \`app-\${CODE}\`;
/** The class styles.css scopes its rules under. */
const CLASS = \`ops-app-\${CODE}\`;

// Replace the title with the app's names in both languages: it is the page's heading.
registerTexts(NS, {
  zh: {
    title: ${q(title)},
    intro: '这是 {{code}} 子应用的首页。',
    path: '当前地址：{{path}}',
  },
  en: {
    title: ${q(title)},
    intro: 'This is the home page of the {{code}} sub-app.',
    path: 'Current address: {{path}}',
  },
});

/**
 * The sub-app's one page; it reads the URL. \`props\` is what the host hands a sub-app: its context
 * (\`http\`, \`session\`, \`navigate\`, \`signal\`...), \`mainView\`, and \`page.setTitle\` to name a page
 * that has no menu item of its own.
 */
export function ${Component}(props: SubAppProps) {
  const { t } = useTexts(NS);
  const { pathname, search } = useLocation();
  const titleId = useId();
  return (
    <article className={CLASS} aria-labelledby={titleId} data-app={props.name}>
      <h1 id={titleId}>{t('title')}</h1>
      <p>{t('intro', { code: CODE })}</p>
      <p className={\`\${CLASS}__path\`}>{t('path', { path: \`\${pathname}\${search}\` })}</p>
    </article>
  );
}
`,
    ],
    [
      `src/${code}.test.tsx`,
      `// The sub-app mounted through its lifecycles as the host mounts it (see test/contract/parcels.test.tsx).
import { expect } from '@esm-bundle/chai';
import { createBus, hostLifecycles, type PageApi, setLanguage } from '@ops/shared';
import { byRole, waitFor } from '../../../../test/support/dom';
import { testHostServices, testRuntime } from '../../../../test/support/runtime';
import * as app from './index';

const CODE = ${q(code)};
const TITLE = ${q(title)};

interface Props {
  name: string;
  domElement: HTMLElement;
  mainView: HTMLElement;
  page: PageApi;
}

describe(\`\${CODE} sub-app\`, () => {
  const startUrl = location.pathname + location.search;
  const containers: HTMLElement[] = [];

  afterEach(() => {
    for (const container of containers.splice(0)) container.remove();
    setLanguage('zh');
    history.replaceState(null, '', startUrl);
  });

  /** Mounts the sub-app at \`url\` the way the host does, with a bus of its own. */
  async function mountAt(url: string) {
    history.replaceState(null, '', url);
    const bus = createBus();
    const container = document.createElement('div');
    document.body.append(container);
    containers.push(container);
    const hosted = hostLifecycles<Props>(app, testHostServices(testRuntime({ bus })));
    const props: Props = {
      name: CODE,
      domElement: container,
      mainView: document.body,
      page: { setTitle() {} },
    };
    await hosted.bootstrap(props);
    await hosted.mount(props);
    return { bus, container, unmount: () => hosted.unmount(props) };
  }

  it('shows its heading and the address, and unmount leaves the container empty', async () => {
    const { bus, container, unmount } = await mountAt(\`/\${CODE}/index?tab=1\`);
    const heading = await waitFor(() => byRole(container, 'heading', TITLE));
    expect(heading.tagName).to.equal('H1');
    expect(container.textContent).to.contain(\`当前地址：/\${CODE}/index?tab=1\`);
    await unmount();
    expect(container.childNodes.length).to.equal(0);
    expect(bus.subscriberCount()).to.equal(0);
  });

  it('follows the language', async () => {
    const { container, unmount } = await mountAt(\`/\${CODE}/index\`);
    await waitFor(() => byRole(container, 'heading', TITLE));
    setLanguage('en');
    await waitFor(() => container.textContent?.includes(\`Current address: /\${CODE}/index\`));
    await unmount();
  });
});
`,
    ],
    // Last: the build takes a folder as a sub-app once its src/index.tsx exists.
    [
      'src/index.tsx',
      `import { reactLifecycles } from '@ops/ui';
${entryImports}

export const { bootstrap, mount, unmount } = reactLifecycles({
  rootComponent: ${Component},
  label: ${q(code)},
  stylesheets: [stylesheet],
});
`,
    ],
  ];
}
