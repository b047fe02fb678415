import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { ImportProgress } from '../../contract/import.schemas';
import type { ServerMessage } from '../../contract/realtime';
import { awaitingUpkeep, derivedDrift } from '../fixtures/aed/derived';
import { sendRunJob } from '../../server/src/modules/imports/run-job';
import { fixture, getRun, post, prepare, runJobsSettled, upload, waitFor } from '../fixtures/import/client';
import { csvLine, geodaeHeader, geodaeRow } from '../fixtures/import/geodae-rows';
import { startTestServer, type TestServer } from './harness';

// Small batches, so that a run of a few thousand rows can be paused half-way.
process.env.IMPORT_BATCH_ROWS = '25';

let server: TestServer;
let admin: string;
let idSite: number;

const health = async () => (await server.app.inject({ method: 'GET', url: '/health' })).statusCode;
const fileCount = async () => (await server.ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM import_files'))[0].n;

/** A GeoDAE-shaped CSV of `count` records. */
function geodaeCsv(count: number, seed: number, firstGid: number): Buffer {
  const lines = [csvLine(geodaeHeader)];
  for (let i = 0; i < count; i += 1) lines.push(csvLine(geodaeRow(i, { seed, firstGid, france: true })));
  return Buffer.from(lines.join('\n') + '\n');
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn('admin@vigil.test');
  const me = await server.app.inject({ method: 'POST', url: '/services/backOffice/signin/', payload: { username: 'admin@vigil.test', password: 'Vigil-Demo-2026!' } });
  idSite = me.json().data.siteId;
});

afterAll(async () => {
  await server?.close();
});

