/**
 * npm run bench -- first-screen [--runs 3] [--before <folder>]: bytes and time to interactive of the
 * first screens (sign-in; the operator's alert screen) in Debian's Chromium on a throttled network
 * (1.6 Mbit/s both ways, 150 ms round trip, Network.emulateNetworkConditions; cache off), on the
 * build in dist/ and, with --before, on the build of another checkout (a worktree of the commit
 * before, built there with `npx vite build`). Time to interactive: from the start of navigation
 * until the screen's first field (sign-in e-mail, alert address) is shown and enabled; fonts in: until
 * the last font arrived (text drawn in Inter, icons drawn: PrimeIcons' face hides them until then). Writes
 * bench/first-screen/results.json for docs/performance.md; the median of the runs is kept.
 */
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { gzipTotal, measureFirstScreens, type ScreenLoad, type Throttle } from './measure';

const throttle: Throttle = { bitsPerSecond: 1_600_000, latencyMs: 150 };

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

const runs = Number(option('runs') ?? 3);
const builds: { label: string; root: string }[] = [{ label: 'this build', root: process.cwd() }];
const before = option('before');
if (before) builds.unshift({ label: 'before', root: resolve(before) });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kB = (bytes: number) => Math.round(bytes / 100) / 10;

const results = [];
for (const build of builds) {
  const measured = await measureFirstScreens({ root: build.root, throttle, runs });
  for (const screen of ['sign-in', 'alert'] as const) {
    const loads = measured.map((run) => run.find((load) => load.screen === screen)!) as ScreenLoad[];
    const last = loads[loads.length - 1];
    const row = {
      build: build.label,
      screen,
      jsGzipKB: kB(gzipTotal(last, ['js'])),
      cssGzipKB: kB(gzipTotal(last, ['css'])),
      fontKB: kB(gzipTotal(last, ['font'])),
      requests: last.assets.length,
      interactiveMs: loads.map((load) => load.interactiveMs),
      medianInteractiveMs: median(loads.map((load) => load.interactiveMs)),
      fontsMs: loads.map((load) => load.fontsMs),
      medianFontsMs: median(loads.map((load) => load.fontsMs)),
    };
    results.push(row);
    console.log(`${build.label.padEnd(12)}${screen.padEnd(10)}JS ${row.jsGzipKB} kB, CSS ${row.cssGzipKB} kB, fonts ${row.fontKB} kB, ${row.requests} files; interactive after ${row.medianInteractiveMs} ms (runs: ${row.interactiveMs.join(', ')}), fonts in after ${row.medianFontsMs} ms (runs: ${row.fontsMs.join(', ')})`);
  }
}

const machine = { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version };
writeFileSync(new URL('./results.json', import.meta.url), `${JSON.stringify({ date: new Date().toISOString(), machine, throttle, runs, results }, null, 2)}\n`);
