// A Vitest reporter that writes the errors Vitest's JSON report leaves out: a failed beforeAll/afterAll
// (the describe block's error; its tests only show as skipped), a file that did not load, and errors
// thrown outside any test. .ci/summary.mjs prints them beside the failed tests, so the end of a CI log
// says why a file failed. It writes to the file named by RUN_ERRORS_FILE.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const describe = (error) => ({ message: error.message ?? String(error), stack: error.stack ?? '' });

export default class RunErrorsReporter {
  onTestRunEnd(testModules, unhandledErrors) {
    const file = process.env.RUN_ERRORS_FILE;
    if (!file) return;
    const errors = [];
    for (const testModule of testModules) {
      for (const error of testModule.errors())
        errors.push({ file: testModule.moduleId, where: 'file', ...describe(error) });
      for (const suite of testModule.children.allSuites()) {
        for (const error of suite.errors())
          errors.push({ file: testModule.moduleId, where: suite.fullName, ...describe(error) });
      }
    }
    for (const error of unhandledErrors) errors.push({ file: null, where: 'outside any test', ...describe(error) });
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(errors, null, 2));
  }
}
