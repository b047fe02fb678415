import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { news } from '../../db/schema/notifications';

/** The highest version of a tag's news in one language. */
export async function latestNews(db: Db, tag: string, language: string) {
  const [row] = await db
    .select({ title: news.title, content: news.content, link: news.link, version: news.version })
    .from(news)
    .where(and(eq(news.tag, tag), eq(news.language, language)))
    .orderBy(desc(news.version))
    .limit(1);
  return row;
}
