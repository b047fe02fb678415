import { sql } from 'drizzle-orm';
import { alertErrorKeys } from '../../../../contract/alert.errors';
import { geoErrorKeys } from '../../../../contract/geo.errors';
import { alertTypes, debugModes, testSiteId, type Alert, type AlertDetails, type AlertListQuery, type AlertOptions, type LaunchBody, type SetUpBody, type SetUpResult, type UpdateAddressBody } from '../../../../contract/alert.schemas';
import { alertStatusCode } from '../../../../contract/charts/alert.chart';
import { busyStatuses } from '../../../../contract/charts/responder-request.chart';
import { errorKeys } from '../../../../contract/errors';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { AppError, conflict, forbidden, notFound } from '../../errors';
import type { Session } from '../../plugins/authenticate';
import { accountSubtree } from '../accounts/face';
import type { AuditWithChange } from '../audit/face';
import { aedsAround, aedsAroundJsonSql, toNearbyAed } from './aeds-nearby';
import { scheduleAutoCloseAfterAnswer } from './auto-close';
import { scheduleEscalationAfterAnswer } from './escalation';
import { afterAlertChange } from './effects';
import { isRefusal, resolvePlace, type Place } from './place';
import { enqueueAlertPush } from './push-messages';
import * as repo from './repo';
import { checkAlertEvent } from './requests';
import { metresBetween } from '../../db/earth';
import { nearestReachable, planMissions, reachableCountSql, reachFor } from './selection';
import { alertSettings, type AlertSettings } from './settings';
import { writeDraft, writeLaunch } from './writes';

/** Request statuses that still expect news about the alert (updates, close). */
const stillConcerned = ['available', ...busyStatuses] as const;

/** GET options: alert types, debug modes, sites and the initial map (spec §3, §9). */
export async function options(ctx: AppContext, session: Session): Promise<AlertOptions> {
  const settings = alertSettings(ctx);
  const tree = await accountSubtree(ctx.database.db, session.siteId);
  return {
    alertTypes: alertTypes.map((value) => ({ value, label: `alert.type.${value}` })),
    debugModes: debugModes.filter((value) => value === 0 || mayTest(settings, session)).map((value) => ({ value, label: `alert.debug-mode.${value}` })),
    debugMode: 0,
    sites: [{ value: testSiteId, label: 'alert.site.test' }, ...tree.map((account) => ({ value: account.id, label: account.name }))],
    positionInit: { lat: settings.ALERT_MAP_LAT, lng: settings.ALERT_MAP_LNG },
    zoomInit: settings.ALERT_MAP_ZOOM,
    distanceMax: settings.ALERT_DISTANCE_MAX_KM,
    maxAddressMoveKm: settings.ALERT_ADDRESS_MAX_MOVE_KM,
    autoCloseSeconds: settings.ALERT_AUTO_CLOSE_SECONDS,
    countryCode: 'FR',
  };
}

/** Whether the caller's group may use the test debug modes (1 and 3): ALERT_DEBUG_MODE_GROUPS. */
const mayTest = (settings: AlertSettings, session: Session) => settings.ALERT_DEBUG_MODE_GROUPS.includes(session.idGroup);

/** The debug mode of a set-up or launch: the one asked, else the draft's; 403 when the caller's group may not use it. */
function debugModeFor(settings: AlertSettings, session: Session, asked: number | undefined, existing: repo.AlertRow | undefined): number {
  const debugMode = asked ?? existing?.debug_mode ?? 0;
  if (debugMode !== 0 && !mayTest(settings, session)) throw forbidden(errorKeys.necessaryRights);
  return debugMode;
}

/** Site 0 is the test site: a test alert of the caller's own account. Any other site must be in the caller's subtree. */
async function resolveSite(db: Db, session: Session, idSite: number | undefined, fallback?: repo.AlertRow): Promise<{ idSite: number; test: boolean }> {
  if (idSite === undefined) return fallback ? { idSite: fallback.id_site, test: fallback.test } : { idSite: session.siteId, test: false };
  if (idSite === testSiteId) return { idSite: session.siteId, test: true };
  if (idSite !== session.siteId && !(await repo.subtreeIds(db, session.siteId)).includes(idSite)) throw forbidden(alertErrorKeys.siteNotAllowed);
  return { idSite, test: false };
}

/** The caller's scope: their account and its descendants. */
const scopeOf = (session: Session): repo.Scope => ({ subtreeOf: session.siteId });

