// QUALITY P6: the assistant streams a 20 KB markdown answer with no main-thread task over 50 ms, and its
// markdown work grows linearly (no re-parse of the whole answer per character). Runs the built console
// (npm run build first) on the reference server, whose assistant is pointed (ASSISTANT_UPSTREAM_URL) at
// a small OpenAI-compatible server started here that streams a markdown answer of 5, 20 and 80 KB in
// small chunks. For each size, in the page: the time to the first token rendered, until the whole answer
// is shown, the longest task, and the scripting time (Chrome's ScriptDuration) over the answer. Prints JSON.
import { createServer } from 'node:http';
import { noticeDialogsSeen } from '../support/notice-flags.mjs';
import { runBench } from './reference-server.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 4183);
const SIZES_KB = [5, 20, 80];
const CHUNK_CHARS = 20;
const CHUNK_EVERY_MS = 4;
const BUDGET_TASK_MS = 50;

/** A markdown answer of about `kb` KB: headings, paragraphs, lists, tables and code, ending with a mark. */
function answerOf(kb) {
  const parts = [];
  let size = 0;
  for (let i = 1; size < kb * 1024; i += 1) {
    const section = [
      `### 第 ${i} 节 运行分析`,
      '',
      `机组 ${i} 今日运行平稳，**有功功率**维持在额定值的 80% 左右，详见下表与 \`G${i}.P\` 测点。`,
      '',
      '| 设备 | 测点 | 数值 |',
      '| --- | --- | ---: |',
      `| ${i}号机组 | 有功功率 | ${(40 + (i % 7)).toFixed(2)} MW |`,
      `| ${i}号机组 | 定子温度 | ${(60 + (i % 5)).toFixed(1)} ℃ |`,
      '',
      `- 建议一：关注 ${i} 号机组上导轴承温度`,
      '- 建议二：按计划开展巡检',
      '',
      '```',
      `check unit ${i}`,
      '```',
      '',
    ].join('\n');
    parts.push(section);
    size += Buffer.byteLength(section);
  }
  parts.push('BENCH-END');
  return parts.join('');
}

// The OpenAI-compatible upstream: streams the answer asked for ("bench <kb>") in small paced chunks.
const upstream = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => {
    body += chunk;
  });
  req.on('end', async () => {
    const question = JSON.parse(body).messages.at(-1).content;
    const kb = Number(/bench (\d+)/.exec(question)?.[1] ?? 5);
    const text = answerOf(kb);
    res.writeHead(200, { 'Content-Type': 'text/event-stream' });
    let closed = false;
    res.on('close', () => {
      closed = true;
    });
    const chars = Array.from(text);
    for (let i = 0; i < chars.length && !closed; i += CHUNK_CHARS) {
      const content = chars.slice(i, i + CHUNK_CHARS).join('');
      res.write(
        `data: ${JSON.stringify({ id: 'chat-0123456789abcdef01234567', choices: [{ delta: { content } }] })}\n\n`,
      );
      await new Promise((resolve) => setTimeout(resolve, CHUNK_EVERY_MS));
    }
    res.end('data: [DONE]\n\n');
  });
});
await new Promise((resolve) => upstream.listen(0, '127.0.0.1', resolve));
process.env.ASSISTANT_UPSTREAM_URL = `http://127.0.0.1:${upstream.address().port}/v1`;

const round = (value) => Math.round(value * 10) / 10;

try {
  await runBench({
    name: 'assistant',
    port: PORT,
    signIn: { account: 'admin', password: 'Hydro@2026' },
    // The notices parcel's once-per-session alarm and warning dialogs count as seen (they open by
    // themselves for an administrator and would cover the robot).
    before: (page) => page.addInitScript(noticeDialogsSeen, { tenantId: '100001', account: 'admin' }),
    async measure(page) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Performance.enable');
      const scriptSeconds = async () =>
        (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ScriptDuration').value;

      const results = {};
      for (const kb of SIZES_KB) {
        await page.getByRole('button', { name: 'AI 助手' }).click();
        const dialog = page.getByRole('dialog', { name: 'AI 助手' });
        await dialog.waitFor();
        await page.evaluate(() => {
          window.__bench = { longest: 0, longTasks: 0 };
          window.__benchObserver?.disconnect();
          window.__benchObserver = new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) {
              window.__bench.longest = Math.max(window.__bench.longest, entry.duration);
              window.__bench.longTasks += 1;
            }
          });
          window.__benchObserver.observe({ type: 'longtask' });
        });
        const box = dialog.getByRole('textbox', { name: '输入问题' });
        await box.fill(`bench ${kb}`);
        const scriptBefore = await scriptSeconds();
        // In the page: from Enter until the first answer text is painted, and until the whole answer is shown.
        const timing = await page.evaluate(() => {
          const box = document.querySelector('[aria-label="输入问题"]');
          return new Promise((resolve) => {
            const start = performance.now();
            let first = 0;
            box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
            const check = () => {
              const answers = document.querySelectorAll('.ops-assistant__markdown');
              const text = answers[answers.length - 1]?.textContent ?? '';
              if (!first && text.length > 0) first = performance.now() - start;
              if (text.includes('BENCH-END')) {
                requestAnimationFrame(() => resolve({ first, whole: performance.now() - start }));
                return;
              }
              requestAnimationFrame(check);
            };
            requestAnimationFrame(check);
          });
        });
        const scripting = (await scriptSeconds()) - scriptBefore;
        const tasks = await page.evaluate(() => window.__bench);
        results[`${kb}KB`] = {
          firstTokenMs: round(timing.first),
          wholeAnswerMs: round(timing.whole),
          longestTaskMs: round(tasks.longest),
          tasksOver50ms: tasks.longTasks,
          scriptingMs: round(scripting * 1000),
        };
        await dialog.getByRole('button', { name: '关闭' }).click();
      }
      const ratio = (a, b) => round(results[a].scriptingMs / results[b].scriptingMs);
      return {
        P6: {
          what: `a markdown answer streamed in ${CHUNK_CHARS}-character chunks every ${CHUNK_EVERY_MS} ms: time to the first token rendered, until the whole answer is shown, the longest main-thread task and the scripting time`,
          budget: { longestTaskMs: BUDGET_TASK_MS },
          withinBudget: results['20KB'].longestTaskMs <= BUDGET_TASK_MS,
          sizes: results,
          scriptingGrowth: {
            '20KB/5KB': ratio('20KB', '5KB'),
            '80KB/20KB': ratio('80KB', '20KB'),
            linearWouldBe: 4,
          },
        },
      };
    },
  });
} finally {
  upstream.closeAllConnections();
  upstream.close();
}
