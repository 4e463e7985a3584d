import type { CallResult } from './helpers.ts';

// biome-ignore lint/suspicious/noExplicitAny: extras are JSON read back in tests
export type ExtraJson = { func: string; [key: string]: any };

/** The answer of an SSE body: its text, its extras, and whether it ended with [DONE]. */
export function answerOf(res: CallResult) {
  let content = '';
  let extras: ExtraJson[] = [];
  const events = res.text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => line.slice(6));
  for (const event of events) {
    if (event === '[DONE]') continue;
    const delta = JSON.parse(event).choices?.[0]?.delta ?? {};
    content += delta.content ?? '';
    if (delta.extra) extras = JSON.parse(delta.extra);
  }
  return { content, extras, done: events.at(-1) === '[DONE]' };
}
