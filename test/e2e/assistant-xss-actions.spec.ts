import type { Page, Route } from '@playwright/test';
import {
  canvasBody,
  diagnosisBody,
  EVIL_HOST,
  historyBody,
  indexOf,
  instructOf,
  payloadsOf,
  XSS_PAYLOADS,
  xssItems,
} from '../support/xss-extras';
import { expect, test } from './fixtures';
import { ACCOUNTS, signIn } from './support';

// Answers show at once (no typing effect, spec §4): these tests look at blocks, not at the reveal.
test.use({ reducedMotion: 'reduce' });

// QUALITY S3/S4 over the assistant's action blocks (docs/assistant-actions.md, issue 26 item 7): every
// payload of the XSS corpus in every field of every one of the 22 functions' items, one answer per
// function, and the calls the blocks make answered with payload-laden bodies. No script runs (a payload
// that ran sets `window.__xss`; the fixture also fails on the CSP refusing an injected handler), no
// `javascript:` address and no injected element or handler is in the page, and nothing is requested off
// the console's own origin (the site config allows no other media origin).

const COMPLETIONS = '/api/hzgglm-model-business/v1/chat/completions';
const N = XSS_PAYLOADS.length;
const FUNCS = [
  'select_number',
  'choose_station',
  'stations_num',
  'choose_scada',
  'choose_canvas',
  'choose_video',
  'choose_fault',
  'choose_instruct',
  'choose_menu',
  'show_data',
  'show_param',
  'choose_yc',
  'confirm_yk',
  'control_device',
  'open_menu',
  'knowledge',
  'open_video',
  'open_canvas',
  'history_data',
  'open_instruct',
  'record',
  'result_diagnose',
] as const;

/** The media blocks are classed by their kind, the others by their function. */
const BLOCK_CLASS: Partial<Record<string, string>> = {
  open_video: 'video',
  open_canvas: 'canvas',
  history_data: 'history',
};

const envelope = (data: unknown) => JSON.stringify({ code: 200, success: true, msg: '', data });
const json = (route: Route, data: unknown) =>
  route.fulfill({ status: 200, contentType: 'application/json', body: envelope(data) });
const sse = (chunks: object[]) =>
  [...chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`), 'data: [DONE]\n\n'].join('');
const chatChunk = (delta: object) => ({ id: 'chat-0123456789abcdef01234567', choices: [{ delta }] });

/** Answers the chat with the items of `func()`, and every call of the blocks with payload-laden bodies. */
async function answerWithPayloads(page: Page, func: () => string) {
  await page.route(`**${COMPLETIONS}`, (route) => {
    const f = func();
    const realData = f === 'show_data' ? xssItems('show_data').flatMap((item) => item.data as object[]) : [];
    return route.fulfill({
      status: 200,
      contentType: 'text/event-stream',
      body: sse([
        chatChunk({ content: `XSS ${f} ` }),
        chatChunk({ extra: JSON.stringify(xssItems(f)), realData }),
        chatChunk({ content: '完' }),
      ]),
    });
  });
  const query = (route: Route, key: string) => new URL(route.request().url()).searchParams.get(key);
  await page.route('**/getHistoryLineDataByRealId?**', (route) =>
    json(route, historyBody(indexOf(query(route, 'realId')), Date.now())),
  );
  await page.route('**/getCanvasById?**', (route) => json(route, canvasBody(indexOf(query(route, 'id')))));
  await page.route('**/dataInstruct/list**', (route) =>
    json(
      route,
      XSS_PAYLOADS.map((_, i) => instructOf(i)),
    ),
  );
  await page.route('**/dataRecord/execute', (route) => {
    const i = indexOf((route.request().postDataJSON() as { instructId?: string }).instructId ?? null);
    const markdown = `${XSS_PAYLOADS[i]}\n\n![x](https://${EVIL_HOST}/out.png)\n\n指令完成`;
    const pieces = Array.from({ length: Math.ceil(markdown.length / 7) }, (_, k) =>
      markdown.slice(k * 7, k * 7 + 7),
    );
    return route.fulfill({
      status: 200,
      contentType: 'text/event-stream',
      body: sse(pieces.map((content) => chatChunk({ content }))),
    });
  });
  await page.route('**/api/xss-instruct/*', (route) => {
    const i = Number(new URL(route.request().url()).pathname.split('/').pop());
    return json(route, { content: `${XSS_PAYLOADS[i]}\n\n指令完成` });
  });
  await page.route('**/diagnosis/process?**', (route) =>
    json(route, diagnosisBody(indexOf(query(route, 'fdpId')))),
  );
}

/** What of a payload got into the page: injected elements, handlers, script addresses. */
function findings(page: Page, scope: string) {
  return page.evaluate((selector) => {
    const found: string[] = [];
    const roots = [...document.querySelectorAll(selector)];
    // The page's own (index.html's scripts and noscript) sit right under the body.
    for (const root of roots)
      for (const el of root.querySelectorAll(
        'script, iframe, frame, object, embed, base, meta, link, style, form, noscript, math',
      ))
        if (el.parentElement !== document.body) found.push(`element <${el.tagName.toLowerCase()}>`);
    for (const el of document.body.querySelectorAll('*'))
      for (const a of el.attributes) {
        if (/^on/i.test(a.name)) found.push(`${el.tagName} ${a.name}`);
        // Text attributes may hold a payload as text; an address attribute must not run or load a script.
        if (/^(aria-|alt$|title$|class$|style$)/.test(a.name)) continue;
        const value = a.value.replace(/\s/g, '').toLowerCase();
        if (/^(javascript|vbscript):|^data:(text\/html|image\/svg)/.test(value))
          found.push(`${el.tagName} ${a.name}=${a.value.slice(0, 40)}`);
      }
    return found;
  }, scope);
}

