import { defineConfig } from 'vitest/config';

/**
 * Browser suite (`npm run test:e2e`, after `npm run build`): real server processes and Chromium,
 * so long time-outs and one file at a time (each file starts its own server and browser; the
 * machine has two cores shared with the rest of the work).
 */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.spec.ts'],
    environment: 'node',
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
  },
});
