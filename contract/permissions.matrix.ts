import { can, indicatorCapabilities } from './access';
import { accountEndpoints } from './account.endpoints';
import { aedEndpoints } from './aed.endpoints';
import { alertEndpoints } from './alert.endpoints';
import { auditEndpoints } from './audit.endpoints';
import { authEndpoints } from './auth.endpoints';
import { callbackEndpoints } from './callback.endpoints';
import { dashboardEndpoints } from './dashboard.endpoints';
import type { Access, Endpoint, MatrixCells } from './endpoint';
import { geoEndpoints } from './geo.endpoints';
import { groups } from './groups';
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
 * The permission matrix: every HTTP endpoint of Vigil, who may call it, and the status each group
 * gets on its own account and on another account. tests/server/permission-matrix.test.ts signs in
 * as every group and checks every cell; scripts/permissions-doc.ts renders it into
 * docs/permissions.md. An endpoint without a row fails the test.
 */

/** A row of the matrix: an endpoint's method, path and access, and its cells. */
export interface MatrixRow extends Pick<Endpoint, 'method' | 'path' | 'access'>, MatrixCells {}

/** The rows of an area's endpoint table (contract/<area>.endpoints.ts), in its order. */
const rowsOf = (table: Record<string, Endpoint>): MatrixRow[] => Object.values(table).map(({ method, path, access, matrix }) => ({ method, path, access, ...matrix }));

/** The groups of spec §6 the matrix covers: signed out, the six staff groups and the two pseudo-groups. */
export const matrixGroups = [0, 1, 5, 6, 7, 8, 9, 100001, 100002] as const;
export type MatrixGroup = (typeof matrixGroups)[number];

const sa = '/services/backOffice';

export const permissionMatrix: readonly MatrixRow[] = [
  // Operations and documentation
  { method: 'GET', path: '/health', access: 'public', own: 200 },
  { method: 'GET', path: '/api/docs', access: 'public', own: 200 },
  { method: 'GET', path: '/api/docs/', access: 'public', own: 200 },
  { method: 'GET', path: '/api/docs/json', access: 'public', own: 200 },
  { method: 'GET', path: '/api/docs/yaml', access: 'public', own: 200 },
  { method: 'GET', path: '/api/docs/static/index.html', access: 'public', own: 302, note: 'redirects to the viewer' },
  { method: 'GET', path: '/api/docs/static/swagger-initializer.js', access: 'public', own: 200 },
  { method: 'GET', path: '/api/docs/*', access: 'public', own: 404, note: 'an unknown asset of the viewer' },
  { method: 'GET', path: '/services/ws', access: 'public', own: 404, note: 'plain HTTP on the WebSocket path; the socket itself checks the token on setName' },

  // Sign-in, password, accounts
  { method: 'GET', path: `${sa}/signin/oidc/start`, access: 'public', own: 404, note: 'no identity provider configured' },
  { method: 'GET', path: `${sa}/signin/oidc/callback`, access: 'public', own: 302, note: 'back to the sign-in page with an error: no identity provider configured' },
  ...rowsOf(authEndpoints),
  ...rowsOf(passwordEndpoints),
  ...rowsOf(accountEndpoints),

  // Alerts
  ...rowsOf(alertEndpoints),

  // Alert history, call-backs, dashboards
  ...rowsOf(historyEndpoints),
  ...rowsOf(callbackEndpoints),
  ...rowsOf(dashboardEndpoints),
  ...rowsOf(indicatorEndpoints),
  ...rowsOf(simulationEndpoints),

  // AED register
  ...rowsOf(aedEndpoints),
  ...rowsOf(geoEndpoints),

  // AED import
  ...rowsOf(importEndpoints),

  // Push notifications, news, testers
  ...rowsOf(notificationEndpoints),
  ...rowsOf(newsEndpoints),
  ...rowsOf(testerEndpoints),

  // Responder validation
  ...rowsOf(validationEndpoints),

  // Audit log
  ...rowsOf(auditEndpoints),

  // Live inspection of the domain charts
  ...rowsOf(inspectionEndpoints),

  // Responder API (device tokens, never staff sessions)
  ...rowsOf(responderEndpoints),
];

/** The key of a row: `METHOD /path`. */
export function rowKey(row: Pick<MatrixRow, 'method' | 'path'>): string {
  return `${row.method} ${row.path}`;
}

/** Whether a group passes an endpoint's access rule (a responder device is not a staff group). */
export function allowed(access: Access, group: MatrixGroup): boolean {
  if (access === 'public') return true;
  if (access === 'responder' || group === groups.signedOut) return false;
  if (access === 'signedIn') return true;
  if (access === 'indicators') return indicatorCapabilities.some((capability) => can(group, capability));
  return can(group, access);
}

/** The expected status of one cell: 401 without a session, 403 without the right, else the row's status. */
export function expectedStatus(row: MatrixRow, group: MatrixGroup, target: 'own' | 'other'): number | undefined {
  const status = target === 'own' ? row.own : row.other;
  if (status === undefined) return undefined;
  if (row.access === 'public') return status;
  if (row.access === 'responder' || group === groups.signedOut) return 401;
  const passes = row.groups ? row.groups.includes(group) : allowed(row.access, group);
  return passes ? status : 403;
}
