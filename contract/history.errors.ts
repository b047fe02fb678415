/** Message keys of the alert history calls (spec §5, §8). Each has en/fr/de text in src/i18n/messages. */
export const historyErrorKeys = {
  /** The export found no alert for the filters (spec §8). */
  noValidAlerts: 'error.history.no-valid-alerts',
  unknownExportType: 'error.history.unknown-export-type',
  /** The Excel file could not be built (spec §8 "error creating Excel file"). */
  exportFailed: 'error.history.export-failed',
  /** The start date is older than the history keeps open (spec §5). */
  startTooOld: 'error.history.start-too-old',
  /** Start after end (spec §5 "start before end"). */
  startAfterEnd: 'error.history.start-after-end',
  invalidDate: 'error.history.invalid-date',
  /** selectedSite is not an account of the caller's subtree. */
  siteNotAllowed: 'error.history.site-not-allowed',
} as const;
