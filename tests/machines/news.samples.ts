import { newsMachine } from '../../src/machines/news/news.machine';
import { definePathModel, type EventSamples } from './kit';

/** Model of the news banner machine for `npm run test:paths` and news.model.test.ts. */

const news = { title: 'New: responder validation', content: 'Validate citizen responders with their diploma.', link: '/admin/notification/list', version: 2 };

export const newsEvents = {
  'news.dismiss': [{ type: 'news.dismiss' }],
} satisfies EventSamples<typeof newsMachine>;

export const pathModel = definePathModel({
  machine: newsMachine,
  input: { lang: 'en', idGroup: 1 },
  events: newsEvents,
  actors: {
    loadNews: {
      done: [
        // Never seen: new.
        { stored: null, fetched: { ok: true, data: news } },
        // Already dismissed: not new.
        { stored: { ...news, new: false }, fetched: { ok: true, data: news } },
        // New, but its link leads to no screen of Vigil.
        { stored: null, fetched: { ok: true, data: { ...news, link: '/nowhere' } } },
      ],
      error: [new Error('boom')],
    },
  },
  provide: { actions: { persist: () => undefined } },
});
