import type { AnyMachineSnapshot } from 'xstate';
import { aedImportMachine } from '../../src/machines/aed-import/aed-import.machine';
import type { AedImportContext } from '../../src/machines/aed-import/aed-import.types';
import { definePathModel, type EventSamples } from './kit';
import { failure, ok, presetSample, rowSample, rowsSample, runSample, uploadSample } from './aed-import.fixtures';

/**
 * Model of the AED import machine for `npm run test:paths` and tests/machines/aed-import.model.test.ts:
 * resume of a stored run (mapping, processing, refused), upload with and without a preset, the
 * name, every mapping edit, save and start refused or accepted, progress to paused, done and
 * failed runs, paging, retry and force, resume, restart and download.
 */
export const aedImportEvents = {
  'import.open': [{ type: 'import.open', idImport: 7 }],
  'file.choose': [{ type: 'file.choose', file: new File(['Nom;Adresse;Ville\n'], 'aeds.csv', { type: 'text/csv' }) }],
  'import.name': [
    { type: 'import.name', name: 'Riom' },
    { type: 'import.name', name: ' ' },
  ],
  'import.create': [{ type: 'import.create' }],
  'import.account': [{ type: 'import.account', idSite: 2 }],
  'mapping.ignoreUnproposed': [{ type: 'mapping.ignoreUnproposed' }],
  'mapping.hoursDefault': [{ type: 'mapping.hoursDefault', value: 'alwaysOpen' }],
  'preset.name': [{ type: 'preset.name', name: 'Riom' }],
  'preset.save': [{ type: 'preset.save' }],
  'mapping.field': [
    { type: 'mapping.field', key: 'A1', field: null },
    { type: 'mapping.field', key: 'A1', field: 'l_name' },
  ],
  'mapping.primaryKey': [{ type: 'mapping.primaryKey', key: 'A1' }],
  'mapping.preset': [{ type: 'mapping.preset' }],
  'mapping.submit': [{ type: 'mapping.submit' }],
  'step.back': [{ type: 'step.back' }],
  'progress.update': [
    { type: 'progress.update', run: runSample('processing') },
    { type: 'progress.update', run: runSample('done') },
    { type: 'progress.update', run: runSample('paused') },
    { type: 'progress.update', run: runSample('failed') },
  ],
  'import.pause': [{ type: 'import.pause' }],
  'import.resume': [{ type: 'import.resume' }],
  'import.restart': [{ type: 'import.restart' }],
  'rows.page': [
    { type: 'rows.page', page: 2 },
    { type: 'rows.page', page: 1 },
  ],
  'row.retry': [
    { type: 'row.retry', row: 4 },
    { type: 'row.retry', row: 2 },
  ],
  'row.force': [
    { type: 'row.force', row: 3 },
    { type: 'row.force', row: 4 },
  ],
  'results.download': [{ type: 'results.download' }],
  'import.new': [{ type: 'import.new' }],
} satisfies EventSamples<typeof aedImportMachine>;

/**
 * Only what the guards of the current step read: the file step's upload, name and account; the
 * mapping's rows, preset and preset name; the run's state, page and rows once it is processing.
 * Context another step reads is left out, so the traversal does not multiply each step's states by
 * the others' (step.back keeps the file, its preset and the name, import.new clears them).
 */
function serializeState(snapshot: AnyMachineSnapshot): string {
  const context = snapshot.context as AedImportContext;
  const step = typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0];
  const preset = (context.run?.preset ?? context.upload?.preset ?? null) !== null;
  if (step === 'importing') return JSON.stringify({ value: snapshot.value, upload: context.upload !== null, preset, named: context.name.trim() !== '', site: context.idSite > 0 });
  if (step === 'mapping') {
    return JSON.stringify({
      value: snapshot.value,
      preset,
      presetNamed: context.presetName.trim() !== '',
      rowStates: context.rowStates.map((row) => [row.field !== null, row.primaryKey]),
    });
  }
  return JSON.stringify({ value: snapshot.value, run: context.run?.state ?? null, page: context.page, rows: context.rows.map((row) => row.status), count: context.rowCount });
}

export const pathModel = definePathModel({
  machine: aedImportMachine,
  input: { idSite: 1, lang: 'en' },
  events: aedImportEvents,
  actors: {
    uploadFile: { done: [ok(uploadSample()), ok(uploadSample(presetSample)), failure('error.import.no-rows', 400)], error: [new Error('boom')] },
    createImport: { done: [ok(runSample('uploaded')), failure('error.network')], error: [new Error('boom')] },
    loadImport: { done: [ok(runSample('mapped')), ok(runSample('done')), failure('error.import.not-found', 404)], error: [new Error('boom')] },
    saveMappings: { done: [ok(runSample('mapped')), failure('error.import.mapping-name-required', 400)], error: [new Error('boom')] },
    startImport: { done: [ok(runSample('processing')), ok(runSample('done')), failure('error.import.illegal-step', 409)], error: [new Error('boom')] },
    pauseImport: { done: [ok(runSample('paused')), failure('error.import.illegal-step', 409)], error: [new Error('boom')] },
    resumeImport: { done: [ok(runSample('processing')), failure('error.import.illegal-step', 409)], error: [new Error('boom')] },
    loadRows: { done: [ok({ list: rowsSample, count: 23 }), failure('error.network')], error: [new Error('boom')] },
    processRow: { done: [ok(rowSample(3, 'inserted')), failure('error.import.row-not-found', 404)], error: [new Error('boom')] },
    loadImports: { done: [ok([runSample('done')])], error: [new Error('boom')] },
    loadAccounts: { done: [ok([{ id: 1, name: 'SDIS 63', kind: 'internal', tag: null, parentId: null, logo: null, country: 'FR' }])], error: [new Error('boom')] },
    savePreset: { done: [ok({ id: 1, idSite: 1, name: 'Riom', columns: ['Nom'], fieldMapConfig: presetSample.fieldMapConfig, createdAt: '2026-11-27T10:00:00Z' }), failure('error.import.preset-not-found', 404)], error: [new Error('boom')] },
    exportResults: { done: [ok(new Blob(['x'])), failure('error.import.export', 500)], error: [new Error('boom')] },
  },
  serializeState,
  limit: 20000,
});
