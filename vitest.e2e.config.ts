import { defineConfig } from 'vitest/config';

/**
 * Browser suite (`npm run test:e2e`, after `npm run build`): real server processes and Chromium,
 * so long time-outs and one file at a time (each file starts its own server and browser; the
 * machine has two cores shared with the rest of the work).
 */
export default defineConfig({
  test: {
    name: 'e2e',
    // In CI a JSON report too, which the closing summary reads (scripts/ci-summary.mjs); TEST_REPORT
    // names the report of a run again under other conditions (CI's run on PostgreSQL).
    reporters: (process.env.CI ? [['default'], ['json', { outputFile: `test-results/${process.env.TEST_REPORT ?? 'e2e'}.json` }]] : [['default']]) as never,
    include: ['tests/e2e/**/*.spec.ts'],
    environment: 'node',
    fileParallelism: false,
    maxWorkers: 1,
    // Room for a machine several times slower than ours with its other core busy: a time-out only stops a hang.
    testTimeout: 120_000,
    hookTimeout: 300_000,
    teardownTimeout: 30_000,
    // What a page shows after a round trip: `expect.poll`'s own one second fails on a busy machine.
    expect: { poll: { timeout: 20_000 } },
  },
});
