// Every server test file in one process, in name order: `npm run test:server` (and the PostgreSQL pass).
// A process per file cost each file a second or more of start-up (Node, tsx, the server's modules), about
// a minute per pass on CI's two cores. Files run one after another, as node --test ran them.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const here = import.meta.dirname;
const only = process.env.OPS_TEST_FILES?.split(',').filter(Boolean);
for (const file of readdirSync(here)
  .filter((f) => f.endsWith('.test.ts'))
  .sort()) {
  if (only && !only.includes(file)) continue;
  try {
    await import(join(here, file));
  } catch (err) {
    // A file that does not load is a failure of the run, named, not a crash before the summary.
    test(`${file} loads`, () => {
      throw err;
    });
  }
}
