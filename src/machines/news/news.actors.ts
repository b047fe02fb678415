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
  /** The copy is read once the server has answered: a dismissal meanwhile (another tab) counts. */
  loadNews: fromPromise<NewsLoaded, { lang: string }>(async ({ input, signal }) => {
    const fetched = await getNews(input.lang, signal);
    return { stored: readStoredNews(), fetched };
  }),
};
