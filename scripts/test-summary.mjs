// Prints one plain "N passed, N failed" line from the vitest and Playwright JSON reports;
// FAILED_CHECKS (typecheck, lint) adds to the failures.
import fs from 'node:fs';

let passed = 0;
let failed = Number(process.env.FAILED_CHECKS ?? 0);
let skipped = 0;
for (const file of process.argv.slice(2)) {
  if (!fs.existsSync(file)) {
    console.error(`test-summary: ${file} is missing (that runner did not finish)`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (report.numPassedTests !== undefined) {
    // vitest
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  } else {
    // Playwright
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
  }
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed ? 1 : 0);
