/**
 * What inserting AEDs costs the register by itself, whatever the import does around it: batches of
 * 500 AEDs through the import's writer (the register's bulk path, COPY) on a throw-away database,
 * then through the one JSON statement it replaced, then
 * again with its upkeep deferred (then the catch-up of those AEDs), then with the map-cell
 * triggers, the trigram index, the search-text trigger and the earth index
 * taken away one after the other. Says where the time of an insert goes.
 *
 *   npx tsx bench/imports/insert-ceiling.bench.ts
 *   npx tsx bench/imports/insert-ceiling.bench.ts --pg postgres://postgres@127.0.0.1:5432/postgres
 *   option: --json bench/imports/ceiling-<engine>.json (the figures for bench/imports/report.ts)
 *           --short true  the production lines only (beside an import, bench/imports/side-by-side.ts)
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { getTableColumns, sql } from 'drizzle-orm';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { createContext, stopContext } from '../../server/src/bootstrap';
import { loadConfig } from '../../server/src/config';
import { seedAccounts } from '../../server/src/db/seed/accounts';
import { rowsOf, type Db } from '../../server/src/db/database';
import { aeds } from '../../server/src/db/schema/aeds';
import { catchUpAll, deferUpkeep } from '../../server/src/modules/aeds/upkeep';
import type { AedInsert } from '../../server/src/modules/aeds/register';
import { insertAeds } from '../../server/src/modules/imports/aed-writer';
import { freshPostgres } from '../postgres';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i].replace(/^--/, ''), process.argv[i + 1]);
const serverUrl = args.get('pg');
const jsonPath = args.get('json');

/** Database column of each AED property, for bulk inserts. */
const columnNames = Object.fromEntries(Object.entries(getTableColumns(aeds)).map(([key, column]) => [key, column.name]));

/**
 * The register's insert before the bulk path, kept here as this bench's baseline (the demo seed
 * used it too). Inserts rows in chunks: each chunk is one statement with one JSON parameter expanded by
 * jsonb_populate_recordset (fast on both engines, and the map-cell trigger runs once per chunk).
 * Columns no row sets keep their defaults.
 */
async function insertByStatement(db: Db, rows: AedInsert[], chunk = 2000): Promise<{ id: number; udid: string }[]> {
  const ids: { id: number; udid: string }[] = [];
  for (let start = 0; start < rows.length; start += chunk) {
    const slice = rows.slice(start, start + chunk);
    const keys = [...new Set(slice.flatMap((row) => Object.keys(row).filter((key) => row[key as keyof AedInsert] !== undefined)))];
    const records = slice.map((row) => Object.fromEntries(keys.map((key) => [columnNames[key], serialise(row[key as keyof AedInsert])])));
    const columns = sql.join(
      keys.map((key) => sql.identifier(columnNames[key])),
      sql`, `,
    );
    ids.push(
      ...(await rowsOf<{ id: number; udid: string }>(
        db,
        sql`INSERT INTO aeds (${columns}) SELECT ${columns} FROM jsonb_populate_recordset(NULL::aeds, ${JSON.stringify(records)}::jsonb) RETURNING id, udid`,
      )),
    );
  }
  return ids;
}

const serialise = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));

/** One line of the table: the AED table as it was, and what a batch of 500 cost. */
interface Line {
  label: string;
  medianMs: number;
  rowsPerSecond: number;
}

