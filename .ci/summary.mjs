// Prints the plain closing line 'label: N passed, N failed, N skipped' from Vitest JSON reports.
import { existsSync, readFileSync } from 'node:fs';

const [label, ...files] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of files) {
  if (!existsSync(file)) {
    failed += 1;
    console.log(`${file} is missing: that run did not finish`);
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0);
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}
console.log(`${label}: ${passed} passed, ${failed} failed, ${skipped} skipped`);
// A failure anywhere fails CI, whatever exit code the runner gave.
if (failed > 0) process.exitCode = 1;
