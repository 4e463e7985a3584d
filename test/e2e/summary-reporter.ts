import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Prints the closing line CI reads: `e2e: N passed, N failed, N skipped`. */
export default class SummaryReporter implements Reporter {
  private readonly outcomes = new Map<string, TestCase['outcome'] extends () => infer O ? O : never>();

  onTestEnd(test: TestCase, _result: TestResult) {
    this.outcomes.set(test.id, test.outcome());
  }

  onEnd(_result: FullResult) {
    const values = [...this.outcomes.values()];
    const passed = values.filter((o) => o === 'expected' || o === 'flaky').length;
    const skipped = values.filter((o) => o === 'skipped').length;
    const failed = values.length - passed - skipped;
    process.stdout.write(`\ne2e: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
