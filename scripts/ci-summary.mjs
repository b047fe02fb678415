// Closing summary of a CI run: which suites ran and which did not, what each counted, and one
// closing line. Reads the vitest JSON reports in test-results/ and the steps .ci/run recorded in
// test-results/ci-steps.tsv (step name, exit code), so a suite that never started says so.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

const folder = 'test-results';

const none = () => ({ passed: 0, failed: 0, skipped: 0 });

/**
 * Tests of a vitest JSON report, path replays apart: a machine's paths replayed on the machine
 * itself (`*.model.test.ts`: they show it runs, the prediction moves with it) and the same paths
 * replayed on the rendered screen (`*.replay.test.tsx`: they test the implementation).
 */
function countsOf(report) {
  const counts = { tests: none(), replays: none(), screenReplays: none(), brokenFiles: 0, failures: [] };
  for (const file of report.testResults ?? []) {
    const bucket = /\.model\.test\.[jt]sx?$/.test(file.name) ? counts.replays : /\.replay\.test\.[jt]sx?$/.test(file.name) ? counts.screenReplays : counts.tests;
    const where = relative(process.cwd(), file.name);
    // A file that failed before its tests ran (an import, a hook) has no results: count it as failed.
    if (file.status === 'failed' && (file.assertionResults ?? []).every((test) => test.status !== 'failed')) {
      counts.brokenFiles += 1;
      counts.failures.push({ where, title: '(the file failed before its tests)', message: file.message });
    }
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'passed') bucket.passed += 1;
      else if (test.status === 'failed') {
        bucket.failed += 1;
        counts.failures.push({ where, title: test.fullName ?? test.title, message: test.failureMessages?.[0] });
      } else bucket.skipped += 1;
    }
  }
  return counts;
}

/** The first line of a failure's message, enough to tell one failure from another in a CI log. */
const firstLine = (message) => (message ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').find((line) => line.trim())?.trim().slice(0, 200) ?? '';

function readReport(name) {
  const path = `${folder}/${name}.json`;
  return existsSync(path) ? countsOf(JSON.parse(readFileSync(path, 'utf8'))) : undefined;
}

const steps = new Map(
  existsSync(`${folder}/ci-steps.tsv`)
    ? readFileSync(`${folder}/ci-steps.tsv`, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split('\t'))
        .map(([step, code]) => [step, Number(code)])
    : [],
);

const suites = [
  { title: 'unit, machines, views and server suites (PGlite)', report: 'unit', step: 'npm test', counted: true },
  { title: 'browser suite (Chromium, real server)', report: 'e2e', step: 'npm test', counted: true },
  { title: 're-run: the server suite on PostgreSQL (not added)', report: 'unit-postgres', step: 'server on PostgreSQL', counted: false },
  { title: 're-run: the browser suite on PostgreSQL (not added; the two-instance journey runs only here)', report: 'e2e-postgres', step: 'browser on PostgreSQL', counted: false },
  { title: 're-run: the server suite on Node 22, PGlite (not added)', report: 'unit-node22', step: 'server on Node 22', counted: false },
];

const total = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const replays = none();
const screenReplays = none();
const format = ({ passed, failed, skipped }) => `${passed} passed, ${failed} failed, ${skipped} skipped`;
// The first column as wide as its longest title, so that no result runs into its title.
const width = Math.max(...suites.map((suite) => suite.title.length), ...[...steps.keys()].map((step) => `step: ${step}`.length)) + 2;
console.log('suite'.padEnd(width) + 'result');
for (const suite of suites) {
  const counts = readReport(suite.report);
  let result;
  if (!counts) {
    const code = steps.get(suite.step);
    result = code === undefined ? 'did not run' : `did not run (its step "${suite.step}" ended with exit code ${code} before this suite reported)`;
    total.failed += 1;
  } else {
    total.failed += counts.tests.failed + counts.replays.failed + counts.screenReplays.failed + counts.brokenFiles;
    failures.push(...counts.failures.map((failure) => ({ suite: suite.report, ...failure })));
    if (suite.counted) {
      total.passed += counts.tests.passed;
      total.skipped += counts.tests.skipped;
      replays.passed += counts.replays.passed;
      replays.skipped += counts.replays.skipped;
      screenReplays.passed += counts.screenReplays.passed;
      screenReplays.skipped += counts.screenReplays.skipped;
    }
    replays.failed += counts.replays.failed;
    screenReplays.failed += counts.screenReplays.failed;
    const replayText =
      (counts.screenReplays.passed + counts.screenReplays.failed ? `; paths on screens ${format(counts.screenReplays)}` : '') +
      (counts.replays.passed + counts.replays.failed ? `; machines on themselves ${format(counts.replays)}` : '');
    const broken = counts.brokenFiles ? `; ${counts.brokenFiles} file(s) failed before their tests` : '';
    result = `ran: ${format(counts.tests)}${replayText}${broken}`;
  }
  console.log(`${suite.title.padEnd(width)}${result}`);
}
for (const [step, code] of steps) {
  if (suites.some((suite) => suite.step === step)) continue;
  console.log(`${`step: ${step}`.padEnd(width)}${code === 0 ? 'passed' : `failed (exit code ${code})`}`);
  if (code !== 0) total.failed += 1;
}
// Name what failed, so that a red run says which test without the whole log.
if (failures.length) console.log(`\nfailed tests (${failures.length}):`);
for (const { suite, where, title, message } of failures.slice(0, 40)) {
  console.log(`  [${suite}] ${where} › ${title}`);
  if (message) console.log(`      ${firstLine(message)}`);
}
if (failures.length > 40) console.log(`  … and ${failures.length - 40} more`);
console.log(`path replays on the rendered screens (the chart's paths against the implementation, counted apart): ${format(screenReplays)}`);
console.log(`path replays of machines on themselves (they run; counted apart, not as tests of the implementation): ${format(replays)}`);
console.log(`tests: ${format(total)}`);
process.exitCode = total.failed > 0 || total.passed === 0 ? 1 : 0;
