// Adds up Vitest's JSON reports and prints the one closing line CI reads: "N passed, N failed".
// A report that is missing (its run never got to the tests) counts as one failure.
// Each failure is named just above that line (file, test and the first line of its message), so the
// tail of a CI log says what failed without scrolling back through the runs.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

let passed = 0;
let failed = 0;
const failures = [];
const firstLine = (text) => String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').find((line) => line.trim() !== '')?.trim().slice(0, 300) ?? '';

for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.error(`no test report at ${file}: that run failed before its tests`);
    failed += 1;
    failures.push(`${path.basename(file)}: no report (the run failed before its tests)`);
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  for (const result of report.testResults ?? []) {
    const where = `${path.basename(file)}: ${path.relative(process.cwd(), result.name)}`;
    for (const assertion of result.assertionResults ?? []) {
      if (assertion.status === 'failed') failures.push(`${where} > ${assertion.fullName}: ${firstLine(assertion.failureMessages?.[0])}`);
    }
    // Files that failed to load have no tests counted; count each as a failure.
    if (result.status === 'failed' && (result.assertionResults ?? []).length === 0) {
      failed += 1;
      failures.push(`${where}: the file failed to load: ${firstLine(result.message)}`);
    }
  }
}
for (const failure of failures) console.log(`FAILED ${failure}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
