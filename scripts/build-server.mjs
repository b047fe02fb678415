// Compiles the server to JavaScript for `npm start` (and `npm run build:server`): one ES module
// bundle of Vigil's own code (server/src and contract/) per entry, packages left to node_modules,
// into server/dist.
import { build } from 'esbuild';

export const serverOutput = 'server/dist';

export async function buildServer() {
  await build({
    entryPoints: { main: 'server/src/main.ts', 'parse-worker': 'server/src/modules/imports/parse-worker.ts' },
    outdir: serverOutput,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    logLevel: 'warning',
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
