import { mayOpenPath } from '../../../contract/access';
import type { Result } from '../../services/http';
import type { LocalNotification, News } from '../../services/news.api';

/**
 * The local notification rule of spec §3: the news is new when its version is above the stored
 * one, and stays new until dismissed. A failed fetch keeps what is stored.
 */
export function mergeNews(stored: LocalNotification | null, fetched: Result<News | null>): LocalNotification | null {
  if (!fetched.ok) return stored;
  if (fetched.data === null) return stored ? { ...stored, new: false } : null;
  const news = fetched.data;
  const isNew = stored === null || news.version > stored.version || (news.version === stored.version && stored.new);
  return { title: news.title, content: news.content, link: news.link, version: news.version, new: isNew };
}

/** A link out of Vigil (http or https), opened in a new tab. */
export const isExternalLink = (link: string) => /^https?:\/\//.test(link);

/**
 * Whether the news concerns a group: news without a link, or with a link out of Vigil, is for every
 * group; a link into Vigil must lead to a screen the group may open (contract/access.ts), otherwise
 * the news speaks of something the group does not have.
 */
export function concernsGroup(news: Pick<News, 'link'>, idGroup: number): boolean {
  return news.link === null || isExternalLink(news.link) || mayOpenPath(idGroup, news.link);
}
