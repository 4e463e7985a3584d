import type { FullResult, Reporter, TestCase, TestError, TestResult } from '@playwright/test/reporter';

/** Prints the closing line CI reads: `e2e: N passed, N failed, N skipped`. */
export default class SummaryReporter implements Reporter {
  private readonly outcomes = new Map<string, TestCase['outcome'] extends () => infer O ? O : never>();

  private errors = 0;

  /** A spec that fails to load, or an error outside any test, counts as a failure. */
  onError(_error: TestError) {
    this.errors += 1;
  }

  onTestEnd(test: TestCase, _result: TestResult) {
    this.outcomes.set(test.id, test.outcome());
  }

  onEnd(_result: FullResult) {
    const values = [...this.outcomes.values()];
    const passed = values.filter((o) => o === 'expected' || o === 'flaky').length;
    const skipped = values.filter((o) => o === 'skipped').length;
    const failed = values.length - passed - skipped + this.errors;
    process.stdout.write(`\ne2e: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
