// `npm run build:server`: the server compiled to JavaScript, one ES module bundle of Vigil's own
// code (server/src and contract/) per entry, packages left to node_modules, into server/dist.
// Run with `node server/dist/main.js`; `npm start` still runs the sources (docs/decisions.md).
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'server/src/main.ts', 'parse-worker': 'server/src/modules/imports/parse-worker.ts' },
  outdir: 'server/dist',
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  logLevel: 'warning',
});
