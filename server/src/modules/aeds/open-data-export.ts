import { Readable } from 'node:stream';
import { and, sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { AedExportBody, GeoDaeExportBody } from '../../../../contract/aed-list.schemas';
import type { AppContext } from '../../context';
import { rowsOf } from '../../db/database';
import type { Session } from '../../plugins/authenticate';
import { exportSelect } from './export';
import { exportSelection, rowsInBatches } from './export-batches';
import { geoDaeContactCells, geoDaeMissingSql, geoDaeReadySql } from './geodae-readiness';
import { csvLine, geoDaeCells, type GeoDaeSource } from './geodae-row';
import { osmFeature } from './osm-feature';
import { schemaDaeColumnNames, schemaDaeValidator } from './schema-dae';
import { displayZone } from './settings';

/**
 * The open-data files of the register (POST aed/exportGeoDae and aed/exportOsm): the list's scope,
 * filters and order, streamed batch by batch like the Excel export (export-batches.ts).
 */

/** The AED's export columns, its contact cells and its readiness. */
const openDataSelect: SQL = sql.join(
  [exportSelect, ...Object.entries(geoDaeContactCells).map(([name, value]) => sql`${value} AS ${sql.identifier(name)}`), sql`${geoDaeMissingSql} AS "geoDaeMissing"`],
  sql`, `,
);

const stamp = () => DateTime.now().setZone(displayZone).toFormat('yyyyLLdd-HHmm');

/** A stream of the generator's text; a failure mid-way is logged and cuts the file. */
function textStream(ctx: AppContext, chunks: AsyncGenerator<string>, what: string): Readable {
  const stream = Readable.from(chunks);
  stream.on('error', (error) => ctx.log.error({ err: error }, `${what} failed`));
  return stream;
}

/**
 * The GeoDAE declaration: the header of schema-dae 1.0.7, then one row per AED, ready ones only
 * unless `allAeds`. Every row is checked against the schema as it is written; a ready AED whose row
 * fails is a fault of Vigil's and is logged.
 */
export async function exportGeoDae(ctx: AppContext, session: Session, body: GeoDaeExportBody) {
  const filter = body.allAeds ? body.filter : [...body.filter, { type: 'ADVANCED' as const, tag: 'geoDaeReady', value: true }];
  const { where, ids } = await exportSelection(ctx, session, { ...body, filter });
  const notReady = body.allAeds ? await countNotReady(ctx, where) : 0;
  const validator = schemaDaeValidator();

  async function* chunks(): AsyncGenerator<string> {
    yield csvLine(schemaDaeColumnNames);
    for await (const rows of rowsInBatches<GeoDaeSource>(ctx, ids, openDataSelect)) {
      let text = '';
      for (const aed of rows) {
        const cells = geoDaeCells(aed);
        const problems = validator.row(cells);
        if (problems.length > 0 && aed.geoDaeMissing.length === 0) ctx.log.error({ udid: aed.udid, problems }, 'GeoDAE row of a ready AED does not validate');
        text += csvLine(schemaDaeColumnNames.map((column) => cells[column]));
      }
      yield text;
    }
  }

  return { stream: textStream(ctx, chunks(), 'GeoDAE export'), filename: `geodae-${stamp()}.csv`, rows: ids.length, notReady };
}

async function countNotReady(ctx: AppContext, where: SQL): Promise<number> {
  const [row] = await rowsOf<{ count: number }>(ctx.database.db, sql`SELECT count(*)::int AS count FROM aeds WHERE ${and(where, sql`NOT ${geoDaeReadySql}`)}`);
  return Number(row.count);
}

/** The same selection as GeoJSON features tagged for OpenStreetMap. */
export async function exportOsm(ctx: AppContext, session: Session, body: AedExportBody) {
  const { ids } = await exportSelection(ctx, session, body);

  async function* chunks(): AsyncGenerator<string> {
    yield '{"type":"FeatureCollection","features":[';
    let first = true;
    for await (const rows of rowsInBatches<GeoDaeSource>(ctx, ids, openDataSelect)) {
      const features = rows.map((aed) => JSON.stringify(osmFeature(aed))).join(',');
      if (features === '') continue;
      yield `${first ? '' : ','}${features}`;
      first = false;
    }
    yield ']}\n';
  }

  return { stream: textStream(ctx, chunks(), 'OpenStreetMap export'), filename: `aeds-osm-${stamp()}.geojson`, rows: ids.length };
}
