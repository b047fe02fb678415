import { getTableColumns, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { optionLanguage } from '../../../../contract/aed-options';
import type { AedExportBody } from '../../../../contract/aed-list.schemas';
import { aedErrorKeys } from '../../../../contract/aed.errors';
import type { AppContext } from '../../context';
import { rowsOf } from '../../db/database';
import { aeds } from '../../db/schema/aeds';
import type { Session } from '../../plugins/authenticate';
import { exportRowXmlOn, headerRow, type ExportedAed } from './export-columns';
import { aedConditions } from './filters';
import { orderBy } from './list';
import { aedSettings, displayZone, today } from './settings';
import { scopeSites } from './tenancy';
import { rowXml, streamWorkbook } from './xlsx-stream';

/**
 * The exported columns, formatted by the database (dates and timestamps as ISO text) and named as
 * the AED properties: rows come back ready to write, without per-row mapping in JavaScript.
 */
const internal = new Set(['searchText', 'unavailableJobId', 'statusBeforeDelete', 'linkedAedId', 'mergedIntoId']);
const exportSelect = sql.join(
  Object.entries(getTableColumns(aeds))
    .filter(([key]) => !internal.has(key))
    .map(([key, column]) => {
      const name = sql.identifier(column.name);
      const value =
        column.columnType === 'PgDateString'
          ? sql`${name}::text`
          : column.columnType === 'PgTimestamp'
            ? sql`to_char(${name} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
            : column.columnType === 'PgUUID'
              ? sql`${name}::text`
              : name;
      return sql`${value} AS ${sql.identifier(key)}`;
    }),
  sql`, `,
);

/** Rows fetched per query: memory holds one batch of AEDs plus the ordered id list. */
const batchSize = 1000;

/**
 * POST aed/export: the AEDs of the list's scope, filters and order as an .xlsx stream. The
 * ordered ids are read first (a few bytes each), then the rows batch by batch, so memory stays
 * bounded; past the budget (30 s) the stream is cut and the failure logged.
 */
export async function exportAeds(ctx: AppContext, session: Session, body: AedExportBody) {
  const sites = await scopeSites(ctx, session, body.idSelected, body.withChild);
  const names = new Map(sites.map((site) => [site.id, site.name]));
  const where = aedConditions(
    sites.map((site) => site.id),
    body.filter,
  );
  const ids = (
    await ctx.database.db
      .select({ id: aeds.id })
      .from(aeds)
      .where(where)
      .orderBy(...orderBy(body.order, body.orderSort))
  ).map((row) => row.id);
  const language = optionLanguage(body.lang);
  const rowOf = exportRowXmlOn(today(), aedSettings.AED_VIGILANCE_DAYS);
  const started = Date.now();

  const fetchBatch = (start: number) => {
    const slice = ids.slice(start, start + batchSize);
    // One JSON text per batch: the drivers parse one field instead of 60 per row (much faster on PGlite).
    const pending = rowsOf<{ rows: string }>(
      ctx.database.db,
      sql`SELECT coalesce(json_agg(x), '[]')::text AS rows FROM (SELECT ${exportSelect} FROM aeds WHERE id = ANY(${`{${slice.join(',')}}`}::int[])) AS x`,
    ).then(([result]) => ({ slice, rows: JSON.parse(result.rows) as ExportedAed[] }));
    pending.catch(() => undefined); // awaited below; an export cut short must not leave it unhandled
    return pending;
  };

  // The next batch is asked for before the current one is written: the database formats rows on
  // its side while this process builds and deflates the XML.
  async function* batches(): AsyncGenerator<string> {
    yield rowXml(headerRow(language));
    let next = ids.length > 0 ? fetchBatch(0) : undefined;
    for (let start = 0; next; start += batchSize) {
      if (Date.now() - started > aedSettings.AED_EXPORT_BUDGET_MS) throw new Error(aedErrorKeys.exportTimeout);
      const { slice, rows } = await next;
      next = start + batchSize < ids.length ? fetchBatch(start + batchSize) : undefined;
      const byId = new Map(rows.map((row) => [row.id, row]));
      let xml = '';
      for (const id of slice) {
        const aed = byId.get(id);
        if (aed) xml += rowOf(aed, names.get(aed.idSite) ?? '');
      }
      yield xml;
    }
  }

  const stream = streamWorkbook('AED', batches(), (error) => ctx.log.error({ err: error, rows: ids.length }, 'AED export failed'));
  const stamp = DateTime.now().setZone(displayZone).toFormat('yyyyLLdd-HHmm');
  return { stream, filename: `aeds-${stamp}.xlsx`, rows: ids.length };
}
