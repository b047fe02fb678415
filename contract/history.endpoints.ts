import { endpoint } from './endpoint';
import { chronology, chronologyParams, historyExportBody, historyPage, historyQuery } from './history.schemas';

const base = '/services/backoffice/alert';
const tags = ['history'];
const errors = [400, 401, 403, 404] as const;

/** The alert history calls (spec §7): list, chronology and export, capability alert.history. */
export const historyEndpoints = {
  getAlertHistory: endpoint({
    method: 'GET',
    path: `${base}/getAlertHistory`,
    summary: 'Launched alerts of the caller’s accounts, filtered and paged (page is one-based)',
    tags,
    access: 'alert.history',
    query: historyQuery,
    response: historyPage,
    errors,
    writes: false,
    matrix: { own: 200, other: 403, note: 'other: selectedSite of another account' },
  }),
  getAlertChronology: endpoint({
    method: 'GET',
    path: `${base}/getAlertChronology/:alertId`,
    summary: 'The timeline of one alert: log, offers, answers, progress, moves, close and call-backs',
    tags,
    access: 'alert.history',
    params: chronologyParams,
    response: chronology,
    errors,
    writes: false,
    matrix: { own: 200, other: 404 },
  }),
  exportAlertHistory: endpoint({
    method: 'POST',
    path: `${base}/exportAlertHistory`,
    summary: 'The history’s alerts as a streamed .xlsx (30 s budget)',
    tags,
    access: 'alert.history',
    body: historyExportBody,
    errors,
    writes: false,
    notAudited: 'a read sent as POST (an export file)',
    matrix: { own: 200, other: 403, note: 'other: selectedSite of another account' },
  }),
};