async function main() {
  const folder = mkdtempSync(join(tmpdir(), 'vigil-insert-ceiling-'));
  const database = serverUrl ? await freshPostgres(serverUrl) : undefined;
  const url = database?.url;
  const ctx = await createContext(loadConfig({ DATA_DIR: folder, LOG_LEVEL: 'silent' }, url ? { DATABASE_URL: url } : {}), pino({ level: 'silent' }) as FastifyBaseLogger);
  try {
    const { sdis63 } = await seedAccounts(ctx.database.db);
    let n = 0;
    const aed = () => {
      n += 1;
      return {
        name: `MAIRIE DE LA COMMUNE ${n}`,
        // Spread over mainland France (an R2 low-discrepancy sequence), as real registers are: points
        // in a line, as an earlier version placed them, are a worst case for the GiST index.
        lat: 42.5 + ((n * 0.7548776662466927) % 1) * 8.5,
        lon: -4.5 + ((n * 0.5698402909980532) % 1) * 12.5,
        address: `${n % 140} Rue Victor Hugo`,
        city: 'Aurillac',
        zipCode: '15000',
        serialNumber: `SN${n}`,
        brand: 'Philips',
        model: 'HeartStart FRx',
        externalSourceId: String(n),
        installDate: '2020-01-01',
        batteryExpiration: '2027-01-01',
        padsExpiration: '2026-01-01',
        position: 1,
        accessibility: 2,
        alwaysOpened: false,
        openingHours: { '1': [{ open: '08:00', close: '18:00' }] },
      };
    };
    const lines: Line[] = [];
    const loadBefore = Number(loadavg()[0].toFixed(1));
    const writeFigures = (measured: Line[]) => {
      if (!jsonPath) return;
      const figures = { engine: ctx.database.kind, batchRows: 500, rounds: 8, date: new Date().toISOString(), loadBefore, loadAfter: Number(loadavg()[0].toFixed(1)), lines: measured };
      writeFileSync(jsonPath, `${JSON.stringify(figures, null, 2)}\n`);
    };
    const batch = () => Array.from({ length: 500 }, () => ({ idSite: sdis63, country: 'FR', values: aed() }));
    const measure = async (label: string, deferred = false, byStatement = false) => {
      const times: number[] = [];
      for (let round = 0; round < 8; round += 1) {
        const started = Date.now();
        if (byStatement) {
          // The register's insert before the bulk path: one statement expanding one JSON parameter.
          const rows = batch().map((row) => ({ ...row.values, idSite: row.idSite, country: row.country, source: 'import', status: 'available' }));
          await insertByStatement(ctx.database.db, rows, rows.length);
        } else if (deferred) {
          await ctx.database.db.transaction(async (tx) => {
            await deferUpkeep(tx as unknown as Db);
            await insertAeds(tx as unknown as Db, batch());
          });
        } else {
          await insertAeds(ctx.database.db, batch());
        }
        times.push(Date.now() - started);
      }
      const median = [...times].sort((a, b) => a - b)[4];
      const rowsPerSecond = Math.round((500 / median) * 1000);
      lines.push({ label, medianMs: median, rowsPerSecond });
      console.log(`| ${ctx.database.kind} | ${label} | ${median} ms | ${rowsPerSecond} |`);
    };
    console.log(`load average ${loadavg()[0].toFixed(1)}`);
    console.log('| engine | AED table as | 500 AEDs (median of 8) | rows/s |\n|---|---|---|---|');
    await measure('warm-up');
    await measure('in production (every index and trigger)');
    await measure('in production, one JSON statement instead of COPY (the path before)', false, true);
    // Beside an import (side-by-side.ts) the production lines are what counts.
    if (args.has('short')) {
      writeFigures(lines);
      return;
    }
    // A whole-file run defers the cells and search copy of its new AEDs and catches them up in
    // one statement per 5,000 (on PostgreSQL on another connection, beside the next batches).
    await measure('in production, upkeep deferred: the insert', true);
    const caughtStart = Date.now();
    const caught = await catchUpAll(ctx.database.db);
    const caughtMs = Date.now() - caughtStart;
    lines.push({ label: '… and the catch-up of those 4,000 AEDs, per 500', medianMs: Math.round((caughtMs * 500) / caught), rowsPerSecond: Math.round((caught / caughtMs) * 1000) });
    console.log(`| ${ctx.database.kind} | catch-up of ${caught} AEDs | ${caughtMs} ms |`);
    await ctx.database.query('ALTER TABLE aeds DISABLE TRIGGER aeds_map_cells_insert');
    await ctx.database.query('ALTER TABLE aeds DISABLE TRIGGER aeds_brand_cells_insert');
    await measure('without the map-cell triggers (all and per brand)');
    await ctx.database.query('ALTER TABLE aeds DISABLE TRIGGER aeds_search_insert');
    await measure('… and without the search table (its trigram index)');
    await ctx.database.query('ALTER TABLE aeds DISABLE TRIGGER aeds_search_text');
    await measure('… and without the search-text trigger');
    await ctx.database.query('DROP INDEX aeds_earth_idx');
    await measure('… and without the earth (gist) index');
    writeFigures(lines);
  } finally {
    await stopContext(ctx);
    await database?.drop();
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
