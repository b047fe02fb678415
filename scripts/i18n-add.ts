/**
 * Adds or updates message keys in the three message files at once, keeping them sorted:
 *   npx tsx scripts/i18n-add.ts '{"some.key": {"en": "…", "fr": "…", "de": "…"}}'
 * or with a JSON file of that shape: npx tsx scripts/i18n-add.ts --file keys.json
 */
import { readFileSync, writeFileSync } from 'node:fs';

const languages = ['en', 'fr', 'de'] as const;
const arg = process.argv[2] === '--file' ? readFileSync(process.argv[3], 'utf8') : process.argv[2];
if (!arg) {
  console.error('usage: tsx scripts/i18n-add.ts \'{"key": {"en": "", "fr": "", "de": ""}}\'');
  process.exit(2);
}
const additions = JSON.parse(arg) as Record<string, Record<(typeof languages)[number], string>>;
for (const [key, texts] of Object.entries(additions)) {
  for (const language of languages) if (!texts[language]) throw new Error(`${key} has no ${language} text`);
}
for (const language of languages) {
  const file = `src/i18n/messages/${language}.json`;
  const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  for (const [key, texts] of Object.entries(additions)) messages[key] = texts[language];
  const sorted = Object.fromEntries(Object.entries(messages).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(file, `${JSON.stringify(sorted, null, 2)}\n`);
}
console.log(`${Object.keys(additions).length} key(s) written to ${languages.join(', ')}`);
