import { endpoint } from './endpoint';
import { bulkHoursBody, bulkHoursResult } from './aed.schemas';
import { geoDaeExportBody, osmExportBody } from './aed-list.schemas';

const base = '/services/backOffice/aed';
const tags = ['aed'];

/**
 * The AED register's calls declared once (spec §7 "AED"). The others are still declared in
 * server/src/modules/aeds/routes-*.ts.
 */
export const aedEndpoints = {
  bulkHours: endpoint({
    method: 'PATCH',
    path: `${base}/bulkHours`,
    summary: 'Sets the same opening hours (always open, or weekly ranges) on AEDs selected in the list',
    tags,
    access: 'aed.write',
    body: bulkHoursBody,
    response: bulkHoursResult,
    errors: [400, 401, 403, 404],
    writes: true,
    audit: { action: 'aed.bulkHours', details: ['udids', 'alwaysOpened'] },
    matrix: { own: 200, other: 404, note: 'own: an AED of the caller’s account; other: an AED of another account (unknown to the caller)' },
  }),
  exportGeoDae: endpoint({
    method: 'POST',
    path: `${base}/exportGeoDae`,
    summary: 'The list scope and order as a GeoDAE declaration (schema-dae 1.0.7 CSV): ready AEDs only unless allAeds (x-not-ready-count says how many were not ready)',
    tags,
    access: 'aed.openData',
    body: geoDaeExportBody,
    errors: [400, 401, 403],
    writes: false,
    // A read, yet the file carries the operators' phones and e-mails out of Vigil: who took it is kept.
    audit: { action: 'aed.exportGeoDae', target: 'body.idSelected', details: ['allAeds', 'withChild'] },
    matrix: { own: 200, other: 403, note: 'other: the scope of another account' },
  }),
  exportOsm: endpoint({
    method: 'POST',
    path: `${base}/exportOsm`,
    summary: 'The list scope and order as GeoJSON with OpenStreetMap tags (emergency=defibrillator)',
    tags,
    access: 'aed.openData',
    body: osmExportBody,
    errors: [400, 401, 403],
    writes: false,
    audit: { action: 'aed.exportOsm', target: 'body.idSelected', details: ['withChild'] },
    matrix: { own: 200, other: 403, note: 'other: the scope of another account' },
  }),
};