test(`admin: the XSS corpus (${N} payloads, their addresses off the allowlist) in every field of the 22 action functions runs no script and loads nothing off the origin`, async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const origin = new URL(baseURL ?? '').origin;
  const offsite: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(`${origin}/`)) offsite.push(url.slice(0, 120));
  });
  let func = 'select_number';
  await answerWithPayloads(page, () => func);
  await signIn(page, ACCOUNTS.admin);
  const robot = page.getByRole('button', { name: 'AI 助手' });
  const dialog = page.getByRole('dialog', { name: 'AI 助手' });
  const scripts = () => page.evaluate(() => (window as { __xss?: unknown }).__xss);

  for (const f of FUNCS) {
    func = f;
    await robot.click();
    await expect(dialog).toBeVisible();
    const question = dialog.getByRole('textbox', { name: '输入问题' });
    await question.fill(`XSS ${f}`);
    await question.press('Enter');
    const blocks = dialog.locator(`section.ops-assistant__action--${BLOCK_CLASS[f] ?? f}`);
    const items = payloadsOf(f).length;
    await expect(blocks, `${f}: one block per item`).toHaveCount(items, { timeout: 30_000 });
    // The blocks that call the server have answered (their payload-laden bodies are drawn).
    if (f === 'history_data')
      await expect(dialog.locator('.apexcharts-svg')).toHaveCount(items, { timeout: 60_000 });
    if (f === 'open_canvas')
      await expect(dialog.locator('svg.ops-canvas')).toHaveCount(items, { timeout: 30_000 });
    if (f === 'open_instruct' || f === 'record')
      await expect(dialog.locator('.ops-assistant__instruct[aria-busy="false"]')).toHaveCount(N, {
        timeout: 60_000,
      });

    // What an operator does with the blocks: hover a chart (its tooltip names the series), open a
    // source and preview a picture, open the remote-control dialog, open a diagnosis.
    if (f === 'history_data')
      for (const k of [0, 1, 5]) {
        await dialog.locator('.ops-chart__plot').nth(k).hover();
        await expect(dialog.locator('.apexcharts-tooltip-text-y-label').nth(k)).toHaveText(
          `${payloadsOf('history_data')[k]}: `,
        );
      }
    if (f === 'knowledge') {
      const block = blocks.nth(1);
      await block.getByRole('list', { name: '参考文档' }).getByRole('button').first().click();
      await expect(block.getByRole('alert').first()).toBeVisible();
      await block.getByRole('list', { name: '参考文档' }).getByRole('button').nth(1).click();
      await block
        .getByRole('button', { name: /^预览图片/ })
        .first()
        .click();
      const viewer = page.getByRole('dialog', { name: '图片预览' });
      // The viewer takes the focus and starts listening for Escape in one effect, after it is drawn.
      await expect(viewer.getByRole('button', { name: '关闭', exact: true })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(viewer).toHaveCount(0);
    }
    if (f === 'confirm_yk') {
      // The remote-control parcel looks the unknown item up and says, with its name, that it is not found.
      await blocks.first().getByRole('button').first().click();
      await expect(page.getByText(`未找到遥控项：${XSS_PAYLOADS[0]}`)).toBeVisible();
      expect(await findings(page, 'body'), `${f}: the remote-control parcel`).toEqual([]);
    }
    expect(await findings(page, '[role="dialog"]'), `${f}: the assistant's DOM`).toEqual([]);
    expect(await scripts(), `${f}: no script ran`).toBeUndefined();
    if (f === 'result_diagnose') {
      await blocks.first().getByRole('button', { name: '查看诊断过程' }).click();
      const diagnosis = page.getByRole('region', { name: '故障诊断' });
      await expect(diagnosis.getByRole('list', { name: '诊断过程' }).getByRole('listitem')).toHaveCount(2);
      expect(await findings(page, '#root, body > *'), `${f}: the diagnosis page`).toEqual([]);
    }
    if (await dialog.isVisible()) await dialog.getByRole('button', { name: '关闭', exact: true }).click();
    await expect(dialog).toHaveCount(0);
  }

  // The AI page beside the chat: the canvas or video its query names, with payloads in every part. The
  // corpus goes in six parts (all of it in one address is past the server's header limit, a 431); the
  // videos off the allowlist take the first part.
  const parts = Array.from({ length: 6 }, (_, k) => XSS_PAYLOADS.filter((_, i) => i % 6 === k).join(' '));
  for (const [pageFunc, data, words] of [
    ...parts.map((part) => ['open_canvas', 'xss-7', part] as const),
    ['open_video', `https://${EVIL_HOST}/page.mp4`, parts[0] as string],
    ['open_video', 'javascript:window.__xss=1', parts[1] as string],
  ] as const) {
    const query = new URLSearchParams({
      name: words,
      func: pageFunc,
      picResource: words,
      data: Buffer.from(data).toString('base64'),
      station_name: words,
    });
    await page.goto(`/intelligentSpeech/transmit?${query}`);
    await expect(page.getByRole('dialog', { name: 'AI 助手' })).toBeVisible();
    if (pageFunc === 'open_canvas') await expect(page.locator('svg.ops-canvas')).toHaveCount(1);
    else await expect(page.getByText('视频来源不在白名单内，已拦截').first()).toBeVisible();
    expect(await findings(page, 'body'), `the AI page with ${pageFunc}`).toEqual([]);
  }

  expect(await scripts(), 'no script ran').toBeUndefined();
  expect(offsite, 'no request off the console origin').toEqual([]);
});