describe('importFile refuses what it must, and the server stays up', () => {
  it('refuses a zip bomb before inflating it', async () => {
    const files = await fileCount();
    const response = await upload(server.app, admin, 'zip-bomb.xlsx', fixture('zip-bomb.xlsx'));
    expect(response.statusCode).toBe(413);
    expect(response.json().msg).toBe('error.import.uncompressed-too-large');
    expect(await health()).toBe(200);
    expect(await fileCount()).toBe(files);
  });

  it('refuses a workbook whose archive lies about the size of its sheet', async () => {
    const response = await upload(server.app, admin, 'zip-bomb-lying.xlsx', fixture('zip-bomb-lying.xlsx'));
    expect(response.statusCode).toBe(413);
    expect(response.json().msg).toBe('error.import.uncompressed-too-large');
    expect(await health()).toBe(200);
  });

  it('refuses a PDF renamed .xlsx', async () => {
    const response = await upload(server.app, admin, 'liste-dae.xlsx', fixture('not-a-spreadsheet.xlsx'));
    expect(response.statusCode).toBe(422);
    expect(response.json().msg).toBe('error.import.not-spreadsheet');
  });

  it('refuses a 100 MB file while it streams in, without keeping it', async () => {
    const files = await fileCount();
    const line = `${csvLine(geodaeRow(0, { seed: 1 }))}\n`;
    const megabyte = Buffer.from(line.repeat(Math.ceil((1024 * 1024) / line.length) + 1)).subarray(0, 1024 * 1024);
    expect(megabyte.length).toBe(1024 * 1024);
    async function* hundredMegabytes() {
      yield Buffer.from(`${csvLine(geodaeHeader)}\n`);
      for (let i = 0; i < 100; i += 1) yield megabyte;
    }
    const response = await upload(server.app, admin, 'geodae-france.csv', hundredMegabytes());
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ msg: 'error.import.file-too-large', details: { maxBytes: 64 * 1024 * 1024 } });
    expect(await health()).toBe(200);
    expect(await fileCount()).toBe(files);
  });

  it('refuses an empty file, a header without rows, and a request without the file field', async () => {
    const empty = await upload(server.app, admin, 'empty.csv', Buffer.alloc(0));
    expect(empty.json().msg).toBe('error.import.file-empty');
    const headerOnly = await upload(server.app, admin, 'header.csv', Buffer.from('nom;latitude;longitude\n\n'));
    expect(headerOnly.statusCode).toBe(422);
    expect(headerOnly.json().msg).toBe('error.import.no-rows');
    const missing = await server.app.inject({ method: 'POST', url: '/services/backoffice/aedImport/importFile', headers: { authorization: admin, 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x\r\nContent-Disposition: form-data; name="other"\r\n\r\nvalue\r\n--x--\r\n' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe('error.import.file-missing');
  });

  it('answers the header as cell addresses, the row count and a preview', async () => {
    const response = await upload(server.app, admin, 'tab-separated.tsv', fixture('tab-separated.tsv'));
    expect(response.statusCode).toBe(200);
    const file = response.json().data;
    expect(file).toMatchObject({ format: 'csv', encoding: 'utf-8', delimiter: 'tab', numRows: 6 });
    expect(file.header.slice(0, 3)).toEqual([
      { cellAddress: 'A1', value: 'Serial number' },
      { cellAddress: 'B1', value: 'Name' },
      { cellAddress: 'C1', value: 'Address' },
    ]);
    expect(file.preview[0]).toEqual({ row: 2, cells: ['SN-TB-0001', "Mairie d'Aurillac (TSV)", "1 PLACE DE L'HÔTEL DE VILLE", '15000', 'AURILLAC', '44.928331', '2.444010', 'Philips', 'HeartStart FRx'] });
    expect(file.preset.fieldMapConfig.find((entry: { primaryKey: boolean }) => entry.primaryKey)).toMatchObject({ key: 'A1', field: 'd_serialNumber' });
  });
});

describe('a whole-file run', () => {
  it('reports its progress over the WebSocket to the account', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;
    const socket = new WebSocket(`ws://127.0.0.1:${port}${server.ctx.config.WS_PATH}`);
    const messages: ServerMessage[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as ServerMessage));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    socket.send(JSON.stringify({ action: 'authenticate', token: admin.replace(/^JWT /, '') }));
    socket.send(JSON.stringify({ action: 'setName', name: 'SDIS 63', idAccount: String(idSite), env: 'local' }));
    await vi.waitFor(() => expect(messages.some((message) => message.action === 'ready')).toBe(true), { timeout: 20_000 });
    try {
      const { run } = await prepare(server.app, admin, idSite, 'france-300.csv', geodaeCsv(300, 7, 700_000));
      await post(server.app, admin, 'processImport', { idImport: run.idImport });
      await waitFor(server.app, admin, run.idImport);
      const progress = () =>
        messages.flatMap((message) => (message.action === 'eventMsg' && message.eventMsg === 'REFRESH_IMPORT' ? [message.data as ImportProgress] : [])).filter((data) => data.idImport === run.idImport);
      await vi.waitFor(() => expect(progress().at(-1)).toMatchObject({ idImport: run.idImport, state: 'done', processed: 300, total: 300 }), { timeout: 20_000 });
      expect(progress()[0]).toMatchObject({ state: 'processing', processed: 0, total: 300 });
      // Counts travel with the progress, rising as batches go.
      const processed = progress().map((data) => data.processed);
      expect(processed).toEqual([...processed].sort((a, b) => a - b));
      expect(progress().at(-1)!.counts.inserted + progress().at(-1)!.counts.duplicate + progress().at(-1)!.counts.failed).toBe(300);
    } finally {
      socket.terminate();
    }
  });

  it('pauses between two batches, keeps what it did, and resumes where it stopped', { timeout: 300_000 }, async () => {
    const total = 1000;
    const { run } = await prepare(server.app, admin, idSite, 'france-2000.csv', geodaeCsv(total, 8, 800_000));
    await post(server.app, admin, 'processImport', { idImport: run.idImport });
    await vi.waitFor(async () => expect((await getRun(server.app, admin, run.idImport)).processed).toBeGreaterThan(0), { timeout: 30_000, interval: 20 });
    const paused = await post(server.app, admin, 'pauseImport', { idImport: run.idImport });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().data.state).toBe('paused');
    // The batch in flight ends and the job leaves, its lease released.
    await runJobsSettled(server.ctx.database, run.idImport);
    const still = await getRun(server.app, admin, run.idImport);
    // Then nothing moves, even when a job of the run comes again (as a second delivery would).
    await sendRunJob(server.ctx, run.idImport);
    await runJobsSettled(server.ctx.database, run.idImport);
    const later = await getRun(server.app, admin, run.idImport);
    expect(later.state).toBe('paused');
    expect(later.processed).toBe(still.processed);
    expect(later.processed).toBeLessThan(total);
    expect(later.processed % 25).toBe(0);
    const [{ n: written }] = await server.ctx.database.query<{ n: number }>("SELECT count(*)::int AS n FROM aeds WHERE external_source_id ~ '^90[01][0-9]{3}$'");
    expect(written).toBe(later.counts.inserted);
    // The job caught up the map cells and search copy of what it wrote before it left.
    expect(await awaitingUpkeep(server.ctx.database)).toBe(0);
    expect(await derivedDrift(server.ctx.database)).toEqual([]);

    // A single row may be retried while paused; a second pause is refused by the chart.
    const again = await post(server.app, admin, 'pauseImport', { idImport: run.idImport });
    expect(again.statusCode).toBe(409);

    const resumed = await post(server.app, admin, 'resumeImport', { idImport: run.idImport });
    expect(resumed.json().data.state).toBe('processing');
    const done = await waitFor(server.app, admin, run.idImport, ['done'], 240_000);
    expect(done.processed).toBe(total);
    const counts = done.counts;
    expect(counts.inserted + counts.duplicate + counts.failed).toBe(total);
    const [{ n }] = await server.ctx.database.query<{ n: number }>("SELECT count(*)::int AS n FROM aeds WHERE external_source_id ~ '^90[01][0-9]{3}$'");
    expect(n).toBe(counts.inserted);
    expect(await awaitingUpkeep(server.ctx.database)).toBe(0);
    expect(await derivedDrift(server.ctx.database)).toEqual([]);
  });
});
