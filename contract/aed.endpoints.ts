import { endpoint } from './endpoint';
import { bulkHoursBody, bulkHoursResult } from './aed.schemas';

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
};
