import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { leavesOf, trackRequests } from './menu-walk-support';
import { ACCOUNTS, captchaCount, newestCaptcha, signIn, userMenu } from './support';

// Issue 30 item 5: accessibility checked, not assumed. axe-core (the standard rules engine) runs on the
// routes and dialogs in zh and en, in the default and the named themes. It fails on 'serious' and
// 'critical' findings of WCAG 2.0/2.1 A and AA; each test attaches what it visited and the counts.
// CI budget: one signed-in page walks everything (in-app navigation, no second sign-in); every menu page
// is checked once in zh and the default theme, the other languages and themes on a sample.

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const NAMED_THEMES = ['theme-hzblue', 'theme-hzblack', 'theme-hzvisual'] as const;
/** What a dialog or menu check looks at: the open layer alone (the page under it was checked already). */
const OPEN_LAYER = '[role="menu"], [role="dialog"], sl-dialog[open], sl-drawer[open]';
/** A page check after the first looks at the main view alone (the chrome around it was checked already). */
const MAIN_VIEW = '#ops-main-view';

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
    async check(what: string, include?: string) {
      let builder = new AxeBuilder({ page }).withTags(TAGS);
      // A layer whose role sits in a shadow root (axe's selectors do not reach it) is checked with its page.
      if (include && (await page.evaluate((css) => !!document.querySelector(css), include))) {
        builder = builder.include(include);
      }
      const started = Date.now();
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
  for (const language of ['zh', 'en']) {
    await page.addInitScript((lang) => localStorage.setItem('saber-language', lang), language);
    const before = captchaCount();
    await page.goto('/login');
    await newestCaptcha(before);
    const tabs = page.getByRole('tab');
    await expect(tabs.first()).toBeVisible();
    for (const theme of ['', ...NAMED_THEMES]) {
      await applyTheme(page, theme);
      await audit.check(`login ${language} ${theme || 'default'}`);
    }
    await applyTheme(page, '');
    const count = await tabs.count();
    for (let i = 1; i < count; i++) {
      await tabs.nth(i).click();
      await audit.check(`login tab ${i + 1} ${language}`);
    }
    const forgot = page.getByRole('button', { name: /忘记密码|Forgot password/ });
    if (await forgot.count()) {
      await tabs.first().click();
      await forgot.first().click();
      await audit.check(`forgot password ${language}`);
    }
    for (const status of ['/404', '/403', '/500']) {
      await page.goto(status);
      await audit.check(`${status} ${language}`);
    }
  }
  await audit.finish();
});

/** Opens a top-bar control's dialog or menu, checks it, and closes it with Escape. */
async function dialogCheck(
  page: Page,
  audit: ReturnType<typeof auditor>,
  what: string,
  open: () => Promise<void>,
) {
  await open();
  await audit.check(what, OPEN_LAYER);
  await page.keyboard.press('Escape');
}

test("signed in as 100001/admin: every menu page, the chrome's dialogs, in zh and en and every theme", async ({
  page,
}, info) => {
  test.setTimeout(300_000);
  const audit = auditor(page, info);
  await signIn(page, ACCOUNTS.admin);
  const requests = trackRequests(page);
  const main = page.locator('#ops-main-view');
  const leaves = await leavesOf(page);
  const fixed = ['/index', '/noticeinfo/info', '/info/index', '/site/switch', '/intelligentSpeech/transmit'];
  const paths = [...new Set([...fixed, ...leaves.filter((l) => !l.iframe).map((l) => l.path)])];
  const visit = async (path: string, label: string, scoped = true) => {
    await go(page, path);
    await requests.settled();
    await expect(main.getByRole('heading').first(), path).toBeVisible();
    await audit.check(`${path} ${label}`, scoped ? MAIN_VIEW : undefined);
  };
  for (const path of paths) await visit(path, 'zh default', path !== '/index');

  const banner = page.getByRole('banner');
  const dialogs = async (label: string, lang: 'zh' | 'en') => {
    const zh = lang === 'zh';
    await go(page, '/index');
    await requests.settled();
    await dialogCheck(page, audit, `user menu ${label}`, async () => {
      await banner.locator('.ops-user-menu [aria-haspopup="menu"]').click();
      await expect(page.getByRole('menu')).toBeVisible();
    });
    await dialogCheck(page, audit, `language menu ${label}`, async () => {
      await banner.locator(`.ops-chrome-top__icon-button[aria-label="${zh ? '语言' : 'Language'}"]`).click();
      await expect(page.getByRole('menu')).toBeVisible();
    });
    await dialogCheck(page, audit, `search ${label}`, async () => {
      await page.getByRole('button', { name: zh ? '搜索菜单' : 'Search menu' }).click();
      await expect(page.getByRole('dialog', { name: zh ? '搜索菜单' : 'Search menu' })).toBeVisible();
    });
    await dialogCheck(page, audit, `notices ${label}`, async () => {
      await banner.getByRole('button', { name: zh ? /^通知，/ : /^Notices, / }).click();
      await requests.settled();
    });
    await dialogCheck(page, audit, `theme drawer ${label}`, async () => {
      await page.getByRole('button', { name: zh ? '主题设置' : 'Theme settings' }).click();
      await expect(page.getByRole('dialog', { name: zh ? '主题设置' : 'Theme settings' })).toBeVisible();
    });
    // The assistant's page (a menu item) leaves its dialog open; the robot opens it otherwise.
    const assistant = page.getByRole('dialog', { name: zh ? 'AI 助手' : 'AI assistant' });
    if (!(await assistant.isVisible())) await page.locator('.ops-robot').click();
    await requests.settled();
    await audit.check(`assistant ${label}`, '.ops-assistant-slot');
    await assistant.getByRole('button', { name: zh ? '关闭' : 'Close', exact: true }).click();
    await expect(assistant).toBeHidden();
    await go(page, '/inspect/robotTask/index');
    await requests.settled();
    await dialogCheck(page, audit, `remote control ${label}`, async () => {
      await main
        .getByRole('button', { name: zh ? '遥控' : 'Control' })
        .first()
        .click();
      await expect(page.getByRole('dialog', { name: zh ? '远程控制' : 'Remote control' })).toBeVisible();
      await requests.settled();
    });
  };
  await dialogs('zh default', 'zh');

  // The named themes and English on a sample: the home page with its chrome, the dialogs in the dark theme
  // and in English (every dialog once per combination would cost a minute of CI time).
  for (const theme of NAMED_THEMES) {
    await applyTheme(page, theme);
    await visit('/index', `zh ${theme}`, false);
  }
  await applyTheme(page, 'theme-hzblack');
  await dialogs('zh theme-hzblack', 'zh');
  await applyTheme(page, '');
  await page.evaluate(() => localStorage.setItem('saber-language', 'en'));
  await page.reload();
  await visit('/index', 'en default', false);
  await dialogs('en default', 'en');
  await applyTheme(page, 'theme-hzblack');
  await visit('/index', 'en theme-hzblack', false);
  await applyTheme(page, '');
  await userMenu(page, 'Lock');
  // The lock screen first asks for a lock password in a dialog.
  await expect(page.getByRole('dialog', { name: 'Lock screen' })).toBeVisible();
  await audit.check('lock screen dialog en', OPEN_LAYER);
  await page.evaluate(() => localStorage.setItem('saber-language', 'zh'));
  await audit.finish();
});
