/**
 * `npx tsx bench/geocoding/gazetteer-reverse.bench.ts [--count 5000] [--runs 5]`: the offline
 * gazetteer's reverse look-up (nearest commune centre), timed over a grid across France, with the
 * machine beside the figures. Its goal is "well under a millisecond" a look-up, so that a pin moved
 * on the map names its commune at once; the test suite checks only what it answers.
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createGazetteer } from '../../server/src/adapters/geocoding/gazetteer';

const { values } = parseArgs({ options: { count: { type: 'string', default: '5000' }, runs: { type: 'string', default: '5' } } });
const count = Number(values.count);
const runs = Number(values.runs);

const gazetteer = createGazetteer();
const point = (index: number) => [42.5 + (index % 100) * 0.08, -4.5 + Math.floor(index / 100) * 0.25] as const;
// Loading the data packages into the index is timed apart.
const built = performance.now();
await gazetteer.ready();
const buildMs = performance.now() - built;

const perLookupUs: number[] = [];
for (let run = 0; run < runs; run++) {
  const started = performance.now();
  for (let index = 0; index < count; index++) await gazetteer.reverse(...point(index));
  perLookupUs.push(((performance.now() - started) * 1000) / count);
}
perLookupUs.sort((a, b) => a - b);
console.log(
  JSON.stringify(
    {
      bench: 'gazetteer reverse look-up',
      machine: { cpu: cpus()[0]?.model, cores: cpus().length, loadBefore: loadavg()[0] },
      lookupsPerRun: count,
      runs,
      indexBuildMs: Math.round(buildMs),
      microsecondsPerLookup: { best: perLookupUs[0].toFixed(1), median: perLookupUs[Math.floor(runs / 2)].toFixed(1), worst: perLookupUs.at(-1)!.toFixed(1) },
    },
    null,
    2,
  ),
);
