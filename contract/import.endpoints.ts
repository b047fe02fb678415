import { z } from 'zod';
import { endpoint } from './endpoint';
import { presetListQuery, presetParams, savedPreset, savePresetBody } from './import.schemas';

const base = '/services/backoffice/aedImport';
const tags = ['import'];

/**
 * The AED import's saved mappings (spec §7 "Import"), capability aed.import: a mapping kept under
 * a name for an account is proposed again when a file with the same header comes back. The other
 * import calls are still declared in server/src/modules/imports/routes.ts.
 */
export const importEndpoints = {
  savePreset: endpoint({
    method: 'POST',
    path: `${base}/presets`,
    summary: 'Keeps the mapping of a run under a name for an account (replaces the account’s mapping of that name)',
    tags,
    access: 'aed.import',
    body: savePresetBody,
    response: savedPreset,
    errors: [400, 401, 403, 404],
    writes: true,
    audit: { action: 'import.presetSave', target: 'body.idImport', details: ['idSite'] },
    matrix: { own: 404, note: 'an unknown import' },
  }),
  listPresets: endpoint({
    method: 'GET',
    path: `${base}/presets`,
    summary: 'The saved mappings of the caller’s accounts (or of one of them), newest first',
    tags,
    access: 'aed.import',
    query: presetListQuery,
    response: z.array(savedPreset),
    errors: [400, 401, 403],
    writes: false,
    matrix: { own: 200, other: 403, note: 'other: idSite of another account' },
  }),
  deletePreset: endpoint({
    method: 'DELETE',
    path: `${base}/presets/:id`,
    summary: 'Forgets a saved mapping of one of the caller’s accounts',
    tags,
    access: 'aed.import',
    params: presetParams,
    response: z.object({ id: z.number().int() }),
    errors: [400, 401, 403, 404],
    writes: true,
    audit: { action: 'import.presetDelete', target: 'params.id' },
    matrix: { own: 404, note: 'an unknown preset' },
  }),
};
