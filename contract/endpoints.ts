import { aedEndpoints } from './aed.endpoints';
import { authEndpoints } from './auth.endpoints';
import { dashboardEndpoints } from './dashboard.endpoints';
import type { Endpoint } from './endpoint';
import { historyEndpoints } from './history.endpoints';
import { importEndpoints } from './import.endpoints';

/**
 * Every area's endpoint table, under the area's name: the SPA calls `endpoints.history.getAlertHistory`,
 * and the permission matrix, the audit list and the route check read them all.
 */
export const endpoints = {
  aed: aedEndpoints,
  auth: authEndpoints,
  dashboard: dashboardEndpoints,
  history: historyEndpoints,
  import: importEndpoints,
};

/** Every endpoint of every table. */
export const allEndpoints: readonly Endpoint[] = Object.values(endpoints).flatMap((table) => Object.values(table));
