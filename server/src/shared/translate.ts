import { readFileSync } from 'node:fs';
import { projectFile } from '../project-files';

const folder = projectFile('src/i18n/messages/');
const languages = ['en', 'fr', 'de'] as const;
const loaded = new Map<string, Record<string, string>>();

function messagesOf(language: string): Record<string, string> {
  let messages = loaded.get(language);
  if (!messages) {
    messages = JSON.parse(readFileSync(`${folder}${language}.json`, 'utf8')) as Record<string, string>;
    loaded.set(language, messages);
  }
  return messages;
}

/**
 * A message of the shared message files, for text the server itself writes (push messages to
 * responders, labels in lists). Falls back like the SPA: two-letter language, then English.
 */
export function translate(lang: string | null | undefined, key: string): string {
  const short = (lang ?? 'en').slice(0, 2).toLowerCase();
  const language = (languages as readonly string[]).includes(short) ? short : 'en';
  return messagesOf(language)[key] ?? messagesOf('en')[key] ?? key;
}
