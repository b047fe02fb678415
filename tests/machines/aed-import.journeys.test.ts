import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import type { FieldMapConfig, ImportFileResult, ImportRowResult, ImportRun } from '../../contract/import.schemas';
import { importFieldIds } from '../../contract/import.fields';
import { aedImportMachine } from '../../src/machines/aed-import/aed-import.machine';
import { isBusy, progressOf, stepOf } from '../../src/machines/aed-import/aed-import.selectors';
import type { Result } from '../../src/services/http';
import { failure, headerSample, ok, presetSample, rowSample, rowsSample, runSample, uploadSample } from './aed-import.fixtures';

/**
 * Pinned journeys of the AED import screen (spec §2 steps Import, Mapping, Processing; §4 "Import";
 * §5 "Import needs a name, required fields and an uploaded file"), each with the calls the machine
 * made and the state it ends in.
 */

type Call = { src: string; input: unknown };

interface Script {
  upload?: Result<ImportFileResult>;
  create?: Result<ImportRun>;
  load?: (idImport: number) => Result<ImportRun>;
  save?: (fieldMapConfig: FieldMapConfig) => Result<ImportRun>;
  runs?: Result<ImportRun[]>;
  start?: Result<ImportRun>;
  pause?: Result<ImportRun>;
  resume?: Result<ImportRun>;
  rows?: (page: number) => Result<{ list: ImportRowResult[]; count: number }>;
  processRow?: (row: number, forced: boolean) => Result<ImportRowResult>;
  exportResults?: Result<Blob>;
}

function start(script: Script = {}) {
  const calls: Call[] = [];
  const saved: Blob[] = [];
  const watching: number[] = [];
  const answer = <I, T>(src: string, reply: (input: I) => T) =>
    fromPromise(async ({ input }: { input: I }) => {
      calls.push({ src, input });
      return reply(input);
    });
  const machine = aedImportMachine.provide({
    actors: {
      uploadFile: answer('uploadFile', () => script.upload ?? ok(uploadSample(presetSample))),
      createImport: answer('createImport', () => script.create ?? ok(runSample('uploaded', { preset: presetSample }))),
      loadImport: answer('loadImport', (input: { idImport: number }) => (script.load ? script.load(input.idImport) : ok(runSample('done')))),
      saveMappings: answer('saveMappings', (input: { fieldMapConfig: FieldMapConfig }) => (script.save ? script.save(input.fieldMapConfig) : ok(runSample('mapped', { fieldMapConfig: input.fieldMapConfig })))),
      startImport: answer('startImport', () => script.start ?? ok(runSample('processing'))),
      pauseImport: answer('pauseImport', () => script.pause ?? ok(runSample('paused'))),
      resumeImport: answer('resumeImport', () => script.resume ?? ok(runSample('processing'))),
      loadRows: answer('loadRows', (input: { page: number }) => (script.rows ? script.rows(input.page) : ok({ list: rowsSample, count: rowsSample.length }))),
      processRow: answer('processRow', (input: { row: number; forced: boolean }) => (script.processRow ? script.processRow(input.row, input.forced) : ok(rowSample(input.row, 'inserted')))),
      exportResults: answer('exportResults', () => script.exportResults ?? ok(new Blob(['results']))),
      savePreset: answer('savePreset', () => ok({ id: 3, idSite: 4, name: 'Riom', columns: [], fieldMapConfig: presetSample.fieldMapConfig, createdAt: '2026-11-27T10:00:00Z' })),
      // The first step's lists: not recorded, so `sources()` shows the calls a journey makes.
      loadImports: fromPromise(async () => script.runs ?? ok([] as ImportRun[])),
      loadAccounts: fromPromise(async () => ok([{ id: 4, name: 'SDIS 63', kind: 'internal', tag: null, parentId: null, logo: null, country: 'FR' }, { id: 5, name: 'CODIS 63', kind: 'internal', tag: null, parentId: 4, logo: null, country: 'FR' }])),
      // Progress is sent by the test itself (progress.update), as REFRESH_IMPORT would.
      watchProgress: fromCallback(({ input }: { input: { idImport: number } }) => {
        watching.push(input.idImport);
        return () => undefined;
      }),
    } as never,
    actions: {
      saveFile: ({ event }) => saved.push((event as unknown as { output: { ok: true; data: Blob } }).output.data),
    },
  });
  const actor = createActor(machine, { input: { idSite: 4, lang: 'fr' } }).start();
  const sources = () => calls.map((call) => call.src);
  return { actor, calls, sources, saved, watching };
}

