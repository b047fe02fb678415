import { assign, setup } from 'xstate';
import { observe } from '../observations';
import type { AccountSummary } from '../../../contract/auth.schemas';
import type { FieldMapEntry, ImportFileResult, ImportRowResult, ImportRun } from '../../../contract/import.schemas';
import type { Result } from '../../services/http';
import { aedImportActors } from './aed-import.actors';
import { canForce, canRetry, fieldOfChoice, lacksHours, mappingReady, rowStatesOf, runSettled, withPrimaryKey, withoutPrimaryKey, withoutUnproposed } from './aed-import.rules';
import { importRowsPerPage, type AedImportContext, type AedImportEvent, type AedImportInput } from './aed-import.types';

type Answer<T> = { output: Result<T> };
const failed = ({ event }: { event: unknown }) => !(event as Answer<unknown>).output.ok;
const keyOf = (output: Result<unknown>) => (output.ok ? null : output.key);
const dataOf = <T>(output: Result<T>) => (output as { ok: true; data: T }).data;
const idOf = (context: AedImportContext) => context.run?.idImport ?? 0;
const rowOf = (context: AedImportContext, row: number) => context.rows.find((entry) => entry.row === row);
/** A run that is not processing any more goes to the results; one still mapping goes back to the mapping. */
const runMapped = (run: ImportRun | null) => run !== null && (run.state === 'uploaded' || run.state === 'mapped') && run.records === 0 && run.processed === 0;
const presetOf = (context: AedImportContext) => context.run?.preset ?? context.upload?.preset ?? null;
const proposalsOf = (context: AedImportContext) => context.run?.proposals ?? context.upload?.proposals ?? [];
/** The mapping's first state, and the default hours asked when no column gives hours ("unknown, to check", which warns on each AED). */
const firstMapping = (context: AedImportContext) => {
  const rowStates = context.run?.fieldMapConfig ?? rowStatesOf(context.run?.header ?? [], presetOf(context), proposalsOf(context));
  return { rowStates, hoursDefault: context.run?.options.hoursDefault ?? (lacksHours(rowStates) ? ('unknown' as const) : null) };
};

/**
 * The AED import screen (spec §2 steps Import, Mapping, Processing; §4 "Import"): upload, name and
 * account; the column mapping with its primary key and presets; the server run with its progress
 * (REFRESH_IMPORT and a poll), per-row results, retry, force and download. A run is stored, so the
 * screen resumes it from ?idImport= after a reload.
 */
