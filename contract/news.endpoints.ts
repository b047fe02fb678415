import { endpoint } from './endpoint';
import { newsAnswer, newsQuery } from './news.schemas';

const news = {
  summary: 'The latest news of a tag in the language (else English), or null',
  tags: ['news'],
  access: 'signedIn',
  query: newsQuery,
  response: newsAnswer,
  errors: [400, 401],
  writes: false,
  matrix: { own: 200 },
} as const;

/** The staff app's news banner (spec §7: GET backOffice/notification/?lang&tag), for any signed-in staff member. */
export const newsEndpoints = {
  getNews: endpoint({ method: 'GET', path: '/services/backOffice/notification/', ...news }),
  /** The spec writes the path with its trailing slash; the same answer without it. */
  getNewsWithoutSlash: endpoint({ method: 'GET', path: '/services/backOffice/notification', ...news }),
};
