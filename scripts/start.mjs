// Starts Vigil: builds the SPA and compiles the server when their output is missing or older than
// their sources, then runs the compiled server (server/dist) in this same Node process.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServer, serverOutput } from './build-server.mjs';

function newestTime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestTime(join(path, name))));
}

const builtTime = (path) => (existsSync(path) ? statSync(path).mtimeMs : 0);

const spaSources = Math.max(newestTime('src'), newestTime('index.html'), newestTime('public'), newestTime('vite.config.ts'));
if (existsSync('index.html') && builtTime('dist/index.html') < spaSources) {
  console.log('Building the SPA…');
  execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
}

const serverEntry = join(serverOutput, 'main.js');
const serverSources = Math.max(newestTime('server/src'), newestTime('contract'), newestTime('scripts/build-server.mjs'), newestTime('package-lock.json'));
if (builtTime(serverEntry) < serverSources) {
  console.log('Compiling the server…');
  await buildServer();
}

// Source maps: a stack trace names the TypeScript file and line.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(serverEntry).href);
