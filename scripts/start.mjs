// Starts Vigil: builds the SPA when dist/ is missing or older than its sources, then runs the
// server in this same Node process (TypeScript through tsx's loader).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

function newestTime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestTime(join(path, name))));
}

const sources = Math.max(newestTime('src'), newestTime('index.html'), newestTime('public'), newestTime('vite.config.ts'));
const built = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0;
if (existsSync('index.html') && built < sources) {
  console.log('Building the SPA…');
  execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
}

register();
await import(pathToFileURL('server/src/main.ts').href);
