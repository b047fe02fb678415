import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Files the server reads at run time (migrations, message catalogues, the built SPA, data files)
 * are named from the project root rather than from the module that reads them, so that the same
 * code runs from its TypeScript sources and from the compiled bundle in server/dist.
 */
function projectRoot(from: string): string {
  for (let folder = from; ; folder = dirname(folder)) {
    if (existsSync(join(folder, 'package.json'))) return folder;
    if (dirname(folder) === folder) throw new Error(`No package.json above ${from}`);
  }
}

const root = projectRoot(dirname(fileURLToPath(import.meta.url)));

/** A path inside the project, e.g. `projectFile('server/src/db/migrations')`. */
export const projectFile = (...segments: string[]): string => join(root, ...segments);

/**
 * Whether this code runs from the compiled bundle (`npm start`, the browser suite) rather than from
 * its TypeScript sources (`npm run dev`, the server tests); the bundle names its own files beside itself.
 */
export const runsCompiled = !import.meta.url.endsWith('.ts');
