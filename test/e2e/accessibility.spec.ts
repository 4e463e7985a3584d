import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { leavesOf, trackRequests } from './menu-walk-support';
import { ACCOUNTS, captchaCount, newestCaptcha, signIn, userMenu } from './support';

// Issue 30 item 5: accessibility checked, not assumed. axe-core (the standard rules engine) runs on the
// routes and dialogs in zh and en, in the default and the named themes. It fails on 'serious' and
// 'critical' findings of WCAG 2.0/2.1 A and AA; each test prints and attaches what it visited and the counts.
// CI budget (the e2e step is the critical path): one signed-in page walks everything (in-app navigation,
// no second sign-in). Each page and dialog gets every rule once (zh, default theme), then, in English with
// the dark theme (hzblack) on, the rules a language or a theme can break (texts, contrast) in one run; the
// login page and the home page with the chrome get the contrast in every named theme, switched in place
// (a class on <html>, no reload).

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const NAMED_THEMES = ['theme-hzblue', 'theme-hzblack', 'theme-hzvisual'] as const;
/** What a dialog or menu check looks at: the open layer alone (the page under it was checked already). */
const OPEN_LAYER = '[role="menu"], [role="dialog"], sl-dialog[open], sl-drawer[open]';
/** A page check after the first looks at the main view alone (the chrome around it was checked already). */
const MAIN_VIEW = '#ops-main-view';
/** What a theme can break. */
const CONTRAST = ['color-contrast'];
/**
 * What a language can break: the rules that read the texts (a missing English text leaves a control
 * without a name) and the page's language.
 */
const TEXT_RULES = [
  'button-name',
  'link-name',
  'label',
  'select-name',
  'input-button-name',
  'aria-command-name',
  'aria-input-field-name',
  'aria-toggle-field-name',
  'aria-dialog-name',
  'aria-progressbar-name',
  'aria-meter-name',
  'aria-tooltip-name',
  'image-alt',
  'role-img-alt',
  'svg-img-alt',
  'document-title',
  'html-has-lang',
  'html-lang-valid',
  'valid-lang',
];
/** English in the dark theme: the texts and the colours in one run. */
const EN_DARK = [...TEXT_RULES, ...CONTRAST];

/**
 * axe-core's source, the copy the Playwright integration itself uses. The integration evaluates it in
 * every frame twice per run (most of a check's time on this machine); a page keeps it once given, so
 * `withAxe` gives it to a frame that lacks it, and the builder's own injection is a no-op.
 */
const integration = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(
  integration.resolve('axe-core/axe.min.js', {
    paths: [dirname(integration.resolve('@axe-core/playwright'))],
  }),
  'utf8',
);
const ALREADY_THERE = 'void 0';

async function withAxe(page: Page) {
  for (const frame of page.frames()) {
    const has = await frame.evaluate(() => 'axe' in window).catch(() => true);
    if (!has) await frame.evaluate(AXE_SOURCE);
  }
}

interface Visit {
  what: string;
  serious: number;
  minor: number;
  rules: string[];
}

/** The visits of one test, attached and asserted at its end. */
function auditor(page: Page, info: TestInfo) {
  const visits: Visit[] = [];
  const found: string[] = [];
  let ms = 0;
  const t0 = Date.now();
  return {
    /** Runs axe on the page as it is now (or on `include` alone) and records the result. */
    async check(what: string, include?: string, rules?: readonly string[]) {
      // Legacy mode runs axe in the page itself: the default opens a blank page per run to merge the
      // frames' results (the console has no frames), which cost about a second a check.
      const started = Date.now();
      await withAxe(page);
      let builder = new AxeBuilder({ page, axeSource: ALREADY_THERE })
        .setLegacyMode(true)
        .options({ resultTypes: ['violations'] });
      builder = rules ? builder.withRules([...rules]) : builder.withTags(TAGS);
      // A layer whose role sits in a shadow root (axe's selectors do not reach it) is checked with its page.
      if (include && (await page.evaluate((css) => !!document.querySelector(css), include))) {
        builder = builder.include(include);
      }
      const { violations } = await builder.analyze();
      ms += Date.now() - started;
      const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      if (process.env.AXE_TRACE)
        console.log(`${Date.now() - t0} ms: ${what} (axe ${Date.now() - started} ms)`);
      visits.push({
        what,
        serious: serious.reduce((n, v) => n + v.nodes.length, 0),
        minor: violations.length - serious.length,
        rules: serious.map((v) => `${v.id}×${v.nodes.length}`),
      });
      for (const v of serious) {
        for (const node of v.nodes.slice(0, 3)) {
          found.push(`${what}: ${v.id} (${v.impact}) ${node.target.join(' ')} ${node.failureSummary ?? ''}`);
        }
      }
    },
    async finish() {
      const table = visits.map((v) => `${v.what}: serious/critical ${v.serious}, minor rules ${v.minor}`);
      await info.attach('axe-visits.txt', { body: table.join('\n'), contentType: 'text/plain' });
      const summary = `axe: ${visits.length} states checked, ${ms} ms in axe`;
      info.annotations.push({ type: 'axe', description: summary });
      console.log(`${summary}\n${table.join('\n')}`);
      expect(found, found.join('\n')).toEqual([]);
    },
  };
}

