import type { AppContext } from '../../context';
import * as repo from './repo';

/** The two-letter language of a locale (fr_FR → fr). */
export function languageOf(lang: string): string {
  return lang.slice(0, 2).toLowerCase();
}

/** The banner news of a tag in the caller's language, falling back to English; null when none. */
export async function newsFor(ctx: AppContext, lang: string, tag: string) {
  const language = languageOf(lang);
  const found = (await repo.latestNews(ctx.database.db, tag, language)) ?? (language === 'en' ? undefined : await repo.latestNews(ctx.database.db, tag, 'en'));
  return found ?? null;
}
