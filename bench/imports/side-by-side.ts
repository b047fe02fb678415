/**
 * The import's first pass and the register's own insert ceiling, side by side in one run on each
 * engine: the ceiling bench, the import bench, then the ceiling again, one after the other on the
 * same machine, so that their ratio holds whatever the machine (rows per second vary ×3 between
 * machines of the same kind). Writes bench/imports/side-by-side-<engine><suffix>.json for report.ts.
 *
 *   npx tsx bench/imports/side-by-side.ts --rows 100000 --pg postgres://postgres@127.0.0.1:5432/postgres
 *   options: --engines pglite,postgres  --suffix -before  --code /path/to/another/checkout (its benches, e.g. the code before)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i].replace(/^--/, ''), process.argv[i + 1]);
const rows = args.get('rows') ?? '100000';
const serverUrl = args.get('pg');
const engines = (args.get('engines') ?? (serverUrl ? 'pglite,postgres' : 'pglite')).split(',');
const code = resolve(args.get('code') ?? '.');
const suffix = args.get('suffix') ?? '';
const load = () => Math.round(loadavg()[0] * 10) / 10;
const folder = mkdtempSync(join(tmpdir(), 'vigil-side-by-side-'));

/** Runs one bench of `code` and returns its JSON figures. */
function bench(script: string, engineArgs: string[], extra: string[] = []): Record<string, unknown> {
  const json = join(folder, `${script}.json`);
  // A loaded machine parses slowly: the parse worker's limit is not what is measured here.
  const env = { ...process.env, IMPORT_PARSE_TIMEOUT_MS: '600000' };
  execFileSync('npx', ['tsx', join('bench/imports', `${script}.bench.ts`), ...engineArgs, ...extra, '--json', json], { cwd: code, env, stdio: ['ignore', 'inherit', 'inherit'] });
  return JSON.parse(readFileSync(json, 'utf8')) as Record<string, unknown>;
}

try {
  for (const engine of engines) {
    const engineArgs = engine === 'postgres' ? ['--pg', serverUrl ?? 'postgres://postgres@127.0.0.1:5432/postgres'] : [];
    const loadBefore = load();
    const started = new Date().toISOString();
    const short = ['--short', 'true'];
    const ceilingBefore = bench('insert-ceiling', engineArgs, short);
    const imported = bench('imports', engineArgs, ['--rows', rows, '--passes', 'first']);
    const ceilingAfter = bench('insert-ceiling', engineArgs, short);
    const figures = { engine, rows: Number(rows), cpu: cpus()[0]?.model.trim() || 'unknown', cores: cpus().length, code: args.get('code') ? 'other checkout' : 'this checkout', started, finished: new Date().toISOString(), loadBefore, loadAfter: load(), ceilingBefore, imported, ceilingAfter };
    writeFileSync(`bench/imports/side-by-side-${engine}${suffix}.json`, `${JSON.stringify(figures, null, 2)}\n`);
    console.log(`${engine}: written bench/imports/side-by-side-${engine}${suffix}.json`);
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
