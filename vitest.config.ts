import { defineConfig } from 'vitest/config';

/** Unit, machine, view and server suites. The browser suite has its own config (vitest.e2e.config.ts). */
const report = (name: string) => (process.env.CI ? [['default'], ['json', { outputFile: `test-results/${name}.json` }]] : [['default']]) as never;

export default defineConfig({
  test: {
    reporters: report(process.env.TEST_DATABASE_URL ? 'unit-postgres' : 'unit'),
    projects: [
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // One seeded demo database per run; each test file starts from a copy of it.
          globalSetup: ['tests/server/template.setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'machines', include: ['tests/machines/**/*.test.ts', 'tests/contract/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'views', include: ['tests/views/**/*.test.{ts,tsx}'], environment: 'jsdom' } },
    ],
  },
});
