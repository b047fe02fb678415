import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const load = (language: string) => JSON.parse(readFileSync(`src/i18n/messages/${language}.json`, 'utf8')) as Record<string, string>;
const messages = { en: load('en'), fr: load('fr'), de: load('de') };

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(folder, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(folder, entry.name)] : [],
  );
}

describe('message files', () => {
  it('hold the same keys in fr, en and de, none empty', () => {
    const keys = Object.keys(messages.en).sort();
    expect(Object.keys(messages.fr).sort()).toEqual(keys);
    expect(Object.keys(messages.de).sort()).toEqual(keys);
    for (const language of ['en', 'fr', 'de'] as const) {
      for (const key of keys) expect(messages[language][key], `${language} ${key}`).not.toBe('');
    }
  });

  it('translate every error key the contract and the server can answer', () => {
    const used = new Set<string>();
    for (const file of [...filesUnder('contract'), ...filesUnder('server/src')]) {
      for (const match of readFileSync(file, 'utf8').matchAll(/'(error\.[A-Za-z0-9.-]+)'/g)) used.add(match[1]);
    }
    const missing = [...used].filter((key) => !(key in messages.en));
    expect(missing).toEqual([]);
  });
});
