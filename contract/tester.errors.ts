/** Message keys of tester management (spec §8 "Testers"). */
export const testerErrors = {
  add: 'error.tester.add',
  remove: 'error.tester.remove',
  notify: 'error.tester.notify',
  list: 'error.tester.list',
  /** The search is only run from 2 characters (spec §5, §9). */
  searchTooShort: 'error.tester.search-too-short',
  notFound: 'error.tester.not-found',
} as const;
