import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRunChart, importRunStates, type ImportRunEvent, type ImportRunState } from '../../contract/charts/import-run.chart';
import { importErrorKeys } from '../../contract/import.errors';
import type { FieldMapConfig, ImportFileResult } from '../../contract/import.schemas';
import { sendRunJob } from '../../server/src/modules/imports/run-job';
import { getRun, post, prepare, runJobsSettled, upload, waitFor } from '../fixtures/import/client';
import { csvLine, geodaeHeader, geodaeRow } from '../fixtures/import/geodae-rows';
import { expectReplay, expectTableIsChart, type Carried, type ChartTable } from './chart-replay';
import { startTestServer, type TestServer } from './harness';

/**
 * The import-run chart replayed through the HTTP API on a real database: for each state, a fresh
 * run over a GeoDAE file of its own, driven there by the import screen's calls, then sent each event.
 */
// Small batches, so that a run is still processing when the next call comes.
process.env.IMPORT_BATCH_ROWS = '25';

const table = {
  'import.map': { uploaded: 'mapped', mapped: 'mapped' },
  'import.start': { mapped: 'processing', done: 'processing' },
  'import.pause': { processing: 'paused' },
  'import.resume': { paused: 'processing', failed: 'processing' },
  'import.finish': { processing: 'done' },
  'import.fail': { processing: 'failed' },
  'import.processRow': { mapped: 'mapped', paused: 'paused', done: 'done', failed: 'failed' },
} satisfies ChartTable<ImportRunState, ImportRunEvent['type']>;

/**
 * import.fail is not replayed: the job gives up only on a database error that outlasts its
 * retries, which no call can cause. For the same reason the failed state is reached by writing it
 * (see `reach`).
 */
const events = (Object.keys(table) as ImportRunEvent['type'][]).filter((event) => event !== 'import.fail');

/** Rows of a run that must still be processing when the next call comes, and of one that must end. */
const longRows = 2000;
const shortRows = 300;
/** How long a short run may take to end (it waits for the upkeep of what it wrote), on a busy machine too. */
const endWithin = 240_000;

let server: TestServer;
let admin: string;
let idSite: number;
let seed = 0;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn('admin@vigil.test');
  [{ id: idSite }] = await server.ctx.database.query<{ id: number }>(`SELECT site_id AS id FROM users WHERE email = 'admin@vigil.test'`);
});
afterAll(async () => server?.close());

interface Run {
  idImport: number;
  mapping: FieldMapConfig;
}

/** A GeoDAE-shaped CSV of `count` records, with identifiers no other run of this file uses. */
function geodaeCsv(count: number): Buffer {
  seed += 1;
  const lines = [csvLine(geodaeHeader)];
  for (let i = 0; i < count; i += 1) lines.push(csvLine(geodaeRow(i, { seed, firstGid: 100_000 * seed, france: true })));
  return Buffer.from(`${lines.join('\n')}\n`);
}

const call = async (path: string, payload: object) => {
  const response = await post(server.app, admin, path, payload);
  return { status: response.statusCode, body: response.json() };
};

/**
 * The shortest path into `state`. A run that must be processing when the event comes has a long
 * file; one that ends first, or restarts from done, a shorter one.
 */
async function reach(state: ImportRunState, event: ImportRunEvent['type']): Promise<Run> {
  const long = state === 'processing' || state === 'paused' ? event !== 'import.finish' : state === 'failed';
  const content = geodaeCsv(long ? longRows : shortRows);
  if (state === 'uploaded') return uploaded(content);
  const { file, run } = await prepare(server.app, admin, idSite, `run-${seed}.csv`, content);
  const one = { idImport: run.idImport, mapping: file.preset!.fieldMapConfig };
  if (state === 'mapped') return one;
  if (state === 'failed') {
    // No call can make the job fail (a database error after its retries): the state it would write is written.
    await server.ctx.database.query(`UPDATE imports SET state = 'failed', error = 'database unreachable' WHERE id = $1`, [one.idImport]);
    return one;
  }
  const started = await call('processImport', { idImport: one.idImport });
  expect(started.body.data.state).toBe('processing');
  if (state === 'processing') return one;
  if (state === 'paused') {
    expect((await call('pauseImport', { idImport: one.idImport })).status).toBe(200);
    await runJobsSettled(server.ctx.database, one.idImport);
    return one;
  }
  await waitFor(server.app, admin, one.idImport, ['done'], endWithin);
  return one;
}

/** A run created over an uploaded file, not mapped yet. */
async function uploaded(content: Buffer): Promise<Run> {
  const sent = await upload(server.app, admin, `run-${seed}.csv`, content);
  const file = sent.json().data as ImportFileResult;
  const created = await call('createImport', { idSite, name: `Run ${seed}`, fileName: file.fileName });
  return { idImport: created.body.data.idImport, mapping: file.preset!.fieldMapConfig };
}

const stateOf = async (run: Run) => (await getRun(server.app, admin, run.idImport)).state;

/** How each event reaches a run. */
const send = {
  'import.map': (run) => call('mappings', { idImport: run.idImport, fieldMapConfig: run.mapping }),
  'import.start': (run) => call('processImport', { idImport: run.idImport }),
  'import.pause': (run) => call('pauseImport', { idImport: run.idImport }),
  'import.resume': (run) => call('resumeImport', { idImport: run.idImport }),
  // No HTTP route: the durable job finishes a run it is processing. A run in any other state is
  // sent its job again, as a second delivery would, and must stay where it is.
  'import.finish': async (run, state) => {
    if (state === 'processing') await waitFor(server.app, admin, run.idImport, ['done'], endWithin);
    else {
      await sendRunJob(server.ctx, run.idImport);
      await runJobsSettled(server.ctx.database, run.idImport);
    }
    return { via: 'the run job' };
  },
  'import.fail': () => Promise.reject(new Error('not replayed')),
  'import.processRow': (run) => call('processByRow', { idImport: run.idImport, row: 2, forced: false }),
} satisfies Record<ImportRunEvent['type'], (run: Run, state: ImportRunState) => Promise<Carried>>;

describe('import-run chart', () => {
  it('is the table this replay expects', () => expectTableIsChart(importRunChart, importRunStates, table));
});

describe.each(importRunStates)('a run in %s, through the HTTP API', (state) => {
  it.each(events)('%s', async (event) => {
    const run = await reach(state, event);
    try {
      if (!(state === 'processing' && event === 'import.finish')) expect(await stateOf(run)).toBe(state);
      await expectReplay(await send[event](run, state), { state, next: (table[event] as Partial<Record<ImportRunState, ImportRunState>>)[state], refusal: importErrorKeys.illegalStep }, () => stateOf(run));
    } finally {
      // A run left processing is paused, so that its job does not work on beside the next cases.
      if ((await stateOf(run)) === 'processing') await call('pauseImport', { idImport: run.idImport });
      await runJobsSettled(server.ctx.database, run.idImport);
    }
  }, 2 * endWithin);
});
