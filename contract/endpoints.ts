import { accountEndpoints } from './account.endpoints';
import { aedEndpoints } from './aed.endpoints';
import { alertEndpoints } from './alert.endpoints';
import { auditEndpoints } from './audit.endpoints';
import { authEndpoints } from './auth.endpoints';
import { callbackEndpoints } from './callback.endpoints';
import { dashboardEndpoints } from './dashboard.endpoints';
import type { Endpoint } from './endpoint';
import { geoEndpoints } from './geo.endpoints';
import { historyEndpoints } from './history.endpoints';
import { importEndpoints } from './import.endpoints';
import { indicatorEndpoints } from './indicator.endpoints';
import { inspectionEndpoints } from './inspection.endpoints';
import { newsEndpoints } from './news.endpoints';
import { notificationEndpoints } from './notification.endpoints';
import { passwordEndpoints } from './password.endpoints';
import { responderEndpoints } from './responder.endpoints';
import { simulationEndpoints } from './simulation.endpoints';
import { testerEndpoints } from './tester.endpoints';
import { validationEndpoints } from './validation.endpoints';

/**
 * Every area's endpoint table, under the area's name, for what reads them all: the permission
 * matrix, the audit list and the route check. The SPA imports an area's own table instead
 * (`contract/<area>.endpoints.ts`): this registry would load every table's schemas into each screen.
 */
export const endpoints = {
  account: accountEndpoints,
  aed: aedEndpoints,
  alert: alertEndpoints,
  audit: auditEndpoints,
  auth: authEndpoints,
  callback: callbackEndpoints,
  dashboard: dashboardEndpoints,
  geo: geoEndpoints,
  history: historyEndpoints,
  import: importEndpoints,
  indicator: indicatorEndpoints,
  inspection: inspectionEndpoints,
  news: newsEndpoints,
  notification: notificationEndpoints,
  password: passwordEndpoints,
  responder: responderEndpoints,
  simulation: simulationEndpoints,
  tester: testerEndpoints,
  validation: validationEndpoints,
};

/** Every endpoint of every table. */
export const allEndpoints: readonly Endpoint[] = Object.values(endpoints).flatMap((table) => Object.values(table));
