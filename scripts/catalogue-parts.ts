import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { catalogueParts as parts, partOf, type CataloguePart } from '../src/i18n/catalogue-parts';

const partQuery = /^(.+\.json)\?part=(\w+)$/;

/**
 * Builds `messages/<language>.json?part=<part>`: the catalogue's keys of that part only
 * (src/i18n/catalogue-parts.ts), so the sign-in route does not download the signed-in screens' texts.
 * The catalogue files stay whole, one per language, for those who write and check them.
 */
export function catalogueParts(): Plugin {
  return {
    name: 'vigil-catalogue-parts',
    enforce: 'pre',
    load(id) {
      const match = partQuery.exec(id);
      if (!match) return null;
      const part = match[2] as CataloguePart;
      if (!parts.includes(part)) throw new Error(`Unknown catalogue part ${part} in ${id}`);
      this.addWatchFile(match[1]);
      const catalogue = JSON.parse(readFileSync(match[1], 'utf8')) as Record<string, string>;
      const messages = Object.fromEntries(Object.entries(catalogue).filter(([key]) => partOf(key) === part));
      return { code: `export default ${JSON.stringify(messages)};`, moduleType: 'js' };
    },
  };
}
