/**
 * npm run size: builds the SPA, then opens the first screens in Chromium against a real Vigil
 * process (bench/first-screen/measure.ts) and lists every chunk each one loads with its gzipped
 * size. Fails when a budget of issue 24 is exceeded: the sign-in route at most 200 kB of gzipped
 * JavaScript and 40 kB of gzipped CSS, the dispatcher's alert screen at most 450 kB of JavaScript and
 * CSS (docs/performance.md says what keeps them there). Fonts are listed apart (already compressed,
 * loaded only when text or an icon uses them).
 * `--no-build` measures the dist/ already there.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipTotal, measureFirstScreens, type AssetKind, type ScreenLoad } from '../bench/first-screen/measure';

const kB = 1000;

interface Budget {
  screen: ScreenLoad['screen'];
  kinds: AssetKind[];
  label: string;
  limit: number;
}

const budgets: Budget[] = [
  { screen: 'sign-in', kinds: ['js'], label: 'sign-in JavaScript', limit: 200 * kB },
  { screen: 'sign-in', kinds: ['css'], label: 'sign-in CSS', limit: 40 * kB },
  { screen: 'alert', kinds: ['js', 'css'], label: 'alert screen JavaScript and CSS', limit: 450 * kB },
];

const size = (bytes: number) => `${(bytes / kB).toFixed(1)} kB`;

const root = process.cwd();
if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Source maps are produced beside every script (the server serves them only with SERVE_SOURCEMAPS),
// except the bundler's own module runtime, which rolldown emits without one: no source of ours is in it.
const assets = readdirSync(join(root, 'dist', 'assets'));
const bundlerRuntime = /^rolldown-runtime-[\w-]+\.js$/;
const withoutMap = assets.filter((file) => file.endsWith('.js') && !bundlerRuntime.test(file) && !assets.includes(`${file}.map`));
if (withoutMap.length) {
  console.error(`no source map for ${withoutMap.join(', ')}`);
  process.exitCode = 1;
}

const [loads] = await measureFirstScreens({ root });
for (const load of loads) {
  console.log(`\n${load.screen} (${load.url})`);
  console.log(`${'asset'.padEnd(60)}${'raw'.padStart(12)}${'gzip'.padStart(12)}`);
  for (const asset of load.assets) console.log(`${asset.path.padEnd(60)}${size(asset.bytes).padStart(12)}${size(asset.gzipBytes).padStart(12)}`);
  console.log(`total gzip: JavaScript ${size(gzipTotal(load, ['js']))}, CSS ${size(gzipTotal(load, ['css']))}, fonts ${size(gzipTotal(load, ['font']))}`);
}

console.log('\nbudgets');
for (const budget of budgets) {
  const load = loads.find((candidate) => candidate.screen === budget.screen)!;
  const total = gzipTotal(load, budget.kinds);
  const within = total <= budget.limit;
  console.log(`${within ? 'ok  ' : 'OVER'} ${budget.label.padEnd(36)}${size(total).padStart(12)} of ${size(budget.limit)}`);
  if (!within) process.exitCode = 1;
}
