import { sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { historyZone } from '../../../../contract/history.schemas';
import { indicatorErrorKeys } from '../../../../contract/indicator.errors';
import type { AlertsSummary, AlertsType, DisplayMode, Growth, Heatmap, LookLast24, Ranking, RespondersSkills, Temporality } from '../../../../contract/indicator.schemas';
import type { AppContext } from '../../context';
import { rowsOf, type Db } from '../../db/database';
import { badRequest } from '../../errors';
import type { Session } from '../../plugins/authenticate';
import { acceptedAt, setOff } from '../callbacks/face';
import { isoOf, ts } from '../../shared/sql-values';
import { freeRange, type DayRange } from '../../shared/day-ranges';
import { resolveScope } from '../accounts/face';
import { translate } from '../../shared/translate';
import { areaMap, cellCentre, cellDegrees, type AreaMap, type Located } from './areas';
import * as repo from './repo';

/** What an area query selects: a matcher for placed cells, a box to narrow SQL, and the ranking level. */
interface Area {
  code: string | undefined;
  /** Loaded only when an area is given or places are ranked. */
  map: AreaMap | null;
  matches(located: Located | null): boolean;
  box?: { minLat: number; maxLat: number; minLon: number; maxLon: number };
  level: 'department' | 'commune';
}

async function areaOf(code: string | undefined, needsMap = false): Promise<Area> {
  if (code === undefined) return { code, map: needsMap ? await areaMap() : null, matches: () => true, level: 'department' };
  const map = await areaMap();
  if (code === 'FR' || code === 'LU') return { code, map, matches: (located) => located?.country === code, level: 'department' };
  const departement = map.departements.get(code);
  if (!departement) throw badRequest(indicatorErrorKeys.unknownArea, { area: code });
  return { code, map, matches: (located) => located?.departement?.code === code, box: departement.box, level: 'commune' };
}

/** The caller's accounts (or the selected site's subtree) and the area. */
async function context(ctx: AppContext, session: Session, query: { selectedSite?: number; area?: string }, needsMap = false) {
  const [scope, area] = await Promise.all([resolveScope(ctx.database.db, session, query.selectedSite), areaOf(query.area, needsMap)]);
  return { db: ctx.database.db, ids: scope.ids, area };
}

/** SQL keeping only items of the source inside the area (two steps: the cells present, placed in memory). */
async function areaFilter(db: Db, source: repo.Source, area: Area): Promise<SQL> {
  if (area.code === undefined) return sql`TRUE`;
  const cells = await repo.cellsOf(db, source, repo.boxSql(source.place, area.box));
  return repo.inCells(
    source.place,
    cells.filter((cell) => area.matches(area.map!.locateCell(cell))),
  );
}

async function heatmapOf(db: Db, source: repo.Source, area: Area): Promise<Heatmap> {
  const cells = await repo.countsPerCell(db, source, repo.boxSql(source.place, area.box));
  const points: Heatmap['points'] = [];
  let total = 0;
  let max = 0;
  for (const { cell, count } of cells) {
    if (area.map && !area.matches(area.map.locateCell(cell))) continue;
    const { lat, lon } = cellCentre(cell);
    points.push([Math.round(lat * 100) / 100, Math.round(lon * 100) / 100, count]);
    total += count;
    max = Math.max(max, count);
  }
  return { points, total, max, cellDegrees };
}

/** GET aedsHeatmap: the AEDs of the caller's accounts per 1 km cell. */
export async function aedsHeatmap(ctx: AppContext, session: Session, query: { selectedSite?: number; area?: string }): Promise<Heatmap> {
  const { db, ids, area } = await context(ctx, session, query);
  return heatmapOf(db, repo.aedSource(ids), area);
}

/** GET respondersHeatmap: activated responders' last positions per 1 km cell. */
export async function respondersHeatmap(ctx: AppContext, session: Session, query: { selectedSite?: number; area?: string }): Promise<Heatmap> {
  const { db, ids, area } = await context(ctx, session, query);
  return heatmapOf(db, repo.positionedResponderSource(ids), area);
}

const windows: Record<Exclude<Temporality, 'century'>, { unit: 'day' | 'week' | 'month' | 'year'; count: number }> = {
  day: { unit: 'day', count: 30 },
  week: { unit: 'week', count: 12 },
  month: { unit: 'month', count: 12 },
  year: { unit: 'year', count: 5 },
};

function bucketKey(start: DateTime, unit: 'day' | 'week' | 'month' | 'year'): string {
  if (unit === 'day') return start.toISODate()!;
  if (unit === 'week') return `${start.weekYear}-W${String(start.weekNumber).padStart(2, '0')}`;
  if (unit === 'month') return start.toFormat('yyyy-MM');
  return start.toFormat('yyyy');
}

async function growthOf(db: Db, source: repo.Source, filter: SQL, temporality: Temporality, displayMode: DisplayMode): Promise<Growth> {
  const now = DateTime.now().setZone(historyZone);
  let unit: 'day' | 'week' | 'month' | 'year';
  let first: DateTime;
  if (temporality === 'century') {
    unit = 'year';
    const earliest = await repo.firstTime(db, source, filter);
    first = (earliest ? DateTime.fromJSDate(earliest).setZone(historyZone) : now).startOf('year');
  } else {
    const window = windows[temporality];
    unit = window.unit;
    first = now.startOf(unit).minus({ [`${unit}s`]: window.count - 1 });
  }
  const { perKey, base } = await repo.growthCounts(db, source, filter, repo.bucketFormats[unit], first.toJSDate());
  const buckets: Growth['buckets'] = [];
  let accrued = base;
  for (let start = first; start <= now; start = start.plus({ [`${unit}s`]: 1 })) {
    const key = bucketKey(start, unit);
    const added = perKey.get(key) ?? 0;
    accrued += added;
    buckets.push({ key, start: start.toISO()!, added, accrued, value: displayMode === 'accrued' ? accrued : added });
  }
  return { temporality, displayMode, buckets, total: accrued };
}

/** GET alertsGrowth: launched alerts per bucket (temporality, default month), with the running total. */
export async function alertsGrowth(ctx: AppContext, session: Session, query: { selectedSite?: number; area?: string; temporality: Temporality }): Promise<Growth> {
  const { db, ids, area } = await context(ctx, session, query);
  const source = repo.alertSource(ids);
  return growthOf(db, source, await areaFilter(db, source, area), query.temporality, 'new');
}

/** GET respondersGrowth: activated responders by sign-up date, accrued (default) or new per bucket. */
export async function respondersGrowth(ctx: AppContext, session: Session, query: { selectedSite?: number; area?: string; temporality: Temporality; displayMode: DisplayMode }): Promise<Growth> {
  const { db, ids, area } = await context(ctx, session, query);
  const source = area.code === undefined ? repo.responderSource(ids) : repo.positionedResponderSource(ids);
  return growthOf(db, source, await areaFilter(db, source, area), query.temporality, query.displayMode);
}

async function rankingOf(db: Db, source: repo.Source, area: Area, per: number, extra: SQL, range: DayRange | null): Promise<Ranking> {
  const cells = await repo.countsPerCell(db, source, sql`${repo.boxSql(source.place, area.box)} AND ${extra}`);
  const groups = new Map<string, { name: string; count: number; population: number }>();
  let unplaced = 0;
  for (const { cell, count } of cells) {
    const located = area.map!.locateCell(cell);
    if (area.code !== undefined && !area.matches(located)) continue;
    const unit = area.level === 'commune' ? located?.commune : located?.departement;
    if (!unit) {
      unplaced += count;
      continue;
    }
    const group = groups.get(unit.code) ?? { name: unit.name, count: 0, population: unit.population };
    group.count += count;
    groups.set(unit.code, group);
  }
  const rows = [...groups]
    .map(([code, group]) => ({ code, name: group.name, count: group.count, population: group.population, rate: group.population ? Math.round((group.count / group.population) * per * 100) / 100 : 0 }))
    .sort((a, b) => b.rate - a.rate || b.count - a.count || a.code.localeCompare(b.code));
  return { level: area.level, per, startDate: range?.startDate ?? null, endDate: range?.endDate ?? null, rows, unplaced };
}

const lastThreeMonths = (today: DateTime) => today.minus({ months: 3 });
const lastThirtyDays = (today: DateTime) => today.minus({ days: 29 });

/** GET alertsRateRanking: launched alerts per 100,000 inhabitants, by département (or commune of a département area), over the range (default the last 3 months). */
export async function alertsRateRanking(ctx: AppContext, session: Session, query: { selectedSite?: number; area?: string; startDate?: string; endDate?: string }): Promise<Ranking> {
  const { db, ids, area } = await context(ctx, session, query, true);
  const range = freeRange(query.startDate, query.endDate, lastThreeMonths, indicatorErrorKeys.invalidRange);
  return rankingOf(db, repo.alertSource(ids), area, 100_000, sql`a.launched_at >= ${ts(range.from)} AND a.launched_at < ${ts(range.to)}`, range);
}

/** GET respondersRateRanking: activated responders per 1,000 inhabitants, by where they last were. */
export async function respondersRateRanking(ctx: AppContext, session: Session, query: { selectedSite?: number; area?: string }): Promise<Ranking> {
  const { db, ids, area } = await context(ctx, session, query, true);
  return rankingOf(db, repo.positionedResponderSource(ids), area, 1000, sql`TRUE`, null);
}

/** GET alertsType: launched alerts per type over the range (default the last 3 months). */
export async function alertsType(ctx: AppContext, session: Session, query: { selectedSite?: number; area?: string; startDate?: string; endDate?: string }): Promise<AlertsType> {
  const { db, ids, area } = await context(ctx, session, query);
  const range = freeRange(query.startDate, query.endDate, lastThreeMonths, indicatorErrorKeys.invalidRange);
  const source = repo.alertSource(ids);
  const filter = await areaFilter(db, source, area);
  const rows = await rowsOf<{ alert_type: number; count: number }>(
    db,
    sql`SELECT a.alert_type, count(*)::int AS count FROM alerts a WHERE ${source.where} AND ${filter} AND a.launched_at >= ${ts(range.from)} AND a.launched_at < ${ts(range.to)}
        GROUP BY 1 ORDER BY 2 DESC, 1`,
  );
  return { startDate: range.startDate, endDate: range.endDate, total: rows.reduce((sum, row) => sum + row.count, 0), types: rows.map((row) => ({ alertType: row.alert_type, count: row.count })) };
}

/** GET respondersSkills: activated responders by training status and by skill, labelled in `lang` (default fr). */
export async function respondersSkills(ctx: AppContext, session: Session, query: { selectedSite?: number; area?: string; lang: string }): Promise<RespondersSkills> {
  const { db, ids, area } = await context(ctx, session, query);
  const source = area.code === undefined ? repo.responderSource(ids) : repo.positionedResponderSource(ids);
  const filter = await areaFilter(db, source, area);
  const [trained, skills] = await Promise.all([
    rowsOf<{ key: string; count: number }>(db, sql`SELECT r.trained_status AS key, count(*)::int AS count FROM ${source.from} WHERE ${source.where} AND ${filter} GROUP BY 1 ORDER BY 2 DESC, 1`),
    rowsOf<{ key: string | null; count: number }>(db, sql`SELECT nullif(trim(r.skill), '') AS key, count(*)::int AS count FROM ${source.from} WHERE ${source.where} AND ${filter} GROUP BY 1 ORDER BY 2 DESC, 1`),
  ]);
  const label = (prefix: string, key: string) => {
    const text = translate(query.lang, `${prefix}.${key}`);
    return text === `${prefix}.${key}` ? key : text;
  };
  return {
    total: trained.reduce((sum, row) => sum + row.count, 0),
    trained: trained.map((row) => ({ key: row.key, label: label('indicator.trained', row.key), count: row.count })),
    skills: skills.map((row) => ({ key: row.key ?? 'none', label: label('indicator.skill', (row.key ?? 'none').replace(/\s+/g, '-')), count: row.count })),
  };
}

/** Per-alert departures of alerts matching `where`: count and first acceptance delay. */
const departuresLateral = sql`LEFT JOIN LATERAL (SELECT count(*)::int AS departures, min(extract(epoch FROM ${acceptedAt()} - a.launched_at))::float8 AS first_delay
    FROM alert_requests q WHERE q.alert_id = a.id AND ${setOff()}) d ON true`;

/** GET lookLast24: the alerts launched over the last 24 hours (rolling), with their departures. */
export async function lookLast24(ctx: AppContext, session: Session, query: { selectedSite?: number; area?: string }): Promise<LookLast24> {
  const { db, ids, area } = await context(ctx, session, query);
  const source = repo.alertSource(ids);
  const since = new Date(Date.now() - 24 * 3600 * 1000);
  const filter = await areaFilter(db, source, area);
  const rows = await rowsOf<{ id: number; launched_at: Date; alert_type: number; address: string; nb_requests: number; close: number; close_reason: 'user' | 'auto' | null; departures: number; first_delay: number | null }>(
    db,
    sql`SELECT a.id, a.launched_at, a.alert_type, a.address, a.nb_requests, a.close, a.close_reason, d.departures, d.first_delay
          FROM alerts a ${departuresLateral}
         WHERE ${source.where} AND ${filter} AND a.launched_at >= ${ts(since)} ORDER BY a.launched_at DESC, a.id DESC`,
  );
  const byType = new Map<number, number>();
  for (const row of rows) byType.set(row.alert_type, (byType.get(row.alert_type) ?? 0) + 1);
  const delays = rows.map((row) => row.first_delay).filter((value): value is number => value !== null);
  return {
    since: since.toISOString(),
    total: rows.length,
    open: rows.filter((row) => row.close === 0).length,
    departures: rows.reduce((sum, row) => sum + row.departures, 0),
    averageFirstDepartureSeconds: delays.length ? Math.round(delays.reduce((sum, value) => sum + value, 0) / delays.length) : null,
    byType: [...byType].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([alertType, count]) => ({ alertType, count })),
    alerts: rows.slice(0, 50).map((row) => ({
      alertId: row.id,
      date: isoOf(row.launched_at)!,
      alertType: row.alert_type,
      address: row.address,
      nbRequests: row.nb_requests,
      nbDepartures: row.departures,
      open: row.close === 0,
      closeReason: row.close_reason,
    })),
  };
}

