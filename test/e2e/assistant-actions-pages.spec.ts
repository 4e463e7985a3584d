import {
  askFor,
  blockAfter,
  EN,
  expectChartLine,
  expectVideoPlays,
  openAssistant,
  ZH,
} from './assistant-actions-support';
import { expect, test } from './fixtures';
import { ACCOUNTS, screenshots, signIn } from './support';

// Answers show at once (no typing effect, spec §4): these tests look at blocks, not at the reveal.
test.use({ reducedMotion: 'reduce' });

// Issue 26 in a real browser, beyond the Chinese dialog (assistant-actions.spec.ts): the action blocks in
// English (a picker, a table, the chart, the PDF viewer), the AI page's query (the canvas or video beside
// the chat) and the diagnosis page, as 100001/admin.

const VIDEO_URL = '/api/hzinfo-video/file/demo-video.webm';
const CANVAS_API = '/api/hzinfo-data-scada/scada/canvas/getCanvasById';
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

test.describe('in English', () => {
  test.afterEach(async ({ page }) => {
    await page.evaluate(() => localStorage.setItem('saber-language', 'zh')).catch(() => undefined);
  });

  test('a station picker, the real-data table, the history chart and the PDF viewer have English names', async ({
    page,
  }) => {
    const dialog = await openAssistant(page, 'en');
    const stations = await askFor(dialog, EN.choose_station, 'Stations', 'en');
    const shown = await blockAfter(
      dialog,
      'Real-time data',
      () =>
        stations
          .getByRole('list', { name: 'Stations' })
          .getByRole('button', { name: /^飞来峡水电站/ })
          .click(),
      'en',
    );
    const table = shown.getByRole('table', { name: 'Real-time data' });
    for (const header of ['Station', 'Device', 'Parameter', 'Time', 'Value'])
      await expect(table.getByRole('columnheader', { name: header })).toBeVisible();

    const title = '飞来峡水电站 1号机组 有功功率';
    const chart = await askFor(dialog, EN.history_data, title, 'en');
    await expectChartLine(chart, title, 'No data');
    await expect(chart.getByText(/^\d{4}-\d\d-\d\d 00:00:00 to /)).toBeVisible();
    await chart.scrollIntoViewIfNeeded();
    await screenshots(page, 'assistant-action-history-en');

    const sources = await askFor(dialog, EN.knowledge, 'Sources', 'en');
    const docs = sources.getByRole('list', { name: 'Source documents' }).getByRole('button');
    await expect(docs).toHaveCount(1);
    const doc = (await docs.first().textContent()) ?? '';
    await docs.first().click();
    const viewer = sources.getByRole('group', { name: doc });
    await expect(viewer.getByRole('img', { name: `${doc}, Page 1` })).toHaveAttribute(
      'data-rendered-page',
      '1',
      { timeout: 20_000 },
    );
    const pager = viewer.getByRole('navigation', { name: 'Pagination' });
    await expect(pager.getByText('3 pages')).toBeVisible();
    await pager.getByRole('button', { name: 'Next page' }).click();
    await expect(viewer.getByRole('img', { name: `${doc}, Page 2` })).toHaveAttribute(
      'data-rendered-page',
      '2',
      { timeout: 20_000 },
    );
    await expect(sources.getByRole('button', { name: 'Close the document' })).toBeVisible();
    await sources.scrollIntoViewIfNeeded();
    await screenshots(page, 'assistant-action-pdf-en');
  });
});

test('the AI page shows the video or the canvas its query names beside the chat; a bad address says so', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.admin);
  const transmit = (query: Record<string, string>) =>
    page.goto(`/intelligentSpeech/transmit?${new URLSearchParams(query)}`);

  // The video: named by the query, beside the chat, and it plays.
  await transmit({
    name: '大坝全景',
    func: 'open_video',
    data: base64(VIDEO_URL),
    station_name: '飞来峡水电站',
  });
  const chat = page.getByRole('dialog', { name: 'AI 助手' });
  await expect(chat).toBeVisible({ timeout: 15_000 });
  const side = page.getByRole('region', { name: '大坝全景' });
  await expect(side.getByText('飞来峡水电站')).toBeVisible();
  await expectVideoPlays(side.getByLabel('大坝全景', { exact: true }));
  await screenshots(page, 'assistant-page-video');

  // The canvas: its id is the one the chat's own canvas answer loads.
  const canvasIds: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === CANVAS_API) canvasIds.push(url.searchParams.get('id') ?? '');
  });
  await askFor(chat, ZH.open_canvas, '飞来峡水电站 主接线图');
  await expect.poll(() => canvasIds.length, { timeout: 20_000 }).toBeGreaterThan(0);
  await transmit({
    name: '飞来峡主接线图',
    func: 'open_canvas',
    data: base64(canvasIds[0] ?? ''),
    station_name: '飞来峡水电站',
  });
  const canvasSide = page.getByRole('region', { name: '飞来峡主接线图' });
  await expect(canvasSide.getByRole('img')).toContainText(/有功功率\s*[0-9.]+\s*MW/, { timeout: 20_000 });
  await expect(page.getByRole('dialog', { name: 'AI 助手' })).toBeVisible();
  await screenshots(page, 'assistant-page-canvas');

  // data that is not base64 of an address: the side says so, the chat stays.
  await transmit({ name: '坏链接', func: 'open_canvas', data: '%%%not-base64' });
  await expect(page.getByRole('region', { name: '坏链接' }).getByRole('alert')).toHaveText(
    '链接中的画面或视频地址无法识别',
  );
  await expect(page.getByRole('dialog', { name: 'AI 助手' })).toBeVisible();
});

test('the diagnosis page: the steps in order with their outcomes, the current step marked; no fdpId says so', async ({
  page,
}) => {
  const path = '/operational/DefectManagement/components/Diagnostic-process';
  // A fault of the chat's answer: the page's query as the diagnose block builds it.
  const dialog = await openAssistant(page);
  const block = await askFor(dialog, ZH.result_diagnose, '1号机组定子温度偏高');
  await block.getByRole('button', { name: '查看诊断过程' }).click();
  await expect(page).toHaveURL(new RegExp(`${path}\\?`));
  const ord = new URL(page.url()).searchParams.get('ord');
  const diagnosis = page.getByRole('region', { name: '故障诊断' });
  const steps = diagnosis.getByRole('list', { name: '诊断过程' }).getByRole('listitem');
  await expect(steps).toHaveCount(4, { timeout: 20_000 });
  for (const [i, step] of (await steps.all()).entries()) {
    await expect(step).toContainText(String(i + 1));
    await expect(step).toContainText(/正常|异常|未知/);
  }
  const current = diagnosis.locator('[aria-current="step"]');
  await expect(current).toHaveCount(1);
  await expect(current).toContainText(ord ?? '');
  await expect(diagnosis.getByRole('term').filter({ hasText: '设备' })).toBeVisible();
  await screenshots(page, 'assistant-diagnosis-page');

  await page.goto(`${path}?func=result_diagnose&recordname=x`);
  const missing = page.getByRole('region', { name: '故障诊断' });
  await expect(missing.getByRole('alert')).toHaveText('链接没有指明故障（缺少 fdpId）', { timeout: 15_000 });
});