type Actor = ReturnType<typeof start>['actor'];
const at = (actor: Actor, value: Parameters<ReturnType<Actor['getSnapshot']>['matches']>[0]) => waitFor(actor, (snapshot) => snapshot.matches(value));
const file = () => new File(['Nom;Adresse;Ville\nMairie;1 place;Riom\n'], 'aeds.csv', { type: 'text/csv' });

describe('AED import journeys', () => {
  it('goes from a file with a recognised preset to the results: upload, name, mapping as the preset says, the server run, its rows', async () => {
    const { actor, calls, sources, watching } = start();
    expect(stepOf(actor.getSnapshot())).toBe(0);
    actor.send({ type: 'file.choose', file: file() });
    await at(actor, { importing: 'idle' });
    expect(actor.getSnapshot().context.upload?.numRows).toBe(3);
    actor.send({ type: 'import.name', name: '  Riom 2026  ' });
    actor.send({ type: 'import.create' });
    await at(actor, { mapping: 'editing' });
    // The name is sent trimmed, with the account and the handle importFile answered.
    expect(calls.find((call) => call.src === 'createImport')?.input).toEqual({ idSite: 4, name: 'Riom 2026', fileName: 'f-1.csv' });
    // A row state per header cell; the preset's fields and key, the unknown column ignored.
    expect(actor.getSnapshot().context.rowStates).toEqual([
      { key: 'A1', column: 'Nom', field: 'l_name', primaryKey: true },
      { key: 'B1', column: 'Adresse', field: 'l_address', primaryKey: false },
      { key: 'C1', column: 'Ville', field: null, primaryKey: false },
    ]);
    expect(stepOf(actor.getSnapshot())).toBe(1);
    actor.send({ type: 'mapping.field', key: 'C1', field: 'l_city' });
    actor.send({ type: 'mapping.submit' });
    await at(actor, { processing: 'running' });
    expect(calls.find((call) => call.src === 'saveMappings')?.input).toEqual({
      idImport: 7,
      fieldMapConfig: [
        { key: 'A1', column: 'Nom', field: 'l_name', primaryKey: true },
        { key: 'B1', column: 'Adresse', field: 'l_address', primaryKey: false },
        { key: 'C1', column: 'Ville', field: 'l_city', primaryKey: false },
      ],
      // No column gives hours: the run's default for new AEDs, "unknown, to check" unless staff choose.
      hoursDefault: 'unknown',
    });
    expect(stepOf(actor.getSnapshot())).toBe(2);
    expect(watching).toEqual([7]);
    // Progress over the socket moves the bar; the run being done loads the rows.
    actor.send({ type: 'progress.update', run: runSample('processing', { processed: 1, total: 4 }) });
    expect(progressOf(actor.getSnapshot())).toBe(25);
    actor.send({ type: 'progress.update', run: runSample('done') });
    await at(actor, { processing: 'settled' });
    expect(progressOf(actor.getSnapshot())).toBe(100);
    expect(actor.getSnapshot().context.rows.map((row) => row.status)).toEqual(['inserted', 'duplicate', 'failed']);
    expect(sources()).toEqual(['uploadFile', 'createImport', 'saveMappings', 'startImport', 'loadRows']);
    expect(calls.at(-1)?.input).toEqual({ idImport: 7, page: 1, limit: 20 });
  });

  it('without a preset, makes a row state per header with primaryKey false and the first AED field; the key marks exactly one row', async () => {
    const { actor } = start({ upload: ok(uploadSample()), create: ok(runSample('uploaded')) });
    actor.send({ type: 'file.choose', file: file() });
    await at(actor, { importing: 'idle' });
    actor.send({ type: 'import.name', name: 'Riom' });
    actor.send({ type: 'import.create' });
    await at(actor, { mapping: 'editing' });
    const first = importFieldIds[0];
    expect(actor.getSnapshot().context.rowStates).toEqual(headerSample.map((cell) => ({ key: cell.cellAddress, column: cell.value, field: first, primaryKey: false })));
    // No key yet: the mapping cannot go.
    expect(actor.getSnapshot().can({ type: 'mapping.submit' })).toBe(false);
    actor.send({ type: 'mapping.primaryKey', key: 'A1' });
    actor.send({ type: 'mapping.primaryKey', key: 'B1' });
    expect(actor.getSnapshot().context.rowStates.map((row) => row.primaryKey)).toEqual([false, true, false]);
    // Ignoring the key's column takes the key away with it.
    actor.send({ type: 'mapping.field', key: 'B1', field: null });
    expect(actor.getSnapshot().context.rowStates.map((row) => row.primaryKey)).toEqual([false, false, false]);
    expect(actor.getSnapshot().can({ type: 'mapping.submit' })).toBe(false);
    // There is no preset to go back to.
    expect(actor.getSnapshot().can({ type: 'mapping.preset' })).toBe(false);
  });

  it('going back to the file step (tab value 0) resets every primary-key flag; the preset puts the mapping back', async () => {
    const { actor } = start();
    actor.send({ type: 'file.choose', file: file() });
    await at(actor, { importing: 'idle' });
    actor.send({ type: 'import.name', name: 'Riom' });
    actor.send({ type: 'import.create' });
    await at(actor, { mapping: 'editing' });
    actor.send({ type: 'mapping.field', key: 'B1', field: 'l_city' });
    actor.send({ type: 'step.back' });
    let snapshot = actor.getSnapshot();
    expect(snapshot.matches({ importing: 'idle' })).toBe(true);
    expect(snapshot.context.tabValue).toBe(0);
    expect(snapshot.context.rowStates.every((row) => !row.primaryKey)).toBe(true);
    // The name and the file stay: the next step is one click away.
    expect(snapshot.context.name).toBe('Riom');
    expect(snapshot.can({ type: 'import.create' })).toBe(true);
    actor.send({ type: 'import.create' });
    await at(actor, { mapping: 'editing' });
    actor.send({ type: 'mapping.field', key: 'B1', field: 'l_city' });
    actor.send({ type: 'mapping.preset' });
    snapshot = actor.getSnapshot();
    expect(snapshot.context.rowStates.map((row) => [row.field, row.primaryKey])).toEqual([
      ['l_name', true],
      ['l_address', false],
      [null, false],
    ]);
  });

  it('needs a name and an uploaded file before creating the import (§5), and keeps the key of a refused upload', async () => {
    const { actor, sources } = start({ upload: failure('error.import.not-spreadsheet', 422) });
    actor.send({ type: 'import.name', name: 'Riom' });
    actor.send({ type: 'import.create' });
    expect(actor.getSnapshot().matches({ importing: 'idle' })).toBe(true);
    actor.send({ type: 'file.choose', file: new File(['%PDF-1.7'], 'aeds.xlsx') });
    await at(actor, { importing: 'idle' });
    expect(actor.getSnapshot().context.errorKey).toBe('error.import.not-spreadsheet');
    expect(actor.getSnapshot().context.upload).toBeNull();
    actor.send({ type: 'import.create' });
    expect(sources()).toEqual(['uploadFile']);

    const named = start();
    named.actor.send({ type: 'file.choose', file: file() });
    await at(named.actor, { importing: 'idle' });
    named.actor.send({ type: 'import.name', name: '   ' });
    expect(named.actor.getSnapshot().can({ type: 'import.create' })).toBe(false);
    named.actor.send({ type: 'import.create' });
    expect(named.sources()).toEqual(['uploadFile']);
    expect(named.actor.getSnapshot().context.errorKey).toBeNull();
  });

  it('stays on the mapping with the server’s key when it refuses the mapping, and starts nothing', async () => {
    const { actor, sources } = start({ save: () => failure('error.import.mapping-location-required', 400) });
    actor.send({ type: 'file.choose', file: file() });
    await at(actor, { importing: 'idle' });
    actor.send({ type: 'import.name', name: 'Riom' });
    actor.send({ type: 'import.create' });
    await at(actor, { mapping: 'editing' });
    actor.send({ type: 'mapping.submit' });
    expect(isBusy(actor.getSnapshot())).toBe(true);
    await at(actor, { mapping: 'editing' });
    expect(actor.getSnapshot().context.errorKey).toBe('error.import.mapping-location-required');
    expect(sources()).toEqual(['uploadFile', 'createImport', 'saveMappings']);
    expect(stepOf(actor.getSnapshot())).toBe(1);
  });

  it('retries a failed row, forces a potential duplicate, reads the run again after each, and downloads the results', async () => {
    const counts = { inserted: 2, updated: 0, unchanged: 0, deleted: 0, duplicate: 0, failed: 1 };
    const { actor, calls, saved } = start({
      load: () => ok(runSample('done', { counts })),
      processRow: (row, forced) => (forced ? ok(rowSample(row, 'inserted')) : ok(rowSample(row, 'failed', ['error.import.row.name-required']))),
    });
    actor.send({ type: 'import.open', idImport: 7 });
    await at(actor, { processing: 'settled' });
    // Retry is offered on failed rows, force on potential duplicates only.
    const snapshot = actor.getSnapshot();
    expect(snapshot.can({ type: 'row.force', row: 4 })).toBe(false);
    expect(snapshot.can({ type: 'row.force', row: 3 })).toBe(true);
    expect(snapshot.can({ type: 'row.retry', row: 2 })).toBe(false);
    expect(snapshot.can({ type: 'row.retry', row: 4 })).toBe(true);
    actor.send({ type: 'row.retry', row: 4 });
    expect(actor.getSnapshot().context.busyRow).toBe(4);
    await at(actor, { processing: 'settled' });
    actor.send({ type: 'row.force', row: 3 });
    await at(actor, { processing: 'settled' });
    expect(actor.getSnapshot().context.rows.map((row) => [row.row, row.status])).toEqual([
      [2, 'inserted'],
      [3, 'inserted'],
      [4, 'failed'],
    ]);
    expect(actor.getSnapshot().context.busyRow).toBeNull();
    expect(actor.getSnapshot().context.run?.counts).toEqual(counts);
    actor.send({ type: 'results.download' });
    await at(actor, { processing: 'settled' });
    expect(saved).toHaveLength(1);
    expect(calls.map((call) => [call.src, call.input])).toEqual([
      ['loadImport', { idImport: 7 }],
      ['loadRows', { idImport: 7, page: 1, limit: 20 }],
      ['processRow', { idImport: 7, row: 4, forced: false }],
      ['loadImport', { idImport: 7 }],
      ['processRow', { idImport: 7, row: 3, forced: true }],
      ['loadImport', { idImport: 7 }],
      ['exportResults', { idImport: 7, lang: 'fr' }],
    ]);
  });

  it('a refused force (a device the register holds) keeps the row as it was and says why', async () => {
    const { actor } = start({ processRow: () => failure('error.aed.already-exists', 409) });
    actor.send({ type: 'import.open', idImport: 7 });
    await at(actor, { processing: 'settled' });
    actor.send({ type: 'row.force', row: 3 });
    await at(actor, { processing: 'settled' });
    expect(actor.getSnapshot().context.errorKey).toBe('error.aed.already-exists');
    expect(actor.getSnapshot().context.rows.find((row) => row.row === 3)?.status).toBe('duplicate');
    expect(actor.getSnapshot().context.busyRow).toBeNull();
  });

  it('pauses a run between batches and resumes it where it stopped', async () => {
    const { actor, sources } = start({ load: () => ok(runSample('processing')) });
    actor.send({ type: 'import.open', idImport: 7 });
    await at(actor, { processing: 'running' });
    actor.send({ type: 'import.pause' });
    await at(actor, { processing: 'settled' });
    expect(actor.getSnapshot().context.run?.state).toBe('paused');
    expect(actor.getSnapshot().can({ type: 'import.restart' })).toBe(false);
    actor.send({ type: 'import.resume' });
    await at(actor, { processing: 'running' });
    actor.send({ type: 'progress.update', run: runSample('done') });
    await at(actor, { processing: 'settled' });
    expect(sources()).toEqual(['loadImport', 'pauseImport', 'loadRows', 'resumeImport', 'loadRows']);
  });

  it('restarts a finished run from the first page of results', async () => {
    const { actor, calls } = start({ rows: () => ok({ list: rowsSample, count: 45 }) });
    actor.send({ type: 'import.open', idImport: 7 });
    await at(actor, { processing: 'settled' });
    actor.send({ type: 'rows.page', page: 3 });
    await at(actor, { processing: 'settled' });
    // Page 4 would be past the 45 rows.
    expect(actor.getSnapshot().can({ type: 'rows.page', page: 4 })).toBe(false);
    expect(actor.getSnapshot().context.page).toBe(3);
    actor.send({ type: 'import.restart' });
    await at(actor, { processing: 'running' });
    expect(actor.getSnapshot().context.page).toBe(1);
    actor.send({ type: 'progress.update', run: runSample('done') });
    await at(actor, { processing: 'settled' });
    expect(calls.filter((call) => call.src === 'loadRows').map((call) => (call.input as { page: number }).page)).toEqual([1, 3, 1]);
  });

  it('reopens a stored run after a reload: a mapped one on its mapping, a missing one on the file step with the key', async () => {
    const mapped = start({ load: () => ok(runSample('mapped', { fieldMapConfig: presetSample.fieldMapConfig.concat({ key: 'C1', column: 'Ville', field: 'l_city', primaryKey: false }) })) });
    mapped.actor.send({ type: 'import.open', idImport: 7 });
    await at(mapped.actor, { mapping: 'editing' });
    expect(mapped.actor.getSnapshot().context.name).toBe('Riom');
    expect(mapped.actor.getSnapshot().context.rowStates.map((row) => row.field)).toEqual(['l_name', 'l_address', 'l_city']);

    const missing = start({ load: () => failure('error.import.not-found', 404) });
    missing.actor.send({ type: 'import.open', idImport: 99 });
    await at(missing.actor, { importing: 'idle' });
    expect(missing.actor.getSnapshot().context.errorKey).toBe('error.import.not-found');
    expect(missing.actor.getSnapshot().context.run).toBeNull();
  });

  it('a failed run can be resumed; starting a new import forgets the old one', async () => {
    const { actor } = start({ load: () => ok(runSample('failed', { error: 'error.import.job-failed' })) });
    actor.send({ type: 'import.open', idImport: 7 });
    await at(actor, { processing: 'settled' });
    expect(actor.getSnapshot().can({ type: 'import.resume' })).toBe(true);
    actor.send({ type: 'import.new' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ importing: 'idle' })).toBe(true);
    expect(snapshot.context).toMatchObject({ run: null, upload: null, name: '', rows: [], rowStates: [], tabValue: 0 });
  });

  it('an ignored column sends no field, whatever the list hands back; proposals fill the columns the preset left out', async () => {
    const proposals = [{ key: 'C1', field: 'l_city', reason: 'postcode' as const }];
    const { actor, calls } = start({ upload: ok({ ...uploadSample(presetSample), proposals }), create: ok(runSample('uploaded', { preset: presetSample, proposals })) });
    actor.send({ type: 'file.choose', file: file() });
    await at(actor, { importing: 'idle' });
    actor.send({ type: 'import.name', name: 'Riom' });
    actor.send({ type: 'import.create' });
    await at(actor, { mapping: 'editing' });
    expect(actor.getSnapshot().context.rowStates.map((row) => row.field)).toEqual(['l_name', 'l_address', 'l_city']);
    // The list of fields hands back its "(ignored)" option as an object: the column is ignored.
    actor.send({ type: 'mapping.field', key: 'B1', field: { label: '(ignorée)', value: null } as never });
    actor.send({ type: 'mapping.field', key: 'C1', field: '' });
    expect(actor.getSnapshot().context.rowStates.map((row) => row.field)).toEqual(['l_name', null, null]);
    actor.send({ type: 'mapping.hoursDefault', value: 'alwaysOpen' });
    actor.send({ type: 'mapping.submit' });
    await at(actor, { processing: 'running' });
    expect(calls.find((call) => call.src === 'saveMappings')?.input).toMatchObject({ fieldMapConfig: [{ field: 'l_name' }, { field: null }, { field: null }], hoursDefault: 'alwaysOpen' });
  });

  it('ignores every column not proposed at once, and saves the mapping under a name for the chosen account', async () => {
    const { actor, calls } = start({ upload: ok(uploadSample(null)), create: ok(runSample('uploaded', { idSite: 5, proposals: [{ key: 'B1', field: 'l_address', reason: 'latLon' }] })) });
    await waitFor(actor, (snapshot) => snapshot.context.accounts.length === 2);
    actor.send({ type: 'import.account', idSite: 5 });
    actor.send({ type: 'file.choose', file: file() });
    await at(actor, { importing: 'idle' });
    actor.send({ type: 'import.name', name: 'Riom' });
    actor.send({ type: 'import.create' });
    await at(actor, { mapping: 'editing' });
    expect(calls.find((call) => call.src === 'createImport')?.input).toMatchObject({ idSite: 5 });
    // Without a preset, spec §4's first AED field, except where the values proposed one.
    expect(actor.getSnapshot().context.rowStates.map((row) => row.field)).toEqual([importFieldIds[0], 'l_address', importFieldIds[0]]);
    actor.send({ type: 'mapping.ignoreUnproposed' });
    expect(actor.getSnapshot().context.rowStates.map((row) => row.field)).toEqual([null, 'l_address', null]);
    actor.send({ type: 'mapping.field', key: 'A1', field: 'l_name' });
    actor.send({ type: 'mapping.primaryKey', key: 'A1' });
    expect(actor.getSnapshot().can({ type: 'preset.save' })).toBe(false);
    actor.send({ type: 'preset.name', name: 'Mairies' });
    actor.send({ type: 'preset.save' });
    await waitFor(actor, (snapshot) => snapshot.context.presetSaved);
    expect(calls.find((call) => call.src === 'savePreset')?.input).toMatchObject({ idSite: 5, name: 'Mairies', idImport: 7 });
  });

  it('forces a row the address service placed only at its commune', async () => {
    const communeOnly = { ...rowSample(4, 'failed', ['error.import.row.commune-only']), details: { city: 'Murat', precision: 'municipality' } };
    const { actor, calls } = start({ load: () => ok(runSample('done')), rows: () => ok({ list: [communeOnly], count: 1 }), processRow: (row, forced) => ok({ ...rowSample(row, forced ? 'inserted' : 'failed'), messages: ['error.import.row.position-to-check'] }) });
    actor.send({ type: 'import.open', idImport: 7 });
    await at(actor, { processing: 'settled' });
    expect(actor.getSnapshot().can({ type: 'row.force', row: 4 })).toBe(true);
    actor.send({ type: 'row.force', row: 4 });
    await at(actor, { processing: 'settled' });
    expect(calls.find((call) => call.src === 'processRow')?.input).toMatchObject({ row: 4, forced: true });
  });
});