/** The longest range the reporting page reads day by day (three years). */
const maxSummaryDays = 1100;

/** GET alertsSummary (alert reporting, /alert/dashboard): the figures of the range (default the last 30 days) and alerts per day. */
export async function alertsSummary(ctx: AppContext, session: Session, query: { selectedSite?: number; area?: string; startDate?: string; endDate?: string }): Promise<AlertsSummary> {
  const { db, ids, area } = await context(ctx, session, query);
  const range = freeRange(query.startDate, query.endDate, lastThirtyDays, indicatorErrorKeys.invalidRange);
  if (range.to.getTime() - range.from.getTime() > maxSummaryDays * 86_400_000) throw badRequest(indicatorErrorKeys.invalidRange, { maxDays: maxSummaryDays });
  const source = repo.alertSource(ids);
  const filter = await areaFilter(db, source, area);
  const where = sql`${source.where} AND ${filter} AND a.launched_at >= ${ts(range.from)} AND a.launched_at < ${ts(range.to)}`;
  const [[totals], days] = await Promise.all([
    rowsOf<{ total: number; open: number; by_user: number; auto: number; with_departure: number; requests: number; departures: number; refused: number; first_delay: number | null; duration: number | null }>(
      db,
      sql`SELECT count(*)::int AS total, count(*) FILTER (WHERE a.close = 0)::int AS open, count(*) FILTER (WHERE a.close_reason = 'user')::int AS by_user,
                 count(*) FILTER (WHERE a.close_reason = 'auto')::int AS auto, count(*) FILTER (WHERE d.departures > 0)::int AS with_departure,
                 coalesce(sum(a.nb_requests), 0)::int AS requests, coalesce(sum(d.departures), 0)::int AS departures, coalesce(sum(a.nb_refused), 0)::int AS refused,
                 avg(d.first_delay)::float8 AS first_delay, avg(extract(epoch FROM a.closed_at - a.launched_at))::float8 AS duration
            FROM alerts a ${departuresLateral} WHERE ${where}`,
    ),
    rowsOf<{ day: string; count: number; departures: number }>(
      db,
      sql`SELECT to_char(a.launched_at AT TIME ZONE ${historyZone}, 'YYYY-MM-DD') AS day, count(*)::int AS count, coalesce(sum(d.departures), 0)::int AS departures
            FROM alerts a ${departuresLateral} WHERE ${where} GROUP BY 1`,
    ),
  ]);
  const perDayMap = new Map(days.map((row) => [row.day, row]));
  const perDay: AlertsSummary['perDay'] = [];
  const last = DateTime.fromISO(range.endDate, { zone: historyZone });
  for (let day = DateTime.fromISO(range.startDate, { zone: historyZone }); day <= last; day = day.plus({ days: 1 })) {
    const key = day.toISODate()!;
    perDay.push({ day: key, count: perDayMap.get(key)?.count ?? 0, departures: perDayMap.get(key)?.departures ?? 0 });
  }
  const rounded = (value: number | null) => (value === null ? null : Math.round(value));
  return {
    startDate: range.startDate,
    endDate: range.endDate,
    total: totals.total,
    open: totals.open,
    closedByUser: totals.by_user,
    autoClosed: totals.auto,
    withDeparture: totals.with_departure,
    nbRequests: totals.requests,
    nbDepartures: totals.departures,
    nbRefused: totals.refused,
    averageFirstDepartureSeconds: rounded(totals.first_delay),
    averageDurationSeconds: rounded(totals.duration),
    perDay,
  };
}
