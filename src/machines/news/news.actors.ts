import { fromPromise } from 'xstate';
import type { Result } from '../../services/http';
import { getNews, readStoredNews, type LocalNotification, type News } from '../../services/news.api';

/** The stored copy, and what the server says now. */
export interface NewsLoaded {
  stored: LocalNotification | null;
  fetched: Result<News | null>;
}

/** The news banner's I/O; tests replace them with `.provide({ actors, actions })`. */
export const newsActors = {
  loadNews: fromPromise<NewsLoaded, { lang: string }>(async ({ input, signal }) => ({ stored: readStoredNews(), fetched: await getNews(input.lang, signal) })),
};
