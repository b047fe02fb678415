import { newsEndpoints } from '../../contract/news.endpoints';
import type { News } from '../../contract/news.schemas';
import { call } from './http';

/**
 * The staff app's news (contract/news.endpoints.ts), and its copy in the browser under the key
 * `notification`.
 */

export type { News };

/** What the browser keeps under the key `notification`: the news and whether it is still new. */
export interface LocalNotification extends News {
  new: boolean;
}

const storageKey = 'notification';
/** The banner of the staff app; other tags exist for other audiences. */
export const newsTag = 'backoffice';

/** The latest news of the tag in the language (else English), or null when there is none. */
export function getNews(lang: string, signal?: AbortSignal, tag = newsTag) {
  return call(newsEndpoints.getNews, { query: { lang, tag } }, { signal });
}

const memory = new Map<string, string>();
const store: Pick<Storage, 'getItem' | 'setItem'> =
  typeof globalThis.localStorage === 'undefined' ? { getItem: (key) => memory.get(key) ?? null, setItem: (key, value) => void memory.set(key, value) } : globalThis.localStorage;

/** The stored news, or null when there is none or it does not have the expected shape. */
export function readStoredNews(): LocalNotification | null {
  try {
    const raw = JSON.parse(store.getItem(storageKey) ?? 'null') as Partial<LocalNotification> | null;
    if (!raw || typeof raw.version !== 'number' || typeof raw.title !== 'string') return null;
    return { title: raw.title, content: String(raw.content ?? ''), link: typeof raw.link === 'string' ? raw.link : null, version: raw.version, new: raw.new === true };
  } catch {
    return null;
  }
}

export function writeStoredNews(news: LocalNotification): void {
  store.setItem(storageKey, JSON.stringify(news));
}
