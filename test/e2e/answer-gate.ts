import type { Page } from '@playwright/test';

/** How far the page may read an answer: all of it, none of it, or until its text holds `text`. */
type Rule = { kind: 'open' } | { kind: 'hold' } | { kind: 'until'; text: string };

declare global {
  interface Window {
    __answerGate?: { set(rule: Rule): void };
  }
}

export interface AnswerGate {
  /** The next events wait (the answer stays running) until the rule changes. */
  hold(): Promise<void>;
  /** Events pass until the answer's text (reasoning and content) contains `text`; then they wait. */
  until(text: string): Promise<void>;
  /** Everything passes again, the held events first. */
  release(): Promise<void>;
}

/**
 * Paces the assistant's answers at the page's `fetch`: the reference server answers as always and the
 * console's stream reads it, but its events reach the page only as far as the test lets them. "While the
 * answer streams" becomes a state the test holds and looks at, instead of a race against the server's
 * 30 ms chunks on a loaded machine (where the answer could end before the test looked). An abort by the
 * page (stop, close) cancels the real request as before. Call before the page loads.
 */
export async function gateAnswers(page: Page, path: string): Promise<AnswerGate> {
  await page.addInitScript((completions: string) => {
    let rule: Rule = { kind: 'open' };
    const waiting = new Set<() => void>();
    const passes = (text: string) =>
      rule.kind === 'open' || (rule.kind === 'until' && !text.includes(rule.text));
    const turn = (text: string) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (!passes(text)) return;
          waiting.delete(check);
          resolve();
        };
        waiting.add(check);
        check();
      });
    window.__answerGate = {
      set(next) {
        rule = next;
        for (const check of [...waiting]) check();
      },
    };
    /** The reasoning and content an event adds (an OpenAI chunk's delta). */
    const textOf = (event: string) =>
      event
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => {
          try {
            const delta = JSON.parse(line.slice(5)).choices?.[0]?.delta ?? {};
            return `${delta.reasoning_content ?? ''}${delta.content ?? ''}`;
          } catch {
            return '';
          }
        })
        .join('');

    const realFetch = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const response = await realFetch(input, init);
      const url = new URL(input instanceof Request ? input.url : String(input), location.href);
      const streamed = /event-stream/.test(response.headers.get('Content-Type') ?? '');
      if (url.pathname !== completions || !streamed || !response.body) return response;
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      const encoder = new TextEncoder();
      let buffer = '';
      let text = '';
      let canceled = false;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          for (;;) {
            const cut = buffer.indexOf('\n\n');
            if (cut >= 0) {
              await turn(text);
              if (canceled) return;
              const event = buffer.slice(0, cut + 2);
              buffer = buffer.slice(cut + 2);
              text += textOf(event);
              controller.enqueue(encoder.encode(event));
              return;
            }
            const { done, value } = await reader.read();
            if (done) {
              buffer += decoder.decode();
              if (buffer) controller.enqueue(encoder.encode(buffer));
              controller.close();
              return;
            }
            buffer += decoder.decode(value, { stream: true });
          }
        },
        cancel(reason) {
          canceled = true;
          return reader.cancel(reason);
        },
      });
      const { status, statusText, headers } = response;
      return new Response(body, { status, statusText, headers });
    };
  }, path);
  const set = (rule: Rule) => page.evaluate((next) => window.__answerGate?.set(next), rule);
  return {
    hold: () => set({ kind: 'hold' }),
    until: (text) => set({ kind: 'until', text }),
    release: () => set({ kind: 'open' }),
  };
}
