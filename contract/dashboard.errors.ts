/** Message keys of the dashboards (spec §2, §8). Each has en/fr/de text in src/i18n/messages. */
export const dashboardErrorKeys = {
  /** A dashboard view that does not exist (spec §2 "an unknown dashboard gives a message"). */
  unknownDashboard: 'error.dashboard.unknown',
  /** Account statistics are for super administrators. */
  adminOnly: 'error.dashboard.admin-only',
  siteNotAllowed: 'error.dashboard.site-not-allowed',
} as const;