export const aedImportMachine = setup({
  types: {
    context: {} as AedImportContext,
    events: {} as AedImportEvent,
    input: {} as AedImportInput,
  },
  actors: aedImportActors,
  guards: {
    failed,
    canCreate: ({ context }) => context.upload !== null && context.name.trim() !== '' && context.idSite > 0,
    canSavePreset: ({ context }) => context.presetName.trim() !== '' && mappingReady(context.rowStates),
    mappingReady: ({ context }) => mappingReady(context.rowStates),
    hasPreset: ({ context }) => (context.run?.preset ?? context.upload?.preset ?? null) !== null,
    runMapped: ({ event }) => runMapped(dataOf((event as unknown as Answer<ImportRun>).output)),
    runSettled: ({ context }) => runSettled(context.run),
    canResume: ({ context }) => context.run?.state === 'paused' || context.run?.state === 'failed',
    canRestart: ({ context }) => context.run?.state === 'done',
    canRetry: ({ context, event }) => event.type === 'row.retry' && canRetry(rowOf(context, event.row)),
    canForce: ({ context, event }) => event.type === 'row.force' && canForce(rowOf(context, event.row)),
    pageInRange: ({ context, event }) => event.type === 'rows.page' && event.page >= 1 && event.page !== context.page && (event.page - 1) * importRowsPerPage < context.rowCount,
  },
  actions: {
    keepError: assign({ errorKey: ({ event }) => keyOf((event as unknown as Answer<unknown>).output) }),
    clearError: assign({ errorKey: null }),
    crash: assign({ errorKey: 'error.server-access' }),
    keepRun: assign({ run: ({ event }) => dataOf((event as unknown as Answer<ImportRun>).output), errorKey: null }),
    keepRow: assign(({ context, event }) => {
      const result = dataOf((event as unknown as Answer<ImportRowResult>).output);
      return { rows: context.rows.map((row) => (row.row === result.row ? result : row)), busyRow: null, errorKey: null };
    }),
    /** Placed by the page: saves the exported workbook. */
    saveFile: () => undefined,
  },
}).createMachine({
  id: 'aedImport',
  context: ({ input }) => ({
    idSite: input.idSite,
    lang: input.lang,
    resumeId: null,
    upload: null,
    name: '',
    run: null,
    rowStates: [],
    tabValue: 0,
    rows: [],
    rowCount: 0,
    page: 1,
    busyRow: null,
    errorKey: null,
    accounts: [],
    runs: [],
    hoursDefault: null,
    presetName: '',
    presetSaved: false,
  }),
  initial: 'importing',
  states: {
    // A stored run named in the address (?idImport=) after a reload or from a link.
    resuming: {
      meta: observe({ messages: ['aedImport.opening'], absent: ['import-step', 'mapping-step', 'processing-step'], calls: ['import.getImport'] }),
      invoke: {
        src: 'loadImport',
        input: ({ context }) => ({ idImport: context.resumeId ?? 0 }),
        onDone: [
          { guard: 'failed', target: 'importing', actions: ['keepError', assign({ resumeId: null })] },
          {
            guard: 'runMapped',
            target: 'mapping',
            actions: ['keepRun', assign(({ context }) => ({ resumeId: null, name: (context.run as ImportRun).name, idSite: (context.run as ImportRun).idSite, ...firstMapping(context) }))],
          },
          { target: 'processing', actions: ['keepRun', assign(({ context }) => ({ resumeId: null, name: context.run?.name ?? '' }))] },
        ],
        onError: { target: 'importing', actions: ['crash', assign({ resumeId: null })] },
      },
    },
    importing: {
      meta: observe({ shown: ['import-step'], absent: ['mapping-step', 'processing-step'], calls: ['import.getImports', 'account.getAccountList'] }),
      entry: assign({ tabValue: 0 }),
      initial: 'idle',
      // Past runs to reopen, and the accounts the user may import into, while the first step shows.
      invoke: [
        {
          src: 'loadImports',
          onDone: { actions: assign({ runs: ({ event }) => (event.output.ok ? event.output.data : []) }) },
          onError: { actions: assign({ runs: [] }) },
        },
        {
          src: 'loadAccounts',
          onDone: { actions: assign({ accounts: ({ event }) => (event.output.ok ? (event.output.data as AccountSummary[]) : []) }) },
          onError: { actions: assign({ accounts: [] }) },
        },
      ],
      on: {
        'import.name': { actions: assign({ name: ({ event }) => event.name }) },
        'import.account': { actions: assign({ idSite: ({ event }) => event.idSite }) },
      },
      states: {
        idle: {
          meta: observe({ shown: ['import-next'] }),
          on: {
            'file.choose': 'uploading',
            'import.open': { target: '#aedImport.resuming', actions: assign({ resumeId: ({ event }) => event.idImport, errorKey: null }) },
            'import.create': { guard: 'canCreate', target: 'creating' },
          },
        },
        uploading: {
          meta: observe({ calls: ['import.importFile'] }),
          entry: ['clearError', assign({ upload: null })],
          invoke: {
            src: 'uploadFile',
            input: ({ event }) => ({ file: (event as Extract<AedImportEvent, { type: 'file.choose' }>).file }),
            onDone: [
              { guard: 'failed', target: 'idle', actions: 'keepError' },
              { target: 'idle', actions: assign({ upload: ({ event }) => dataOf(event.output as Result<ImportFileResult>) }) },
            ],
            onError: { target: 'idle', actions: 'crash' },
          },
        },
        creating: {
          meta: observe({ disabled: ['aedImport.next'], calls: ['import.createImport'] }),
          entry: 'clearError',
          invoke: {
            src: 'createImport',
            input: ({ context }) => ({ idSite: context.idSite, name: context.name.trim(), fileName: context.upload?.fileName ?? '' }),
            onDone: [
              { guard: 'failed', target: 'idle', actions: 'keepError' },
              {
                target: '#aedImport.mapping',
                actions: ['keepRun', assign(({ context }) => ({ ...firstMapping(context), presetSaved: false }))],
              },
            ],
            onError: { target: 'idle', actions: 'crash' },
          },
        },
      },
    },
    mapping: {
      meta: observe({ shown: ['mapping-step'], absent: ['import-step', 'processing-step'], enabled: ['aedImport.back'] }),
      entry: assign({ tabValue: 1 }),
      // The name to save a mapping under belongs to that mapping only.
      exit: assign({ presetName: '', presetSaved: false }),
      initial: 'editing',
      states: {
        editing: {
          meta: observe({ shown: ['import-process', 'preset-save', 'ignore-unproposed'] }),
          on: {
            'mapping.field': {
              actions: assign({
                rowStates: ({ context, event }) =>
                  context.rowStates.map((row): FieldMapEntry => {
                    if (row.key !== event.key) return row;
                    const field = fieldOfChoice(event.field);
                    return { ...row, field, primaryKey: field === null ? false : row.primaryKey };
                  }),
              }),
            },
            'mapping.ignoreUnproposed': { actions: assign({ rowStates: ({ context }) => withoutUnproposed(context.rowStates, presetOf(context), proposalsOf(context)) }) },
            'mapping.hoursDefault': { actions: assign({ hoursDefault: ({ event }) => event.value }) },
            'preset.name': { actions: assign({ presetName: ({ event }) => event.name, presetSaved: false }) },
            'preset.save': { guard: 'canSavePreset', target: 'savingPreset' },
            'mapping.primaryKey': { actions: assign({ rowStates: ({ context, event }) => withPrimaryKey(context.rowStates, event.key) }) },
            'mapping.preset': {
              guard: 'hasPreset',
              actions: assign({ rowStates: ({ context }) => rowStatesOf(context.run?.header ?? [], presetOf(context), proposalsOf(context)) }),
            },
            'mapping.submit': { guard: 'mappingReady', target: 'saving' },
            // Back to the file step: tab value 0 resets every primary-key flag (spec §4).
            'step.back': { target: '#aedImport.importing', actions: assign({ rowStates: ({ context }) => withoutPrimaryKey(context.rowStates), tabValue: 0 }) },
          },
        },
        // The mapping kept under a name for the account (proposed again for the same header).
        savingPreset: {
          meta: observe({ disabled: ['aedImport.presetSave.save'], calls: ['import.savePreset'] }),
          entry: 'clearError',
          invoke: {
            src: 'savePreset',
            input: ({ context }) => ({ idSite: context.run?.idSite ?? context.idSite, name: context.presetName.trim(), idImport: idOf(context), fieldMapConfig: context.rowStates }),
            onDone: [{ guard: 'failed', target: 'editing', actions: 'keepError' }, { target: 'editing', actions: assign({ presetSaved: true }) }],
            onError: { target: 'editing', actions: 'crash' },
          },
        },
        saving: {
          meta: observe({ disabled: ['aedImport.mapping.process'], calls: ['import.saveMappings'] }),
          entry: 'clearError',
          invoke: {
            src: 'saveMappings',
            input: ({ context }) => ({ idImport: idOf(context), fieldMapConfig: context.rowStates, hoursDefault: lacksHours(context.rowStates) ? context.hoursDefault : null }),
            onDone: [{ guard: 'failed', target: 'editing', actions: 'keepError' }, { target: 'starting', actions: 'keepRun' }],
            onError: { target: 'editing', actions: 'crash' },
          },
        },
        starting: {
          meta: observe({ calls: ['import.startImport'] }),
          invoke: {
            src: 'startImport',
            input: ({ context }) => ({ idImport: idOf(context) }),
            onDone: [{ guard: 'failed', target: 'editing', actions: 'keepError' }, { target: '#aedImport.processing', actions: 'keepRun' }],
            onError: { target: 'editing', actions: 'crash' },
          },
        },
      },
    },
    processing: {
      meta: observe({ shown: ['processing-step', 'import-counts'], absent: ['import-step', 'mapping-step'] }),
      entry: assign({ tabValue: 2 }),
      initial: 'running',
      on: { 'import.new': { target: 'importing', actions: assign({ upload: null, name: '', run: null, rowStates: [], rows: [], rowCount: 0, page: 1, errorKey: null }) } },
      states: {
        // The server job works through the file; progress comes from REFRESH_IMPORT and a poll.
        running: {
          meta: observe({ enabled: ['aedImport.pause'], absent: ['import-download'] }),
          always: { guard: 'runSettled', target: 'loadingRows' },
          invoke: { src: 'watchProgress', input: ({ context }) => ({ idImport: idOf(context) }) },
          on: {
            'progress.update': { actions: assign({ run: ({ event }) => event.run }) },
            'import.pause': 'pausing',
          },
        },
        pausing: {
          meta: observe({ absent: ['import-download'], calls: ['import.pauseImport'] }),
          invoke: {
            src: 'pauseImport',
            input: ({ context }) => ({ idImport: idOf(context) }),
            onDone: [{ guard: 'failed', target: 'running', actions: 'keepError' }, { target: 'running', actions: 'keepRun' }],
            onError: { target: 'running', actions: 'crash' },
          },
        },
        loadingRows: {
          meta: observe({ calls: ['import.getRows'] }),
          invoke: {
            src: 'loadRows',
            input: ({ context }) => ({ idImport: idOf(context), page: context.page, limit: importRowsPerPage }),
            onDone: [
              { guard: 'failed', target: 'settled', actions: 'keepError' },
              {
                target: 'settled',
                actions: assign(({ event }) => {
                  const page = dataOf(event.output as Result<{ list: ImportRowResult[]; count: number }>);
                  return { rows: page.list, rowCount: page.count };
                }),
              },
            ],
            onError: { target: 'settled', actions: 'crash' },
          },
        },
        // The job is not running: results shown, rows may be retried or forced, the run resumed or restarted.
        settled: {
          meta: observe({ shown: ['import-rows', 'import-download'], enabled: ['aedImport.download', 'aedImport.new'] }),
          on: {
            'rows.page': { guard: 'pageInRange', target: 'loadingRows', actions: assign({ page: ({ event }) => event.page }) },
            'row.retry': { guard: 'canRetry', target: 'processingRow', actions: assign({ busyRow: ({ event }) => event.row }) },
            'row.force': { guard: 'canForce', target: 'forcingRow', actions: assign({ busyRow: ({ event }) => event.row }) },
            'import.resume': { guard: 'canResume', target: 'resuming' },
            'import.restart': { guard: 'canRestart', target: 'restarting' },
            'results.download': 'downloading',
          },
        },
        processingRow: {
          meta: observe({ calls: ['import.processRow'] }),
          entry: 'clearError',
          invoke: {
            src: 'processRow',
            input: ({ context }) => ({ idImport: idOf(context), row: context.busyRow ?? 0, forced: false }),
            onDone: [{ guard: 'failed', target: 'settled', actions: ['keepError', assign({ busyRow: null })] }, { target: 'refreshing', actions: 'keepRow' }],
            onError: { target: 'settled', actions: ['crash', assign({ busyRow: null })] },
          },
        },
        // A potential duplicate accepted by staff: processByRow with forced true.
        forcingRow: {
          meta: observe({ calls: ['import.processRow'] }),
          entry: 'clearError',
          invoke: {
            src: 'processRow',
            input: ({ context }) => ({ idImport: idOf(context), row: context.busyRow ?? 0, forced: true }),
            onDone: [{ guard: 'failed', target: 'settled', actions: ['keepError', assign({ busyRow: null })] }, { target: 'refreshing', actions: 'keepRow' }],
            onError: { target: 'settled', actions: ['crash', assign({ busyRow: null })] },
          },
        },
        // The counts changed with the row: read the run again.
        refreshing: {
          meta: observe({ calls: ['import.getImport'] }),
          invoke: {
            src: 'loadImport',
            input: ({ context }) => ({ idImport: idOf(context) }),
            onDone: [{ guard: 'failed', target: 'settled', actions: 'keepError' }, { target: 'settled', actions: 'keepRun' }],
            onError: { target: 'settled', actions: 'crash' },
          },
        },
        resuming: {
          meta: observe({ calls: ['import.resumeImport'] }),
          entry: 'clearError',
          invoke: {
            src: 'resumeImport',
            input: ({ context }) => ({ idImport: idOf(context) }),
            onDone: [{ guard: 'failed', target: 'settled', actions: 'keepError' }, { target: 'running', actions: 'keepRun' }],
            onError: { target: 'settled', actions: 'crash' },
          },
        },
        // A finished run processed again from the first row (the chart's import.start from done).
        restarting: {
          meta: observe({ calls: ['import.startImport'] }),
          entry: 'clearError',
          invoke: {
            src: 'startImport',
            input: ({ context }) => ({ idImport: idOf(context) }),
            onDone: [{ guard: 'failed', target: 'settled', actions: 'keepError' }, { target: 'running', actions: ['keepRun', assign({ page: 1 })] }],
            onError: { target: 'settled', actions: 'crash' },
          },
        },
        downloading: {
          meta: observe({ calls: ['import.exportResults'] }),
          entry: 'clearError',
          invoke: {
            src: 'exportResults',
            input: ({ context }) => ({ idImport: idOf(context), lang: context.lang }),
            onDone: [{ guard: 'failed', target: 'settled', actions: 'keepError' }, { target: 'settled', actions: 'saveFile' }],
            onError: { target: 'settled', actions: 'crash' },
          },
        },
      },
    },
  },
});
