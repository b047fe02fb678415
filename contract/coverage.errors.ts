/** Message keys of the coverage-gap map (spec §8). Each has en/fr/de text in src/i18n/messages. */
export const coverageErrorKeys = {
  siteNotAllowed: 'error.coverage.site-not-allowed',
  /** The clicked point is outside the account's area. */
  outsideArea: 'error.coverage.outside-area',
} as const;
