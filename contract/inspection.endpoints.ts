import { z } from 'zod';
import { capabilities } from './access';
import { endpoint } from './endpoint';
import { alertCharts, inspectableAlert, inspectionAccess, inspectionAlertParams } from './inspection';

const base = '/services/inspection/v1';
const tags = ['inspection'];
const errors = [401, 403, 404] as const;
/** The server checks inspect.live and the groups the configuration adds (none in the matrix's test). */
const inspectors = { groups: capabilities['inspect.live'], note: 'inspect.live, and the groups INSPECTOR_GROUPS adds' };

/**
 * The live inspector's calls: who may open it, open alerts, and an alert's domain charts from its
 * log. The last two are for inspectors (inspect.live, and the groups the configuration adds).
 */
export const inspectionEndpoints = {
  access: endpoint({
    method: 'GET',
    path: `${base}/access`,
    summary: 'Whether the caller may open the live inspector',
    tags,
    access: 'signedIn',
    response: inspectionAccess,
    errors,
    writes: false,
    matrix: { own: 200, note: 'answers whether the caller may open the inspector' },
  }),
  alerts: endpoint({
    method: 'GET',
    path: `${base}/alerts`,
    summary: 'Open alerts of the caller’s account subtree, with their alert-chart state',
    tags,
    access: 'signedIn',
    response: z.array(inspectableAlert),
    errors,
    writes: false,
    matrix: { ...inspectors, own: 200 },
  }),
  alertCharts: endpoint({
    method: 'GET',
    path: `${base}/alerts/:alertId`,
    summary: 'The alert chart and each responder-request chart of an alert, replayed from its event log',
    tags,
    access: 'signedIn',
    params: inspectionAlertParams,
    response: alertCharts,
    errors,
    writes: false,
    matrix: { ...inspectors, own: 200, other: 404 },
  }),
};