/** The draft or alert `alertId` of the caller's scope; 404 when there is none. */
async function existingAlert(db: Db, session: Session, alertId: number | undefined): Promise<repo.AlertRow | undefined> {
  if (alertId === undefined) return undefined;
  const alert = await repo.findAlert(db, alertId, scopeOf(session));
  if (!alert) throw notFound();
  return alert;
}

/** After a conditional write found the draft changed: re-read it and refuse with the chart's key. */
async function refuseChanged(db: Db, alertId: number, event: 'alert.setUp' | 'alert.launch'): Promise<never> {
  checkAlertEvent((await repo.findAlert(db, alertId, 'any'))!, event);
  throw conflict(errorKeys.illegalTransition);
}

async function reload(db: Db, alertId: number): Promise<Alert> {
  return repo.toAlert((await repo.findAlert(db, alertId, 'any'))!);
}

async function visibleAlert(ctx: AppContext, session: Session, alertId: number): Promise<repo.AlertRow> {
  return (await existingAlert(ctx.database.db, session, alertId))!;
}

/**
 * PUT alertSettingUp: places the victim (geocoding the address when no coordinates are given),
 * creates or replaces the draft, and answers the preview: reachable responders and the AEDs around.
 * The count, the draft, its chronology, the call's audit row (`audit`, when the call is heard
 * through HTTP) and the AEDs around are one statement, committed before the answer.
 */
export async function setUp(ctx: AppContext, session: Session, body: SetUpBody, audit?: AuditWithChange): Promise<SetUpResult> {
  const settings = alertSettings(ctx);
  const db = ctx.database.db;
  const existing = await existingAlert(db, session, body.alertId);
  checkState(existing, 'alert.setUp');
  const site = await resolveSite(db, session, body.idSite, existing);
  const debugMode = debugModeFor(settings, session, body.debugMode, existing);
  const place = await resolvePlace(ctx, body);
  if (isRefusal(place)) {
    return { alert: existing ? repo.toAlert(existing) : null, wrongAddress: true, needsPinMove: false, msg: refusalKey(place.refused), nbPotentialBS: 0, aeds: [] };
  }
  const distanceMax = settings.ALERT_DISTANCE_MAX_KM;
  // Debug mode 3 alerts only bots, started at launch around the victim: the preview is their number.
  const reached = debugMode === 3 ? sql`SELECT ${settings.BOTS_COUNT}::int AS n` : reachableCountSql(reachFor(settings, place, distanceMax, debugMode));
  const fields = { alertType: body.alertType ?? existing?.alert_type ?? 1, ...site, ...placeFields(place, body.addressInfo), distanceMax, debugMode, test: site.test || debugMode !== 0, createdBy: session.userId };
  const row = await writeDraft(ctx.database, existing?.id, fields, {
    reached,
    aeds: aedsAroundJsonSql(place, settings.ALERT_AED_RADIUS_KM * 1000),
    audit: audit?.row,
    relaxedCommit: ctx.database.kind === 'postgres',
    payload: { lat: place.lat, lon: place.lon, address: place.address, precision: place.precision },
  });
  if (!row) return refuseChanged(db, existing!.id, 'alert.setUp');
  audit?.written();
  afterAlertChange(ctx, { id: row.id, idSite: row.id_site }, { push: false });
  const needsPinMove = place.precision === 'municipality';
  return { alert: repo.toAlert(row), wrongAddress: false, needsPinMove, msg: needsPinMove ? alertErrorKeys.addressImprecise : null, nbPotentialBS: row.nb_potential_bs, aeds: row.aeds.map(toNearbyAed) };
}

/** The alert's own key for an address not found ("check the spelling"); other refusals keep theirs. */
const refusalKey = (key: string) => (key === geoErrorKeys.addressNotFound ? alertErrorKeys.addressNotFound : key);

/** The chart's answer for an event on an existing alert, or on a new one (which starts as a draft). */
function checkState(existing: repo.AlertRow | undefined, event: 'alert.setUp' | 'alert.launch'): void {
  checkAlertEvent(existing ?? ({ status: alertStatusCode.settingUp } as repo.AlertRow), event);
}

function placeFields(place: Place, addressInfo: string) {
  return { lat: place.lat, lon: place.lon, address: place.address, addressInfo, countryCode: place.countryCode, precision: place.precision };
}

