import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import type { ImportFileResult, ImportRowResult, ImportRun } from '../../contract/import.schemas';
import { IntlProvider } from '../../src/i18n/intl-provider';
import { aedImportMachine } from '../../src/machines/aed-import/aed-import.machine';
import type { Result } from '../../src/services/http';
import { AedImportScreen } from '../../src/views/aed/aed-import-page';
import { AedImportActor } from '../../src/views/aed/import/aed-import-actor';
import { failure, ok, presetSample, rowSample, rowsSample, runSample, uploadSample } from '../machines/aed-import.fixtures';

/**
 * The AED import screen renders what the import machine says and sends what the user does: the
 * file's summary, preview and recognised format; the mapping table with the primary key on exactly
 * one column; the progress of the server run; each row's result with retry or force where the
 * machine allows it; a stored run reopened from ?idImport=.
 */

// The first render of the PrimeReact tables is slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

type Call = { src: string; input: unknown };

interface Script {
  upload?: Result<ImportFileResult>;
  load?: Result<ImportRun>;
  processRow?: (row: number, forced: boolean) => Result<ImportRowResult>;
  runs?: Result<ImportRun[]>;
  create?: Result<ImportRun>;
  rows?: Result<{ list: ImportRowResult[]; count: number }>;
}

function stubbed(calls: Call[], script: Script = {}) {
  const record = <I, T>(src: string, answer: (input: I) => T) =>
    fromPromise(async ({ input }: { input: I }) => {
      calls.push({ src, input });
      return answer(input);
    });
  return aedImportMachine.provide({
    actors: {
      uploadFile: record('uploadFile', () => script.upload ?? ok(uploadSample(presetSample))),
      createImport: record('createImport', () => script.create ?? ok(runSample('uploaded', { preset: presetSample }))),
      loadImport: record('loadImport', () => script.load ?? ok(runSample('done'))),
      saveMappings: record('saveMappings', (input: { fieldMapConfig: ImportRun['fieldMapConfig'] }) => ok(runSample('mapped', { fieldMapConfig: input.fieldMapConfig }))),
      startImport: record('startImport', () => ok(runSample('processing', { processed: 0 }))),
      pauseImport: record('pauseImport', () => ok(runSample('paused'))),
      resumeImport: record('resumeImport', () => ok(runSample('processing'))),
      loadRows: record('loadRows', () => script.rows ?? ok({ list: rowsSample, count: rowsSample.length })),
      processRow: record('processRow', (input: { row: number; forced: boolean }) => (script.processRow ? script.processRow(input.row, input.forced) : ok(rowSample(input.row, 'inserted')))),
      exportResults: record('exportResults', () => ok(new Blob(['x']))),
      savePreset: record('savePreset', () => ok({ id: 1, idSite: 4, name: 'Riom', columns: [], fieldMapConfig: presetSample.fieldMapConfig, createdAt: '2026-11-27T10:00:00Z' })),
      loadImports: fromPromise(async () => script.runs ?? ok([] as ImportRun[])),
      loadAccounts: fromPromise(async () => ok([{ id: 4, name: 'SDIS 63', kind: 'internal', tag: null, parentId: null, logo: null, country: 'FR' }])),
      watchProgress: fromCallback(() => () => undefined),
    } as never,
  });
}

let actorRef: ActorRefFrom<typeof aedImportMachine> | null = null;
/** Keeps the screen's actor so that the test can play the server's progress messages. */
function Probe() {
  actorRef = AedImportActor.useActorRef();
  return null;
}

function renderScreen(calls: Call[], script: Script = {}, path = '/aed/import') {
  return render(
    <IntlProvider userLocale="en_US" directionSetting="ltr">
      <MemoryRouter initialEntries={[path]}>
        <AedImportActor.Provider logic={stubbed(calls, script)} options={{ input: { idSite: 4, lang: 'en' } }}>
          <Probe />
          <AedImportScreen />
        </AedImportActor.Provider>
      </MemoryRouter>
    </IntlProvider>,
  );
}

const chooseFile = (file: File) => {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
};
const csv = () => new File(['Nom;Adresse;Ville\nMairie;1 place;Riom\n'], 'aeds.csv', { type: 'text/csv' });
/** The radio input that marks a column as the primary key. */
const keyOf = (column: string) => screen.getAllByLabelText(`${column} is the primary key`).find((element) => element.tagName === 'INPUT') as HTMLInputElement;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

beforeEach(() => {
  actorRef = null;
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false }) as MediaQueryList;
});
afterEach(() => cleanup());

