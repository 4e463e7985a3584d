// A node:test reporter that prints the closing line CI reads, `server: N passed, N failed, N skipped`,
// after the spec reporter's output. Suites are not tests; a suite counts as one failure only when it
// fails by itself (a hook, or code that throws outside any test), not because a test inside it failed.
// The exit code stays node --test's own: non-zero when anything failed.
export default async function* summaryReporter(source) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for await (const event of source) {
    const data = event.data;
    const suite = data?.details?.type === 'suite';
    if (event.type === 'test:pass' && !suite) {
      if (data.skip || data.todo) skipped += 1;
      else passed += 1;
    } else if (event.type === 'test:fail') {
      if (!suite || data.details?.error?.failureType !== 'subtestsFailed') failed += 1;
    }
  }
  // The same suite on PostgreSQL (npm run test:server:pg) names its engine.
  const label = process.env.OPS_TEST_DATABASE_URL ? 'server (PostgreSQL)' : 'server';
  yield `\n${label}: ${passed} passed, ${failed} failed, ${skipped} skipped\n`;
}
