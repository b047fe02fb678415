import { sql, type SQL } from 'drizzle-orm';
import type { AedExportBody } from '../../../../contract/aed-list.schemas';
import { aedErrorKeys } from '../../../../contract/aed.errors';
import type { AppContext } from '../../context';
import { rowsOf } from '../../db/database';
import { aeds } from '../../db/schema/aeds';
import type { Session } from '../../plugins/authenticate';
import { aedConditions } from './filters';
import { orderBy } from './list';
import { aedSettings } from './settings';
import { scopeSites, type SiteInfo } from './tenancy';

/** Rows fetched per query: memory holds one batch of AEDs plus the ordered id list. */
const batchSize = 1000;

/** What every export starts from: the accounts of the scope, the WHERE of its filters, and the AED ids in the list's order. */
export interface ExportSelection {
  sites: readonly SiteInfo[];
  where: SQL;
  ids: number[];
}

/** The AEDs of the list's scope, filters and order, as ids (a few bytes each). */
export async function exportSelection(ctx: AppContext, session: Session, body: AedExportBody): Promise<ExportSelection> {
  const sites = await scopeSites(ctx, session, body.idSelected, body.withChild);
  const where = aedConditions(
    sites.map((site) => site.id),
    body.filter,
  );
  const rows = await ctx.database.db
    .select({ id: aeds.id })
    .from(aeds)
    .where(where)
    .orderBy(...orderBy(body.order, body.orderSort));
  return { sites, where, ids: rows.map((row) => row.id) };
}

/**
 * The rows of `select` (a SELECT list over `aeds`, with an `id`) for the ids, batch by batch, in
 * the ids' order. The next batch is asked for before the current one is handed over: the database
 * formats rows on its side while the caller writes. Past the export budget (30 s) it throws.
 */
export async function* rowsInBatches<Row extends { id: number }>(ctx: AppContext, ids: number[], select: SQL): AsyncGenerator<Row[]> {
  const started = Date.now();
  const fetchBatch = (start: number) => {
    const slice = ids.slice(start, start + batchSize);
    // One JSON text per batch: the drivers parse one field instead of 60 per row (much faster on PGlite).
    const pending = rowsOf<{ rows: string }>(
      ctx.database.db,
      sql`SELECT coalesce(json_agg(x), '[]')::text AS rows FROM (SELECT ${select} FROM aeds WHERE id = ANY(${`{${slice.join(',')}}`}::int[])) AS x`,
    ).then(([result]) => ({ slice, rows: JSON.parse(result.rows) as Row[] }));
    pending.catch(() => undefined); // awaited below; an export cut short must not leave it unhandled
    return pending;
  };
  let next = ids.length > 0 ? fetchBatch(0) : undefined;
  for (let start = 0; next; start += batchSize) {
    if (Date.now() - started > aedSettings.AED_EXPORT_BUDGET_MS) throw new Error(aedErrorKeys.exportTimeout);
    const { slice, rows } = await next;
    next = start + batchSize < ids.length ? fetchBatch(start + batchSize) : undefined;
    const byId = new Map(rows.map((row) => [row.id, row]));
    yield slice.flatMap((id) => byId.get(id) ?? []);
  }
}
