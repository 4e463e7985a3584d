import { test as base, expect } from '@playwright/test';
import { BASE_PORT } from './ports.mjs';

/**
 * Every page of every test fails on an uncaught page error or a Content-Security-Policy violation, so
 * each test also checks that the console runs cleanly under the server's strict policy.
 */
export const test = base.extend<{ problems: string[] }>({
  // The worker's own reference server (playwright.config.ts starts one per worker).
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use, testInfo) => {
    await use(`http://127.0.0.1:${BASE_PORT + testInfo.parallelIndex}`);
  },
  problems: async ({ page }, use) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
        problems.push(`CSP: ${message.text()}`);
      }
    });
    await use(problems);
    expect(problems).toEqual([]);
  },
});

export { expect };
