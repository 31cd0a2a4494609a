// Prints the plain closing line 'label: N passed, N failed, N skipped' from Vitest JSON reports, after
// the name and first message line of each failure, so the end of a CI log says what failed. Beside
// each report X.json, X-errors.json (from .ci/run-errors-reporter.mjs) holds what the JSON report
// leaves out: why a file failed with no failed test (a hook threw, it did not load), and errors thrown
// outside any test.
import { existsSync, readFileSync } from 'node:fs';

const firstLine = (text) =>
  (text ?? '')
    .split('\n')
    .find((line) => line.trim() !== '')
    ?.trim()
    .slice(0, 300) ?? '';
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

const [label, ...files] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
/** Each test file's wall-clock seconds, to name a pass's slowest files (README: CI). */
const durations = [];
for (const file of files) {
  if (!existsSync(file)) {
    failed += 1;
    console.log(`${file} is missing: that run did not finish`);
    continue;
  }
  const report = readJson(file);
  const errorsFile = file.replace(/\.json$/, '-errors.json');
  const runErrors = existsSync(errorsFile) ? readJson(errorsFile) : [];
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const suite of report.testResults ?? []) {
    if (suite.startTime && suite.endTime)
      durations.push({ name: suite.name, seconds: (suite.endTime - suite.startTime) / 1000 });
    const failures = (suite.assertionResults ?? []).filter((test) => test.status === 'failed');
    // A file that failed with no failed test (it did not load, a hook threw) counts once.
    if (suite.status === 'failed' && failures.length === 0) {
      failed += 1;
      const causes = runErrors.filter((error) => error.file === suite.name);
      if (causes.length === 0) console.log(`failed: ${suite.name}: ${firstLine(suite.message)}`);
      for (const cause of causes) console.log(`failed: ${suite.name} > ${cause.where}: ${firstLine(cause.message)}`);
    }
    for (const test of failures)
      console.log(`failed: ${suite.name} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
  }
  // An error outside any test fails the run whatever the tests did.
  for (const error of runErrors.filter((candidate) => candidate.file === null)) {
    failed += 1;
    console.log(`failed: ${error.where}: ${firstLine(error.message)}`);
  }
}
if (files.length === 1 && durations.length > 0) {
  const slowest = durations.sort((a, b) => b.seconds - a.seconds).slice(0, 5);
  const relative = (name) => name.replace(`${process.cwd()}/`, '');
  console.log(
    `slowest files: ${slowest.map((file) => `${relative(file.name)} ${file.seconds.toFixed(0)} s`).join(', ')}`,
  );
}
console.log(`${label}: ${passed} passed, ${failed} failed, ${skipped} skipped`);
// A failure anywhere fails CI, whatever exit code the runner gave.
if (failed > 0) process.exitCode = 1;
