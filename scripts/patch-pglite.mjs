// Runs after `npm install` (package.json "postinstall").
//
// PGlite's protocol loop (execProtocolRawSync) swallows every exception of the Postgres main loop
// that is not its own longjmp. When the embedded backend dies (it exits, or the WebAssembly traps),
// the loop then calls the dead backend again forever, synchronously, at 100 % of a core: no timer,
// request or shutdown runs again and the whole process hangs (electric-sql/pglite#1058, open in
// 0.5.17). Vigil would rather fail the query and report itself not ready than freeze a dispatch
// desk, so the loop rethrows what is not the longjmp, and reports it first (onEngineFault). The
// upstream fix (pglite#1081) rethrows too; drop the rethrow once a release carries it.
//
// One exception is an error to recover from rather than a dead engine: a Postgres ERROR whose
// longjmp found no live handler (emscripten's EmscriptenSjLj reaching the loop; seen in the typo
// look-up of addresses, rarely). Rethrown, it left the statement's buffer pins and snapshot behind
// and the backend PANICked a few statements later; the loop instead runs the main loop's own error
// recovery, as for its longjmp, so the statement fails with its error and the backend goes on. A
// bounded number of times per engine: one that keeps doing it is stopped, never spun.
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';

const swallowed = /\.stackRestore\((\w+)\),(\w+)\.status===this\.POSTGRES_MAIN_LONGJMP&&(\w+)\._PostgresMainLongJmp\(\)\}/g;
// What earlier versions of this script wrote (a bare rethrow; a rethrow with the report): brought up to date.
const earlierForms = [
  /\.stackRestore\((\w+)\);if\((\w+)\.status!==this\.POSTGRES_MAIN_LONGJMP\)throw \2;(\w+)\._PostgresMainLongJmp\(\)\}/g,
  /\.stackRestore\((\w+)\);if\((\w+)\.status!==this\.POSTGRES_MAIN_LONGJMP\)\{this\.onEngineFault\?\.\(\2\);throw \2\}(\w+)\._PostgresMainLongJmp\(\)\}/g,
];
// Before rethrowing, the PGlite instance's `onEngineFault` (Vigil sets it) hears the exception
// itself: what follows a broken backend may fail otherwise and hide the first cause.
const strayLongjmpsRecovered = 3;
const rethrown =
  '.stackRestore($1);if($2.status!==this.POSTGRES_MAIN_LONGJMP){this.onEngineFault?.($2);' +
  `if($2?.constructor?.name!=="EmscriptenSjLj"||(this.strayLongjmps=(this.strayLongjmps??0)+1)>${strayLongjmpsRecovered})throw $2}` +
  '$3._PostgresMainLongJmp()}';
const marker = /this\.strayLongjmps=/;

const require = createRequire(import.meta.url);
const dist = dirname(require.resolve('@electric-sql/pglite'));
// The ES module build keeps the loop in a shared chunk; the CommonJS builds inline it.
const bundles = readdirRecursive(dist).filter((file) => /\.(js|cjs)$/.test(file));

let patched = 0;
for (const file of bundles) {
  const text = readFileSync(file, 'utf8');
  if (!text.includes('_PostgresMainLoopOnce()')) continue;
  if (marker.test(text)) {
    patched += 1;
    continue;
  }
  const next = earlierForms.reduce((current, form) => current.replace(form, rethrown), text.replace(swallowed, rethrown));
  if (next === text) throw new Error(`patch-pglite: the protocol loop of ${file} has changed; check electric-sql/pglite#1058 and update scripts/patch-pglite.mjs`);
  // A new file renamed over the old one: a copy hard-linked elsewhere keeps its own text.
  writeFileSync(`${file}.patching`, next);
  renameSync(`${file}.patching`, file);
  patched += 1;
}
if (patched === 0) throw new Error('patch-pglite: no PGlite bundle holds the protocol loop; update scripts/patch-pglite.mjs');

function readdirRecursive(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? readdirRecursive(join(folder, entry.name)) : [join(folder, entry.name)]));
}
