// Adds up the vitest JSON reports written during a CI run and prints one closing line.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const folder = 'test-results';
let passed = 0;
let failed = 0;
let skipped = 0;
for (const name of existsSync(folder) ? readdirSync(folder).filter((file) => file.endsWith('.json')) : []) {
  const report = JSON.parse(readFileSync(`${folder}/${name}`, 'utf8'));
  passed += report.numPassedTests ?? 0;
  // A suite whose hook failed counts its tests as skipped: count the suite as a failure.
  failed += (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0);
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
