import { defineConfig } from 'vitest/config';
import { catalogueParts } from './scripts/catalogue-parts';

/** Unit, machine, view and server suites. The browser suite has its own config (vitest.e2e.config.ts). */
const report = (name: string) => (process.env.CI ? [['default'], ['json', { outputFile: `test-results/${name}.json` }]] : [['default']]) as never;

/**
 * A test's time-out only stops a test that hangs: it is no measure of speed (that is bench/'s), so
 * it leaves room for a machine several times slower than ours with its other core busy. A machine
 * or view test takes well under a second on a quiet machine of ours; a server test a few seconds,
 * its file's set-up (a database, seeded data) up to half a minute. `expect.poll` waits as long for
 * what it polls (its own default, one second, fails on a busy machine).
 */
const patientPolls = { poll: { timeout: 20_000 } };
const roomForSlowMachines = { testTimeout: 120_000, hookTimeout: 240_000, expect: patientPolls };
const roomForSlowServers = { testTimeout: 120_000, hookTimeout: 300_000, expect: patientPolls };

export default defineConfig({
  test: {
    // TEST_REPORT names the report of a run again under other conditions (CI's Node 22 run).
    reporters: report(process.env.TEST_REPORT ?? (process.env.TEST_DATABASE_URL ? 'unit-postgres' : 'unit')),
    projects: [
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // One seeded demo database per run; each test file starts from a copy of it.
          globalSetup: ['tests/server/template.setup.ts'],
          ...roomForSlowServers,
        },
      },
      { test: { name: 'machines', include: ['tests/machines/**/*.test.ts', 'tests/contract/**/*.test.ts'], environment: 'node', ...roomForSlowMachines } },
      { plugins: [catalogueParts()], test: { name: 'views', include: ['tests/views/**/*.test.{ts,tsx}'], environment: 'jsdom', setupFiles: ['tests/views/setup.ts'], ...roomForSlowMachines } },
    ],
  },
});