/** A named theme is its class on <html> and nothing else (theme.ts themeLook): it is applied the same way. */
async function applyTheme(page: Page, theme: string) {
  await page.evaluate(
    ([named, all]) => {
      const html = document.documentElement;
      html.classList.remove(...all);
      if (named) html.classList.add(named);
    },
    [theme, NAMED_THEMES as readonly string[]] as const,
  );
}

/** Goes to `path` inside the running console (single-spa reroutes on pushState): no reload, no sign-in. */
async function go(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

test('signed out: the login page, its tabs and forgot-password, in zh and en and every theme', async ({
  page,
}, info) => {
  const audit = auditor(page, info);
  for (const language of ['zh', 'en'] as const) {
    // zh gets every rule; en the rules that read texts.
    const rules = language === 'zh' ? undefined : TEXT_RULES;
    await page.addInitScript((lang) => localStorage.setItem('saber-language', lang), language);
    const before = captchaCount();
    await page.goto('/login');
    await newestCaptcha(before);
    const tabs = page.getByRole('tab');
    await expect(tabs.first()).toBeVisible();
    // As loaded: the site's theme (the seed's is hzblue); then the contrast in each theme.
    await audit.check(`login ${language} site theme`, undefined, rules);
    for (const theme of ['', ...NAMED_THEMES]) {
      await applyTheme(page, theme);
      await audit.check(`login ${language} ${theme || 'default'} (contrast)`, undefined, CONTRAST);
    }
    await applyTheme(page, '');
    const count = await tabs.count();
    for (let i = 1; i < count; i++) {
      await tabs.nth(i).click();
      await audit.check(`login tab ${i + 1} ${language}`, undefined, rules);
    }
    await tabs.first().click();
    await page.getByRole('link', { name: language === 'zh' ? '忘记密码' : 'Forgot password' }).click();
    await expect(
      page.getByRole('heading', { name: language === 'zh' ? '找回密码' : 'Reset your password' }),
    ).toBeVisible();
    await audit.check(`forgot password ${language}`, undefined, rules);
    for (const status of ['/404', '/403', '/500']) {
      await page.goto(status);
      await audit.check(`${status} ${language}`, undefined, rules);
    }
  }
  await audit.finish();
});

type Audit = ReturnType<typeof auditor>;

/** Checks what is open now by every rule (or `rules`), then its colours in each named theme, switched in place. */
async function checkInThemes(
  page: Page,
  audit: Audit,
  what: string,
  include?: string,
  rules?: readonly string[],
) {
  // The default theme ('': no class; a page loads in the site's theme) first.
  await applyTheme(page, '');
  await audit.check(`${what} default`, include, rules);
  for (const theme of NAMED_THEMES) {
    await applyTheme(page, theme);
    await audit.check(`${what} ${theme} (contrast)`, include, CONTRAST);
  }
  await applyTheme(page, '');
}

test("signed in as 100001/admin: every menu page, the chrome's dialogs, in zh and en and every theme", async ({
  page,
}, info) => {
  test.setTimeout(240_000);
  const audit = auditor(page, info);
  await signIn(page, ACCOUNTS.admin);
  const requests = trackRequests(page);
  const main = page.locator('#ops-main-view');
  const leaves = await leavesOf(page);
  const fixed = ['/index', '/noticeinfo/info', '/info/index', '/site/switch', '/intelligentSpeech/transmit'];
  const paths = [...new Set([...fixed, ...leaves.filter((l) => !l.iframe).map((l) => l.path)])];
  const open = async (path: string) => {
    await go(page, path);
    await requests.settled();
    await expect(main.getByRole('heading').first(), path).toBeVisible();
  };
  // Every page in zh by every rule in the default theme (the dark one comes with English below); the
  // home page, with the chrome around it, in every theme.
  for (const path of paths) {
    await open(path);
    if (path === '/index') await checkInThemes(page, audit, `${path} zh`);
    else await audit.check(`${path} zh default`, MAIN_VIEW);
  }

  const banner = page.getByRole('banner');
  /**
   * Each dialog and menu of the chrome, opened once and checked: in zh by every rule; in en (the dark
   * theme on) by the texts and the contrast.
   */
  const dialogs = async (lang: 'zh' | 'en') => {
    const zh = lang === 'zh';
    const check = (what: string, include?: string) =>
      zh
        ? audit.check(`${what} zh default`, include)
        : audit.check(`${what} en theme-hzblack`, include, EN_DARK);
    const layer = async (what: string, show: () => Promise<void>) => {
      await show();
      await check(what, OPEN_LAYER);
      await page.keyboard.press('Escape');
    };
    await go(page, '/index');
    await requests.settled();
    await layer('user menu', async () => {
      await banner.locator('.ops-user-menu [aria-haspopup="menu"]').click();
      await expect(page.getByRole('menu')).toBeVisible();
    });
    await layer('language menu', async () => {
      await banner.locator(`.ops-chrome-top__icon-button[aria-label="${zh ? '语言' : 'Language'}"]`).click();
      await expect(page.getByRole('menu')).toBeVisible();
    });
    await layer('search', async () => {
      await page.getByRole('button', { name: zh ? '搜索菜单' : 'Search menu' }).click();
      await expect(page.getByRole('dialog', { name: zh ? '搜索菜单' : 'Search menu' })).toBeVisible();
    });
    await layer('notices', async () => {
      await banner.getByRole('button', { name: zh ? /^通知，/ : /^Notices, / }).click();
      await requests.settled();
    });
    await layer('theme drawer', async () => {
      await page.getByRole('button', { name: zh ? '主题设置' : 'Theme settings' }).click();
      await expect(page.getByRole('dialog', { name: zh ? '主题设置' : 'Theme settings' })).toBeVisible();
    });
    // The assistant's page (a menu item) leaves its dialog open; the robot opens it otherwise.
    const assistant = page.getByRole('dialog', { name: zh ? 'AI 助手' : 'AI assistant' });
    if (!(await assistant.isVisible())) await page.locator('.ops-robot').click();
    await requests.settled();
    await check('assistant', '.ops-assistant-slot');
    await assistant.getByRole('button', { name: zh ? '关闭' : 'Close', exact: true }).click();
    await expect(assistant).toBeHidden();
    await go(page, '/inspect/robotTask/index');
    await requests.settled();
    await layer('remote control', async () => {
      await main
        .getByRole('button', { name: zh ? '遥控' : 'Control' })
        .first()
        .click();
      await expect(page.getByRole('dialog', { name: zh ? '远程控制' : 'Remote control' })).toBeVisible();
      await requests.settled();
    });
  };
  await dialogs('zh');

  // English, in the dark theme: every page and dialog by the rules that read texts and the contrast.
  await page.evaluate(() => localStorage.setItem('saber-language', 'en'));
  await page.reload();
  await applyTheme(page, 'theme-hzblack');
  for (const path of paths) {
    await open(path);
    await audit.check(`${path} en theme-hzblack`, path === '/index' ? undefined : MAIN_VIEW, EN_DARK);
  }
  await dialogs('en');
  await applyTheme(page, '');
  await userMenu(page, 'Lock');
  // The lock screen first asks for a lock password in a dialog.
  await expect(page.getByRole('dialog', { name: 'Lock screen' })).toBeVisible();
  await audit.check('lock screen dialog en', OPEN_LAYER);
  await page.evaluate(() => localStorage.setItem('saber-language', 'zh'));
  await audit.finish();
});
