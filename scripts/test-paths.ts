import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import { domainChartModel, runPathModel, type CoverageReport, type PathModel } from '../tests/machines/kit';
import { loadCatalogue, repoRoot } from './statechart-catalogue';
import { machineTable, screenTable, summaryTable } from './path-report';
import { screenReports } from './screen-replays';

/**
 * `npm run test:paths`, in two parts. First the machines run alone: every machine that has samples
 * (`tests/machines/<id>.samples.ts` exporting `pathModel`) and every domain chart (sampled from its
 * own event types when it has no samples file), its planned paths replayed on itself; that proves
 * the machine runs, not that anything implements it. Then the rendered replays
 * (tests/views/replay): the same paths on the screens, with what they covered in the
 * implementation. Prints both, writes docs/path-coverage.json, and exits non-zero when a machine
 * fails a path or its threshold, or a rendered replay fails.
 */
async function main(): Promise<void> {
  const catalogue = await loadCatalogue();
  const sampled = await sampleFiles();
  // Named as in docs/statecharts (`alert` is the workflow, `alert.chart` the domain chart).
  const nameOf = (machine: AnyStateMachine) => catalogue.find((entry) => entry.machine === machine)?.id ?? machine.id;
  const runs = sampled.map(({ model, origin }) => ({ model, origin, name: nameOf(model.machine) }));
  for (const entry of catalogue.filter((candidate) => candidate.kind === 'domain')) {
    if (!sampled.some(({ model }) => model.machine === entry.machine)) runs.push({ model: domainChartModel(entry.machine), origin: `${entry.source}, its own event types`, name: entry.id });
  }
  const unsampled = catalogue.filter((entry) => entry.kind === 'workflow' && !sampled.some(({ model }) => model.machine === entry.machine)).map((entry) => entry.id);

  const results: Array<{ report: CoverageReport; origin: string; name: string }> = [];
  for (const { model, origin, name } of runs) {
    const report = await runPathModel(model);
    results.push({ report, origin, name });
    console.log(`${machineTable(report, name, origin)}\n`);
  }
  console.log('Machines replayed on themselves (they run; the prediction moves with the machine):');
  console.log(summaryTable(results, unsampled));

  const screens = screenReports();
  const workflows = catalogue.filter((entry) => entry.kind === 'workflow');
  const idOf = (machineId: string) => workflows.find((entry) => entry.machine.id === machineId)?.id ?? machineId;
  const withoutReplay = workflows.filter((entry) => !screens.reports.some((report) => report.machine === entry.machine.id)).map((entry) => entry.id);
  console.log('\nPaths replayed on the rendered screens (covered in the implementation):');
  console.log(screenTable(screens.reports.map((report) => ({ ...report, machine: idOf(report.machine) })), withoutReplay));

  const json = {
    generatedBy: 'npm run test:paths',
    machines: results.map(({ report, origin, name }) => ({ name, ...report, origin, failures: report.failures.map((failure) => ({ ...failure })) })),
    unsampled,
    screens: screens.reports.map((report) => ({ name: idOf(report.machine), ...report })),
    withoutScreenReplay: withoutReplay,
  };
  writeFileSync(join(repoRoot, 'docs/path-coverage.json'), `${JSON.stringify(json, null, 2)}\n`);
  const failed = [...results.filter(({ report }) => !report.passed).map(({ name }) => name), ...screens.reports.filter((report) => report.failures.length).map((report) => `${idOf(report.machine)} on its screen`)];
  if (!screens.passed && !failed.length) failed.push('the rendered replays (their run failed)');
  if (failed.length) {
    console.error(`\nPath coverage failed for: ${failed.join(', ')}`);
    process.exit(1);
  }
  console.log(`\nPath coverage passed for ${results.length} machines and ${screens.reports.length} rendered screens; report in docs/path-coverage.json.`);
}

/** The `pathModel` export of every tests/machines/*.samples.ts. */
async function sampleFiles(): Promise<Array<{ model: PathModel<AnyStateMachine>; origin: string }>> {
  const folder = join(repoRoot, 'tests/machines');
  const found: Array<{ model: PathModel<AnyStateMachine>; origin: string }> = [];
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.samples.ts')).sort()) {
    const module = (await import(pathToFileURL(join(folder, file)).href)) as { pathModel?: PathModel<AnyStateMachine> };
    if (!module.pathModel) throw new Error(`tests/machines/${file} must export \`pathModel\` (made with definePathModel).`);
    found.push({ model: module.pathModel, origin: `tests/machines/${file}` });
  }
  return found;
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