describe('AED import screen', () => {
  it('reads the dropped file, shows its summary, format and first rows, and needs a name before going on', async () => {
    const calls: Call[] = [];
    renderScreen(calls);
    expect(screen.getByTestId('import-step')).toBeTruthy();
    expect(button('Next').disabled).toBe(true);
    chooseFile(csv());
    const summary = await screen.findByTestId('import-file-summary');
    expect(within(summary).getByText('aeds.csv: 3 rows, 3 columns')).toBeTruthy();
    expect(within(summary).getByText('Recognised format: Recognised column names')).toBeTruthy();
    const preview = screen.getByTestId('import-preview');
    expect(within(preview).getByText('Adresse')).toBeTruthy();
    expect(within(preview).getByText('1 place')).toBeTruthy();
    // A file alone is not enough (§5: the import needs a name).
    expect(button('Next').disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Import name'), { target: { value: 'Riom 2026' } });
    expect(button('Next').disabled).toBe(false);
    fireEvent.click(button('Next'));
    await screen.findByTestId('mapping-step');
    expect(calls.map((call) => call.src)).toEqual(['uploadFile', 'createImport']);
    expect(calls[1].input).toEqual({ idSite: 4, name: 'Riom 2026', fileName: 'f-1.csv' });
  });

  it('says why a file is refused and stays on the first step', async () => {
    const calls: Call[] = [];
    renderScreen(calls, { upload: failure('error.import.not-spreadsheet', 422) });
    chooseFile(new File(['%PDF-1.7'], 'aeds.csv', { type: 'text/csv' }));
    const error = await screen.findByTestId('import-error');
    expect(error.textContent).toContain('This file is not a spreadsheet');
    expect(screen.queryByTestId('import-file-summary')).toBeNull();
    expect(screen.getByTestId('import-step')).toBeTruthy();
  });

  it('maps the columns with the preset, moves the primary key to exactly one column, and sends that mapping', async () => {
    const calls: Call[] = [];
    renderScreen(calls);
    chooseFile(csv());
    await screen.findByTestId('import-file-summary');
    fireEvent.change(screen.getByLabelText('Import name'), { target: { value: 'Riom' } });
    fireEvent.click(button('Next'));
    const step = await screen.findByTestId('mapping-step');
    // The preset's field labels are shown, translated, the unknown column ignored.
    expect(within(step).getAllByText('Name (l_name)').length).toBeGreaterThan(0);
    expect(within(step).getAllByText('Address (street) (l_address)').length).toBeGreaterThan(0);
    expect(within(step).getAllByText('(ignored)').length).toBeGreaterThan(0);
    expect([keyOf('Nom').checked, keyOf('Adresse').checked, keyOf('Ville').checked]).toEqual([true, false, false]);
    // An ignored column cannot be the key.
    expect(keyOf('Ville').disabled).toBe(true);
    fireEvent.click(keyOf('Adresse'));
    await waitFor(() => expect([keyOf('Nom').checked, keyOf('Adresse').checked, keyOf('Ville').checked]).toEqual([false, true, false]));
    fireEvent.click(button('Save and process'));
    await screen.findByTestId('processing-step');
    expect(calls.find((call) => call.src === 'saveMappings')?.input).toEqual({
      idImport: 7,
      fieldMapConfig: [
        { key: 'A1', column: 'Nom', field: 'l_name', primaryKey: false },
        { key: 'B1', column: 'Adresse', field: 'l_address', primaryKey: true },
        { key: 'C1', column: 'Ville', field: null, primaryKey: false },
      ],
      hoursDefault: 'unknown',
    });
    expect(actorRef?.getSnapshot().context.tabValue).toBe(2);
  });

  it('shows the progress of the run, then each row with its result, retry on failed rows and force on potential duplicates', async () => {
    const calls: Call[] = [];
    renderScreen(calls, { load: ok(runSample('processing', { processed: 1, total: 4 })) }, '/aed/import?idImport=7');
    const step = await screen.findByTestId('processing-step');
    expect(calls[0]).toEqual({ src: 'loadImport', input: { idImport: 7 } });
    expect(within(step).getByText(/1 of 4 rows processed/)).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    expect(screen.queryByTestId('import-rows')).toBeNull();
    expect(button('Pause')).toBeTruthy();

    actorRef!.send({ type: 'progress.update', run: runSample('done') });
    const table = await screen.findByTestId('import-rows');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByTestId('import-counts').textContent).toBe('Inserted 1, updated 0, unchanged 0, deleted 0, duplicates 1, failed 1');
    const line = (row: number) => within(table).getByText(String(row), { selector: 'td' }).closest('tr') as HTMLElement;
    expect(within(line(2)).getByText('Inserted')).toBeTruthy();
    expect(within(line(3)).getByText('Potential duplicate')).toBeTruthy();
    expect(within(line(3)).getByText(/Potential duplicate content/)).toBeTruthy();
    expect(within(line(4)).getByText(/Name required/)).toBeTruthy();
    // The buttons the machine allows, and no others.
    expect(within(line(2)).queryByRole('button')).toBeNull();
    expect(within(line(3)).queryByRole('button', { name: 'Import anyway' })).toBeTruthy();
    expect(within(line(4)).queryByRole('button', { name: 'Import anyway' })).toBeNull();
    expect(within(line(4)).queryByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(button('Download the results')).toBeTruthy();

    fireEvent.click(within(line(3)).getByRole('button', { name: 'Import anyway' }));
    await waitFor(() => expect(within(line(3)).getByText('Inserted')).toBeTruthy());
    expect(calls.find((call) => call.src === 'processRow')?.input).toEqual({ idImport: 7, row: 3, forced: true });
    fireEvent.click(within(line(4)).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(calls.filter((call) => call.src === 'processRow').at(-1)?.input).toEqual({ idImport: 7, row: 4, forced: false }));
  });

  it('reopens a stored run that was still being mapped on its mapping step', async () => {
    const calls: Call[] = [];
    renderScreen(calls, { load: ok(runSample('mapped', { fieldMapConfig: presetSample.fieldMapConfig.concat({ key: 'C1', column: 'Ville', field: 'l_city', primaryKey: false }) })) }, '/aed/import?idImport=7');
    await screen.findByTestId('mapping-step');
    expect(keyOf('Nom').checked).toBe(true);
    // Back on the file step (tab value 0), every primary-key flag is reset.
    fireEvent.click(button('Back'));
    await screen.findByTestId('import-step');
    expect(actorRef?.getSnapshot().context.rowStates.some((row) => row.primaryKey)).toBe(false);
  });

  it('shows sample values and why a field was proposed, ignores a column chosen as "(ignored)", and asks the hours of a file without any', async () => {
    const calls: Call[] = [];
    const proposals = [{ key: 'C1', field: 'l_city', reason: 'postcode' as const }];
    renderScreen(calls, { upload: ok({ ...uploadSample(presetSample), proposals }), create: ok(runSample('uploaded', { preset: presetSample, proposals })) });
    chooseFile(csv());
    await screen.findByTestId('import-file-summary');
    fireEvent.change(screen.getByLabelText('Import name'), { target: { value: 'Riom' } });
    fireEvent.click(button('Next'));
    const step = await screen.findByTestId('mapping-step');
    expect(within(step).getByTestId('samples-B1').textContent).toBe('1 place');
    expect(within(step).getByText('looks like postcodes')).toBeTruthy();
    expect(within(step).getByTestId('hours-default')).toBeTruthy();
    // "(ignored)" chosen for the Adresse column: the list hands back '' (its value for "ignored").
    actorRef?.send({ type: 'mapping.field', key: 'B1', field: '' });
    await waitFor(() => expect(within(step).getAllByText('(ignored)').length).toBeGreaterThan(0));
    await waitFor(() => expect(actorRef?.getSnapshot().context.rowStates.map((row) => row.field)).toEqual(['l_name', null, 'l_city']));
    fireEvent.click(screen.getByLabelText('Always open (24/7)'));
    fireEvent.click(button('Save and process'));
    await screen.findByTestId('processing-step');
    expect(calls.find((call) => call.src === 'saveMappings')?.input).toMatchObject({ fieldMapConfig: [{ field: 'l_name' }, { field: null }, { field: 'l_city' }], hoursDefault: 'alwaysOpen' });
  });

  it('lists past imports with their state, and names the AED, the unreadable value and the matching AED on each result row', async () => {
    const calls: Call[] = [];
    const failedRow = { ...rowSample(4, 'failed', ['error.import.row.invalid-value']), details: { column: 'Latitude', value: 'quarante-cinq' } };
    const duplicateRow = { ...rowSample(3, 'duplicate', ['error.import.row.potential-duplicate']), details: { duplicates: [{ udid: 'u-9', name: 'Mairie de Riom', distance: 12.4 }] } };
    renderScreen(calls, {
      runs: ok([runSample('done', { name: 'Riom 2025' })]),
      load: ok(runSample('done', { fieldMapConfig: presetSample.fieldMapConfig })),
      rows: ok({ list: [duplicateRow, failedRow], count: 2 }),
    });
    const past = await screen.findByTestId('past-imports');
    expect(within(past).getByText('Riom 2025')).toBeTruthy();
    fireEvent.click(within(past).getByRole('button', { name: 'Open' }));
    const results = await screen.findByTestId('import-rows');
    await waitFor(() => expect(within(results).getAllByTestId('row-name').map((cell) => cell.textContent)).toEqual(['AED 3', 'AED 4']));
    expect(calls.find((call) => call.src === 'loadImport')?.input).toEqual({ idImport: 7 });
    expect(within(results).getByTestId('row-invalid').textContent).toBe('Column "Latitude": "quarante-cinq"');
    const duplicate = within(results).getByTestId('row-duplicate');
    expect(duplicate.textContent).toBe('Mairie de Riom · 12 m');
    expect(duplicate.querySelector('a')?.getAttribute('href')).toBe('/aed/form/update/u-9');
  });
});
