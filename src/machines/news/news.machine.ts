import { and, assign, setup } from 'xstate';
import { writeStoredNews, type LocalNotification } from '../../services/news.api';
import { observe } from '../observations';
import { newsActors, type NewsLoaded } from './news.actors';
import { concernsGroup, mergeNews } from './news.rules';

export interface NewsContext {
  lang: string;
  /** The signed-in user's group: news whose link leads elsewhere than its screens is not shown. */
  idGroup: number;
  /** What is kept under the key `notification`. */
  news: LocalNotification | null;
}

export type NewsEvent = { type: 'news.dismiss' };

/**
 * The staff app's news banner (spec §3 "Local notification", §7): the latest news is fetched in the
 * user's language and kept in the browser under the key `notification`; it shows while it is new
 * (its version above the stored one) until the user dismisses it, and only to groups it concerns
 * (its link leads to a screen they may open).
 */
export const newsMachine = setup({
  types: {} as { context: NewsContext; events: NewsEvent; input: { lang: string; idGroup: number } },
  actors: newsActors,
  guards: {
    isNew: ({ context }) => context.news?.new === true,
    concernsUser: ({ context }) => context.news !== null && concernsGroup(context.news, context.idGroup),
  },
  actions: {
    keepNews: assign((_, params: { loaded: NewsLoaded }) => ({ news: mergeNews(params.loaded.stored, params.loaded.fetched) })),
    dismiss: assign(({ context }) => ({ news: context.news ? { ...context.news, new: false } : null })),
    /** Writes the news under the key `notification`. */
    persist: ({ context }) => {
      if (context.news) writeStoredNews(context.news);
    },
  },
}).createMachine({
  id: 'news',
  context: ({ input }) => ({ lang: input.lang, idGroup: input.idGroup, news: null }),
  initial: 'loading',
  states: {
    loading: {
      meta: observe({ absent: ['news-banner'], calls: ['news.getNews'] }),
      invoke: {
        src: 'loadNews',
        input: ({ context }) => ({ lang: context.lang }),
        onDone: { target: 'routing', actions: [{ type: 'keepNews', params: ({ event }) => ({ loaded: event.output }) }, 'persist'] },
        // Nothing to show; the next visit asks again.
        onError: 'hidden',
      },
    },
    // Not dismissed news that does not concern the group stays new for a group it concerns.
    routing: { always: [{ guard: and(['isNew', 'concernsUser']), target: 'shown' }, { target: 'hidden' }] },
    shown: {
      meta: observe({ shown: ['news-banner'], enabled: ['news.dismiss'], messages: ['news.new'] }),
      on: { 'news.dismiss': { target: 'hidden', actions: ['dismiss', 'persist'] } },
    },
    hidden: { meta: observe({ absent: ['news-banner'] }) },
  },
});
