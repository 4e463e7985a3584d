// Prints the closing line CI reads (`unit: N passed, N failed`) once the process exits: the progress
// bar of the default reporter erases anything written earlier.
export function summaryReporter(label) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const count = (suite) => {
    for (const test of suite.tests ?? []) {
      if (test.skipped) skipped += 1;
      else if (test.passed) passed += 1;
      else failed += 1;
    }
    for (const child of suite.suites ?? []) count(child);
  };
  return {
    onTestRunFinished({ sessions }) {
      passed = 0;
      failed = 0;
      skipped = 0;
      for (const session of sessions) {
        if (session.testResults) count(session.testResults);
        // A file that failed to load or threw outside a test counts as one failure.
        if (!session.passed && (session.errors?.length ?? 0) > 0) failed += 1;
      }
      process.once('exit', () => {
        process.stdout.write(`\n${label}: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
      });
    },
  };
}