/**
 * POST alertLaunch: launches the draft `alertId` (or a new alert). Selects the nearest reachable
 * responders and gives each a mission (AED first or straight to the victim), then writes the live
 * alert, the requests, the push messages, the chronology and the call's audit row (`audit`) in one
 * statement. Then schedules the
 * auto-close and the escalation (when on), tells the account's sockets, sends the push messages and, in debug mode 3, starts
 * the bots.
 */
export async function launch(ctx: AppContext, session: Session, body: LaunchBody, audit?: AuditWithChange): Promise<Alert> {
  const settings = alertSettings(ctx);
  const db = ctx.database.db;
  const existing = await existingAlert(db, session, body.alertId);
  checkState(existing, 'alert.launch');
  const site = await resolveSite(db, session, body.idSite, existing);
  const debugMode = debugModeFor(settings, session, body.debugMode, existing);
  const place = await launchPlace(ctx, body, existing);
  const distanceMax = settings.ALERT_DISTANCE_MAX_KM;
  const botIds = debugMode === 3 ? await ctx.bots.spawn(place, distanceMax) : [];
  const [{ candidates, total }, aedsNow] = await Promise.all([
    nearestReachable(ctx.database, reachFor(settings, place, distanceMax, debugMode, botIds), settings.ALERT_MAX_SELECTED),
    aedsAround(db, place, settings.ALERT_AED_RADIUS_KM * 1000, { onlyAvailableNow: true }),
  ]);
  const missions = planMissions(settings, candidates, aedsNow);
  const fields = { alertType: body.alertType, ...site, ...placeFields(place, body.addressInfo || existing?.address_info || ''), distanceMax, debugMode, test: site.test || debugMode !== 0, createdBy: session.userId };
  const row = await writeLaunch(ctx.database, existing?.id, fields, { missions, total, autoCloseSeconds: settings.ALERT_AUTO_CLOSE_SECONDS }, audit?.row);
  if (!row) return refuseChanged(db, existing!.id, 'alert.launch');
  audit?.written();
  ctx.metrics.alertsLaunched.inc({ test: String(fields.test) });
  scheduleAutoCloseAfterAnswer(ctx, row.id, settings.ALERT_AUTO_CLOSE_SECONDS);
  scheduleEscalationAfterAnswer(ctx, row.id);
  afterAlertChange(ctx, { id: row.id, idSite: row.id_site });
  if (botIds.length > 0) ctx.bots.start(row.id, botIds);
  return repo.toAlert(row);
}

/** Coordinates for a launch: given ones, else the geocoded address, else the draft's. */
async function launchPlace(ctx: AppContext, body: LaunchBody, existing: repo.AlertRow | undefined): Promise<Place> {
  const typedNewAddress = body.address && body.address !== existing?.address;
  if ((body.lat !== undefined && body.lon !== undefined) || typedNewAddress || !existing) {
    const place = await resolvePlace(ctx, body);
    if (isRefusal(place)) throw new AppError(422, refusalKey(place.refused));
    return place;
  }
  return { lat: existing.lat, lon: existing.lon, address: existing.address, countryCode: existing.country_code, precision: (existing.precision ?? 'manual') as Place['precision'] };
}

/**
 * GET alerts/{alertId}: the alert and the AEDs around its victim now, as set-up gives them, so a
 * screen that reopens a draft or a live alert shows them again, and the steps of its escalation. 404 outside the caller's subtree.
 */
export async function getAlert(ctx: AppContext, session: Session, alertId: number): Promise<AlertDetails> {
  const row = await visibleAlert(ctx, session, alertId);
  const [aeds, escalations] = await Promise.all([aedsAround(ctx.database.db, row, alertSettings(ctx).ALERT_AED_RADIUS_KM * 1000), repo.escalationsOf(ctx.database.db, alertId)]);
  return { ...repo.toAlert(row), aeds, escalations };
}

/** GET alerts: the caller’s account subtree, newest first (the live list is close=0&status=2), or one site of it (idSite). */
export async function listAlerts(ctx: AppContext, session: Session, query: AlertListQuery): Promise<Alert[]> {
  if (query.idSite === undefined) return (await repo.listAlerts(ctx.database, { subtreeOf: session.siteId }, query)).map(repo.toAlert);
  // idSite narrows the list to one site of the caller's subtree (0: the caller's own test alerts).
  const site = await resolveSite(ctx.database.db, session, query.idSite);
  const filter = site.test ? { ...query, test: 1 } : query;
  return (await repo.listAlerts(ctx.database, [site.idSite], filter)).map(repo.toAlert);
}

