// Sums Vitest JSON reports into the one line CI reads: "N passed, N failed".
import { readFileSync } from "node:fs";

let passed = 0;
let failed = 0;
for (const file of process.argv.slice(2)) {
  try {
    const report = JSON.parse(readFileSync(file, "utf8"));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    // A file that failed to load has no failed tests but still failed.
    if (!report.success && report.numFailedTests === 0) failed += report.numFailedTestSuites || 1;
  } catch {
    console.error(`missing or unreadable test report: ${file}`);
    failed += 1;
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
