import { defaultReporter } from '@web/test-runner';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './test/support/chromium.mjs';
import { summaryReporter } from './test/support/summary-reporter.mjs';
import { esbuildBundle } from './test/support/wtr-esbuild.mjs';

export default {
  files: [
    'root-config/src/**/*.test.{ts,tsx}',
    'packages/*/src/**/*.test.{ts,tsx}',
    'packages/apps/*/src/**/*.test.{ts,tsx}',
    'test/contract/**/*.test.{ts,tsx}',
    '!packages/server/**',
  ],
  nodeResolve: false,
  concurrency: 2,
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    }),
  ],
  plugins: [esbuildBundle()],
  reporters: [defaultReporter(), summaryReporter('unit')],
  testFramework: { config: { timeout: 10000 } },
  testsFinishTimeout: 180000,
};
