import { DateTime } from 'luxon';
import { groups } from '../../../../contract/groups';
import { dashboardErrorKeys } from '../../../../contract/dashboard.errors';
import type { AccountStats, DepartureFigures, DurationFigure, ReferentStats, ReferentStatsQuery } from '../../../../contract/dashboard.schemas';
import { historyZone } from '../../../../contract/history.schemas';
import type { AppContext } from '../../context';
import { forbidden } from '../../errors';
import type { Session } from '../../plugins/authenticate';
import { defaultHistoryStart } from '../../shared/day-ranges';
import { resolveScope } from '../accounts/face';
import { syncCallbacks } from '../callbacks/face';
import * as repo from './repo';

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Minutes as the unit that reads best: minutes under 2 hours, hours under 2 days, else days. */
export function durationOf(minutes: number | null): DurationFigure {
  if (minutes === null) return { value: null, period: 'minute' };
  if (minutes < 120) return { value: round(minutes), period: 'minute' };
  if (minutes < 48 * 60) return { value: round(minutes / 60), period: 'hour' };
  return { value: round(minutes / 1440), period: 'day' };
}

function figuresOf(group: repo.DepartureGroup | undefined): DepartureFigures {
  const interventions = group?.interventions ?? 0;
  const departures = group?.departures ?? 0;
  return {
    nbRescuer: group?.rescuers ?? 0,
    nbIntervention: interventions,
    averageDurationBetweenAlert: group?.average_delay === null || group?.average_delay === undefined ? null : Math.round(group.average_delay),
    averageRescuerBy_Alert: interventions ? round(departures / interventions, 2) : 0,
    nbDeparture: departures,
  };
}

/**
 * GET getStatsReferentDashboard (spec §3 "Statistics", §7): the caller's personal figures, the
 * departures of the current month with the last 12 months, and the departures in total, of the
 * caller's accounts or the selected site; each part only when its fetch flag is set.
 */
export async function referentStats(ctx: AppContext, session: Session, query: ReferentStatsQuery): Promise<ReferentStats> {
  const db = ctx.database.db;
  const scope = await resolveScope(db, session, query.selectedSite, dashboardErrorKeys.siteNotAllowed);
  const thisMonth = DateTime.now().setZone(historyZone).startOf('month');
  const firstMonth = thisMonth.minus({ months: 11 });
  const [personal, months, total] = await Promise.all([
    query.isPersonalFetch ? repo.personalFigures(db, session.userId, scope.ids) : undefined,
    query.isMonthDepartureFetch ? repo.departureGroups(db, scope.ids, firstMonth.toJSDate(), true) : undefined,
    query.isTotalDepartureFetch ? repo.departureGroups(db, scope.ids, null, false) : undefined,
  ]);
  let month: ReferentStats['departure']['month'] = null;
  if (months) {
    const byKey = new Map(months.map((group) => [group.key, group]));
    const series = Array.from({ length: 12 }, (_, index) => {
      const key = firstMonth.plus({ months: index }).toFormat('yyyy-MM');
      return { month: key, ...figuresOf(byKey.get(key)) };
    });
    month = { month: thisMonth.toISODate()!, ...figuresOf(byKey.get(thisMonth.toFormat('yyyy-MM'))), series };
  }
  return {
    personal: personal
      ? { formComplete: personal.forms, callRollingMonth: personal.calls, averageTimeBeforeCall: durationOf(personal.average_minutes) }
      : null,
    departure: {
      month,
      total: total ? { ...figuresOf(total[0]), since: total[0]?.since ? DateTime.fromJSDate(new Date(total[0].since)).setZone(historyZone).toISODate() : null } : null,
    },
  };
}

/**
 * GET getAccountStats (the admin tab's account statistics): one line per account of the caller's
 * subtree (or the selected site's). Super administrators only.
 */
export async function accountStats(ctx: AppContext, session: Session, selectedSite: number | undefined): Promise<AccountStats> {
  if (session.idGroup !== groups.superAdmin) throw forbidden(dashboardErrorKeys.adminOnly);
  const db = ctx.database.db;
  const scope = await resolveScope(db, session, selectedSite, dashboardErrorKeys.siteNotAllowed);
  await syncCallbacks(db);
  const yearAgo = DateTime.now().setZone(historyZone).startOf('day').minus({ years: 1 }).toJSDate();
  const rows = await repo.accountFigures(db, scope.ids, yearAgo, defaultHistoryStart().toJSDate());
  return {
    accounts: rows.map((row) => ({
      id: row.id,
      name: row.name,
      kind: row.kind,
      parentId: row.parent_id,
      users: row.users,
      aeds: row.aeds,
      aedsAvailable: row.aeds_available,
      alertsYear: row.alerts_year,
      alertsTotal: row.alerts_total,
      departuresYear: row.departures_year,
      responders: row.responders,
      formsCompleted: row.forms_completed,
      callbacksPending: row.callbacks_pending,
    })),
  };
}