/**
 * POST alert/{alertId}: moves the victim, or changes only the details (addressInfo) when the place
 * sent is the alert's own (logged as detailsChanged; the responders still on it are told). Once launched, a move beyond ALERT_ADDRESS_MAX_MOVE_KM is
 * refused (422, key error.alert.address-too-far): the dispatcher must close this intervention and
 * create a new one, since the responders alerted were chosen for the old place.
 */
export async function updateAddress(ctx: AppContext, session: Session, alertId: number, body: UpdateAddressBody): Promise<Alert> {
  const settings = alertSettings(ctx);
  const alert = await visibleAlert(ctx, session, alertId);
  checkAlertEvent(alert, 'address.change');
  const place = await resolvePlace(ctx, body);
  if (isRefusal(place)) throw new AppError(422, refusalKey(place.refused));
  await ctx.database.db.transaction(async (tx) => {
    const current = (await repo.findAlert(tx, alertId, 'any', true))!;
    checkAlertEvent(current, 'address.change');
    const movedKm = metresBetween(current, place) / 1000;
    if (current.status === 2 && movedKm > settings.ALERT_ADDRESS_MAX_MOVE_KM) {
      throw new AppError(422, alertErrorKeys.addressTooFar, { distanceKm: Math.round(movedKm * 1000) / 1000, maxKm: settings.ALERT_ADDRESS_MAX_MOVE_KM });
    }
    const samePlace = movedKm === 0 && place.address === current.address;
    // Only the details changed (floor, door code): the place, its precision and the last move stay.
    if (samePlace && body.addressInfo === current.address_info) return;
    if (samePlace) {
      await repo.updateDetails(tx, alertId, body.addressInfo);
      await repo.logEvent(tx, alertId, 'detailsChanged', { type: 'user', id: session.userId }, { from: current.address_info, to: body.addressInfo });
    } else {
      await repo.updatePlace(tx, alertId, { ...placeFields(place, body.addressInfo), movedKm });
      await repo.logEvent(tx, alertId, 'addressChanged', { type: 'user', id: session.userId }, {
        from: { lat: current.lat, lon: current.lon, address: current.address },
        to: { lat: place.lat, lon: place.lon, address: place.address, precision: place.precision },
        movedKm,
      });
    }
    if (current.status === 2) await enqueueAlertPush(tx, { id: alertId, alertType: current.alert_type }, 'ALERT_UPDATED', { statuses: stillConcerned });
  });
  afterAlertChange(ctx, { id: alertId, idSite: alert.id_site });
  return reload(ctx.database.db, alertId);
}

/**
 * Closes an open alert, by a user (alertClose) or by the auto-close job. A second close is refused
 * with 409 error.alert.closed and the alert as details, so the client can say who closed it.
 */
export async function closeAlert(ctx: AppContext, alertId: number, by: { session: Session } | { auto: true }): Promise<Alert | undefined> {
  const auto = 'auto' in by;
  let idSite: number | undefined;
  await ctx.database.db.transaction(async (tx) => {
    const current = await repo.findAlert(tx, alertId, auto ? 'any' : scopeOf(by.session), true);
    if (!current && auto) return;
    if (!current) throw notFound();
    if (auto && (current.close !== 0 || current.status !== 2)) return;
    try {
      checkAlertEvent(current, auto ? 'alert.autoClose' : 'alert.close');
    } catch (error) {
      if (current.close === 1) throw new AppError(409, alertErrorKeys.closed, repo.toAlert(current));
      throw error;
    }
    if (!(await repo.markClosed(tx, alertId, auto ? null : by.session.userId, auto ? 'auto' : 'user'))) return;
    await repo.logEvent(tx, alertId, 'closed', auto ? { type: 'system' } : { type: 'user', id: by.session.userId }, { reason: auto ? 'auto' : 'user' });
    if (current.status === 2) await enqueueAlertPush(tx, { id: alertId, alertType: current.alert_type }, 'ALERT_CLOSED', { statuses: stillConcerned });
    idSite = current.id_site;
  });
  if (idSite === undefined) return undefined;
  afterAlertChange(ctx, { id: alertId, idSite });
  return reload(ctx.database.db, alertId);
}

/** The chronology of an alert (for tests and the history issue). */
export async function chronology(ctx: AppContext, session: Session, alertId: number) {
  await visibleAlert(ctx, session, alertId);
  return repo.alertEvents(ctx.database.db, alertId);
}
