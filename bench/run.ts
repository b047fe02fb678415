/**
 * npm run bench [-- <area> [runner options]]: runs one benchmark area, or every area in turn.
 * Each runner writes its figures (JSON beside it) for docs/performance.md; see each file's header
 * for its options (engine, data size, runs).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const runners: Record<string, string> = {
  alerts: 'bench/alerts/run.ts',
  aeds: 'bench/aeds/aeds.bench.ts',
  imports: 'bench/imports/imports.bench.ts',
  notifications: 'bench/notifications/run.ts',
  history: 'bench/history/run.ts',
  addresses: 'bench/addresses/run.ts',
  'first-screen': 'bench/first-screen/run.ts',
  positions: 'bench/positions/run.ts',
  simulations: 'bench/simulations/run.ts',
};

const [area, ...options] = process.argv.slice(2);
if (area && !runners[area]) {
  console.error(`unknown benchmark area ${area}; one of: ${Object.keys(runners).join(', ')}`);
  process.exit(2);
}
const chosen = area ? [area] : Object.keys(runners).filter((name) => existsSync(runners[name]));
for (const name of chosen) {
  console.log(`\n=== benchmark: ${name} ===`);
  const result = spawnSync('npx', ['tsx', runners[name], ...options], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
