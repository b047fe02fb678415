import { getTableColumns, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { optionLanguage } from '../../../../contract/aed-options';
import type { AedExportBody } from '../../../../contract/aed-list.schemas';
import type { AppContext } from '../../context';
import { aeds } from '../../db/schema/aeds';
import type { Session } from '../../plugins/authenticate';
import { exportRowXmlOn, headerRow, type ExportedAed } from './export-columns';
import { exportSelection, rowsInBatches } from './export-batches';
import { aedSettings, displayZone, today } from './settings';
import { rowXml, streamWorkbook } from '../../shared/xlsx-stream';

/**
 * The AED columns of the exports, formatted by the database (dates and timestamps as ISO text) and named as
 * the AED properties: rows come back ready to write, without per-row mapping in JavaScript.
 */
const internal = new Set(['searchText', 'unavailableJobId', 'statusBeforeDelete', 'linkedAedId', 'mergedIntoId']);
export const exportSelect = sql.join(
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

/**
 * POST aed/export: the AEDs of the list's scope, filters and order as an .xlsx stream. The
 * ordered ids are read first, then the rows batch by batch (export-batches.ts), so memory stays
 * bounded; past the budget (30 s) the stream is cut and the failure logged.
 */
export async function exportAeds(ctx: AppContext, session: Session, body: AedExportBody) {
  const { sites, ids } = await exportSelection(ctx, session, body);
  const names = new Map(sites.map((site) => [site.id, site.name]));
  const language = optionLanguage(body.lang);
  const rowOf = exportRowXmlOn(today(), aedSettings.AED_VIGILANCE_DAYS);

  // The database formats the next batch while this process builds and deflates the XML.
  async function* batches(): AsyncGenerator<string> {
    yield rowXml(headerRow(language));
    for await (const rows of rowsInBatches<ExportedAed>(ctx, ids, exportSelect)) {
      let xml = '';
      for (const aed of rows) xml += rowOf(aed, names.get(aed.idSite) ?? '');
      yield xml;
    }
  }

  const stream = streamWorkbook('AED', batches(), (error) => ctx.log.error({ err: error, rows: ids.length }, 'AED export failed'));
  const stamp = DateTime.now().setZone(displayZone).toFormat('yyyyLLdd-HHmm');
  return { stream, filename: `aeds-${stamp}.xlsx`, rows: ids.length };
}
