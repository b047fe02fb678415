import { DateTime } from 'luxon';
import type { CoverageExportQuery } from '../../../../contract/coverage.schemas';
import type { AppContext } from '../../context';
import type { Session } from '../../plugins/authenticate';
import { translate } from '../../shared/translate';
import { rowXml, streamWorkbook, type Cell } from '../../shared/xlsx-stream';
import { candidatesOf } from './service';

const columns = ['coverage.export.rank', 'coverage.export.lat', 'coverage.export.lon', 'coverage.export.gapMinutes', 'coverage.export.alerts'] as const;

/** GET the candidates' export: where one more AED would help most, ranked, as an .xlsx. */
export async function exportCandidates(ctx: AppContext, session: Session, query: CoverageExportQuery) {
  const candidates = await candidatesOf(ctx, session, query);
  const rows: Cell[][] = [
    columns.map((key) => translate(query.lang, key)),
    ...candidates.map((candidate, index) => [index + 1, Math.round(candidate.lat * 1e6) / 1e6, Math.round(candidate.lon * 1e6) / 1e6, candidate.gapMinutesRemoved, candidate.alertsHelped]),
  ];
  async function* sheetRows(): AsyncGenerator<string> {
    yield rows.map(rowXml).join('');
  }
  const stream = streamWorkbook(translate(query.lang, 'coverage.export.sheet'), sheetRows(), (error) => ctx.log.error({ err: error }, 'coverage export failed'));
  const band = `${query.weekend ? 'weekend' : 'weekday'}-${String(query.hour).padStart(2, '0')}h`;
  return { stream, filename: `aed-candidates-${band}-${DateTime.now().setZone('Europe/Paris').toFormat('yyyyLLdd')}.xlsx`, rows: candidates.length };
}
