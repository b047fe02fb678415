import { endpoint } from './endpoint';
import { diplomaParams, validationList, validationPatch, validationPatched, validationQuery } from './validation.schemas';

const base = '/services/backoffice/firstResponder';
const tags = ['validation'];

/** Validation of citizen responders (spec §7), capability citizen.validate. */
export const validationEndpoints = {
  getDataValidationResponder: endpoint({
    method: 'GET',
    path: `${base}/getDataValidationResponder`,
    summary: 'Responders waiting for validation, with their diploma (page is one-based)',
    tags,
    access: 'citizen.validate',
    query: validationQuery,
    response: validationList,
    errors: [400, 401, 403],
    writes: false,
    matrix: { own: 200 },
  }),
  getDiploma: endpoint({
    method: 'GET',
    path: `${base}/getDiploma/:id`,
    summary: 'The diploma image (PNG, JPEG, WebP) or PDF of a responder',
    tags,
    access: 'citizen.validate',
    params: diplomaParams,
    errors: [400, 401, 403, 404],
    writes: false,
    matrix: { own: 404, note: 'an unknown responder' },
  }),
  patchDataValidationResponder: endpoint({
    method: 'PATCH',
    path: `${base}/patchDataValidationResponder`,
    summary: 'Validates, refuses or puts back on hold some responders, or every waiting one',
    tags,
    access: 'citizen.validate',
    body: validationPatch,
    response: validationPatched,
    errors: [400, 401, 403, 404],
    writes: true,
    audit: { action: 'responder.validate', details: ['status', 'ids', 'all'] },
    matrix: { own: 404, note: 'an unknown responder' },
  }),
};
