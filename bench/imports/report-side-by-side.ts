/**
 * The "side by side" part of the AED import section (report.ts): the import's first pass and the
 * register's own insert ceiling measured one after the other in one run by side-by-side.ts, for the
 * code now (side-by-side-<engine>.json) and the code before the bulk path (side-by-side-<engine>-before.json).
 */
import { existsSync, readFileSync } from 'node:fs';

interface CeilingFigures {
  lines: { label: string; medianMs: number; rowsPerSecond: number }[];
  loadBefore: number;
  loadAfter: number;
}
interface SideBySide {
  engine: 'pglite' | 'postgres';
  rows: number;
  cpu: string;
  cores: number;
  started: string;
  finished: string;
  loadBefore: number;
  loadAfter: number;
  ceilingBefore: CeilingFigures;
  imported: { first: { jobRowsPerSecond: number; processRowsPerSecond: number; jobSeconds: number; counts: Record<string, number>; loadAverage: number } };
  ceilingAfter: CeilingFigures;
}

/** The ratio the issue sets: the first pass against the register's own insert with every index and trigger. */
export const goalRatio = 0.8;
/** And PostgreSQL's rate for 100,000 GeoDAE rows. */
const goalPostgres = 5000;

const read = (path: string): SideBySide | undefined => (existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as SideBySide) : undefined);
const n = (value: number) => Math.round(value).toLocaleString('en');
const label = (engine: string) => (engine === 'postgres' ? 'PostgreSQL' : 'PGlite');
const production = (figures: CeilingFigures) => figures.lines.find((line) => line.label.startsWith('in production ('))!.rowsPerSecond;
const byStatement = (figures: CeilingFigures) => figures.lines.find((line) => line.label.startsWith('in production, one JSON statement'))?.rowsPerSecond;

/** The ceiling of a run: the mean of the production line measured before and after the import. */
export function ceilingOf(run: SideBySide): number {
  return (production(run.ceilingBefore) + production(run.ceilingAfter)) / 2;
}

function line(run: SideBySide, code: string): string {
  const ceiling = ceilingOf(run);
  const first = run.imported.first;
  const ratio = first.jobRowsPerSecond / ceiling;
  const when = `${run.started.slice(0, 16).replace('T', ' ')}–${run.finished.slice(11, 16)}`;
  const statement = byStatement(run.ceilingBefore);
  return `| ${label(run.engine)} | ${code} | ${when} | ${run.cpu}, ${run.cores} cores | ${run.loadBefore} / ${run.loadAfter} | ${n(production(run.ceilingBefore))} / ${n(production(run.ceilingAfter))}${statement ? ` (one JSON statement: ${n(statement)})` : ''} | ${n(run.rows)}: ${n(first.jobRowsPerSecond)} (${n(first.processRowsPerSecond)} from the call; load ${first.loadAverage}) | **${ratio.toFixed(2)}** | ${ratio >= goalRatio ? 'yes' : `**no** (${Math.round((1 - ratio / goalRatio) * 100)} % short)`} |`;
}

/** The lines of the part, empty when side-by-side.ts has not been run. */
export function sideBySideLines(notes: string): string[] {
  const engines = ['pglite', 'postgres'] as const;
  const now = engines.map((engine) => read(`bench/imports/side-by-side-${engine}.json`));
  const before = engines.map((engine) => read(`bench/imports/side-by-side-${engine}-before.json`));
  if (now.every((run) => !run) && before.every((run) => !run)) return [];
  const postgres = now[1];
  const postgresRate = postgres && postgres.rows >= 100_000 ? `${n(postgres.imported.first.jobRowsPerSecond)} rows/s (${postgres.imported.first.jobRowsPerSecond >= goalPostgres ? 'met' : '**not met**'})` : 'not measured at 100,000 rows';
  return [
    '**The bulk path, side by side (issue 22).** Command: `npx tsx bench/imports/side-by-side.ts --rows <n> --pg postgres://…` (files `side-by-side-<engine>.json`; `--code <checkout of the code before> --suffix -before` for the baseline). For each engine, in one run on one machine: the insert ceiling (`--short`: 500 complete AEDs a batch through the register\'s bulk insert, every index and trigger, median of 8), the import\'s first pass (the same GeoDAE file through the real calls, duplicate detection on), then the ceiling again; the ratio is the first pass (job time) over the mean of the two ceilings.',
    '',
    '| engine | code | measured (UTC) | machine | load average before / after | ceiling before / after, rows/s | first pass: rows, rows/s | first pass ÷ ceiling | at least 0.8 |',
    '|---|---|---|---|---|---|---|---|---|',
    ...engines.flatMap((_, index) => [before[index] ? line(before[index]!, 'before (one JSON statement per batch)') : undefined, now[index] ? line(now[index]!, 'bulk path (COPY)') : undefined].filter((value): value is string => value !== undefined)),
    '',
    `PostgreSQL, at least ${n(goalPostgres)} rows/s for 100,000 GeoDAE rows: ${postgresRate}.`,
    '',
    notes,
  ];
}
