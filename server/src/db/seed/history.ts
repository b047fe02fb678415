import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { emptyAnswers, type InterviewAnswers } from '../../../../contract/interview.schemas';
import type { ContactStatus } from '../../../../contract/charts/callback.chart';
import { rowsOf, type Db } from '../database';
import type { SeededAccounts } from './accounts';
import { demoResponderDomain } from './responders';

/**
 * A year of past interventions for the demo (issue 6): launched and closed alerts around the demo
 * accounts, each with the responders it alerted and what they answered, its event log, and the
 * call-backs after it — calls, recalls, refusals and completed interviews — so that the history,
 * its chronology, the call actions and every dashboard chart show true figures. Deterministic, and
 * written with a handful of bulk statements.
 */

const day = 86_400_000;

/** A deterministic pseudo-random sequence (mulberry32). */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (probability: number) => next() < probability,
  };
}
type Random = ReturnType<typeof generator>;

interface Town {
  name: string;
  zip: string;
  lat: number;
  lon: number;
  streets: string[];
}

const clermont: Town[] = [
  { name: 'Clermont-Ferrand', zip: '63000', lat: 45.7772, lon: 3.087, streets: ['place de Jaude', 'rue du Port', 'boulevard Lafayette', 'avenue des États-Unis', 'rue Blatin', 'rue Ballainvilliers', 'avenue Carnot', 'rue Fontgiève'] },
  { name: 'Chamalières', zip: '63400', lat: 45.7744, lon: 3.0669, streets: ['avenue de Royat', 'rue Niel', 'avenue Thermale'] },
  { name: 'Aubière', zip: '63170', lat: 45.7508, lon: 3.1112, streets: ['avenue Jean Moulin', 'rue de Romagnat', 'place des Ramacles'] },
  { name: 'Beaumont', zip: '63110', lat: 45.7519, lon: 3.0838, streets: ['rue de l’Hermitage', 'avenue du Mont-Dore'] },
  { name: 'Cournon-d’Auvergne', zip: '63800', lat: 45.7356, lon: 3.1967, streets: ['avenue de la République', 'rue du Lac'] },
];
const allier: Town[] = [
  { name: 'Moulins', zip: '03000', lat: 46.566, lon: 3.333, streets: ['rue d’Allier', 'cours Anatole France', 'place d’Allier'] },
  { name: 'Vichy', zip: '03200', lat: 46.127, lon: 3.426, streets: ['rue de Paris', 'boulevard des États-Unis', 'rue Lucas'] },
];
const luxembourgTowns: Town[] = [{ name: 'Luxembourg', zip: 'L-1009', lat: 49.6116, lon: 6.1319, streets: ['avenue de la Liberté', 'boulevard Royal', 'rue de Hollerich'] }];

interface Responder {
  id: number;
  lat: number;
  lon: number;
  age: number | null;
  gender: string | null;
  trained: string;
}

interface AlertRow {
  id: number;
  alert_type: number;
  id_site: number;
  address: string;
  lat: number;
  lon: number;
  country_code: string;
  created_at: string;
  launched_at: string;
  closed_at: string;
  closed_by: number | null;
  close_reason: 'user' | 'auto';
  nb_requests: number;
  nb_potential_bs: number;
  nb_engaged: number;
  nb_refused: number;
  test: boolean;
  debug_mode: number;
  contact_status: string;
  created_by: number;
}

interface HistoryEntry {
  status: string;
  at: string;
  by: string;
}

interface RequestRow {
  id: number;
  alert_id: number;
  responder_id: number;
  status: string;
  mission: string;
  distance: number;
  duration: number;
  rank: number;
  status_history: HistoryEntry[];
  created_at: string;
  updated_at: string;
}

interface EventRow {
  alert_id: number;
  at: string;
  kind: string;
  actor_type: string;
  actor_id: number | null;
  payload: Record<string, unknown>;
}

const iso = (ms: number) => new Date(ms).toISOString();
const metres = (a: { lat: number; lon: number }, b: { lat: number; lon: number }) => {
  const dLat = (b.lat - a.lat) * 111_320;
  const dLon = (b.lon - a.lon) * 111_320 * Math.cos((a.lat * Math.PI) / 180);
  return Math.round(Math.hypot(dLat, dLon));
};

/** The paths a responder's status takes after an offer, with how often each happens. */
const paths: { weight: number; steps: string[]; departure: boolean }[] = [
  { weight: 22, steps: ['dispatched', 'onTheWayVictim', 'onSiteVictim'], departure: true },
  { weight: 8, steps: ['dispatched', 'onTheWayAed', 'onSiteAed', 'onTheWayVictim', 'onSiteVictim'], departure: true },
  { weight: 6, steps: ['dispatched', 'onTheWayVictim'], departure: true },
  { weight: 3, steps: ['dispatched', 'cancelled'], departure: true },
  { weight: 2, steps: ['dispatched', 'onTheWayAed', 'withoutAedCancel'], departure: true },
  { weight: 2, steps: ['dispatched', 'onTheWayVictim', 'stopped'], departure: true },
  { weight: 26, steps: ['refused'], departure: false },
  { weight: 20, steps: [], departure: false },
  { weight: 5, steps: ['tooLate'], departure: false },
  { weight: 3, steps: ['unavailable'], departure: false },
  { weight: 3, steps: ['waiting'], departure: false },
];
const totalWeight = paths.reduce((sum, path) => sum + path.weight, 0);
function pathOf(random: Random) {
  let draw = random.next() * totalWeight;
  for (const path of paths) {
    draw -= path.weight;
    if (draw < 0) return path;
  }
  return paths[0];
}

/** What the call-backs of an alert closed `ageDays` ago became. */
function callbackOutcome(random: Random, ageDays: number): ContactStatus {
  const draw = random.next();
  if (ageDays > 30) return draw < 0.68 ? 'done' : draw < 0.73 ? 'refusal' : draw < 0.81 ? 'noAnswer' : draw < 0.86 ? 'recall' : draw < 0.88 ? 'recallFragile' : 'toDo';
  if (ageDays > 10) return draw < 0.5 ? 'done' : draw < 0.53 ? 'refusal' : draw < 0.66 ? 'noAnswer' : draw < 0.76 ? 'recall' : draw < 0.81 ? 'recallFragile' : 'toDo';
  return draw < 0.25 ? 'done' : draw < 0.37 ? 'noAnswer' : draw < 0.47 ? 'recall' : draw < 0.52 ? 'recallFragile' : 'toDo';
}

function interviewOf(random: Random, responder: Responder, request: RequestRow, interviewer: string): InterviewAnswers {
  const answers = emptyAnswers();
  const arrivedAtVictim = request.status === 'onSiteVictim';
  const cardiacArrest = random.chance(0.6);
  answers.identity = {
    age: responder.age,
    gender: responder.gender === 'female' || responder.gender === 'male' ? responder.gender : null,
    professionalCategory: random.pick(['healthProfessional', 'employee', 'manager', 'student', 'retired', 'craftsman', 'firefighter'] as const),
    professionalCategoryOther: '',
    otherActivity: random.chance(0.3) ? random.pick(['Sapeur-pompier volontaire', 'Croix-Rouge française', 'Protection civile', 'Club de secourisme']) : '',
    training: responder.trained === 'untrained' ? random.pick(['none', 'awareness'] as const) : random.pick(['psc1', 'sst', 'pse', 'healthProfessional'] as const),
    earlierCardiacMassage: random.pick(['never', 'never', 'once', 'several'] as const),
  };
  const massage = arrivedAtVictim && cardiacArrest ? random.pick(['lessThan5', 'from5To10', 'other'] as const) : 'none';
  answers.intervention = {
    ...answers.intervention,
    initialPosition: random.pick(['home', 'home', 'work', 'street', 'vehicle', 'publicPlace'] as const),
    preciseAddress: '',
    emergencyServicesMember: random.chance(0.12),
    distance: request.distance,
    setOff: true,
    meansOfTravel: random.pick(['foot', 'running', 'running', 'bike', 'car'] as const),
    arrived: arrivedAtVictim ? random.pick(['beforeServices', 'beforeServices', 'withServices', 'afterServices'] as const) : 'notArrived',
    calledByOperator: random.chance(0.2),
    sawVictim: arrivedAtVictim,
    victimInCardiacArrest: arrivedAtVictim ? (cardiacArrest ? 'yes' : 'no') : 'unknown',
    victimTransportedAlive: arrivedAtVictim ? random.pick(['yes', 'no', 'unknown'] as const) : 'unknown',
    aedPlacedBeforeHelp: arrivedAtVictim && cardiacArrest ? random.chance(0.45) : false,
    aedOrigin: request.mission === 'aed' ? 'fetched' : null,
    activeWitness: random.chance(0.5),
    noFlowDuration: arrivedAtVictim && cardiacArrest ? random.int(0, 8) : null,
    shockDelivered: arrivedAtVictim && cardiacArrest ? random.pick(['yes', 'no', 'unknown'] as const) : 'unknown',
    aedAnalysisCycles: arrivedAtVictim && cardiacArrest ? random.int(0, 4) : null,
    gestureOnVictim: arrivedAtVictim ? (cardiacArrest ? ['massage', ...(random.chance(0.4) ? (['aedPlaced'] as const) : [])] : ['reassurance', 'recoveryPosition']) : [],
    massageDuration: massage,
    massageDurationOther: massage === 'other' ? random.int(11, 25) : null,
    notes: random.chance(0.3) ? random.pick(['Très bon accueil des secours.', 'A guidé un témoin pour le massage.', 'Souhaite une formation complémentaire.', 'Application rapide, adresse exacte.']) : '',
    interviewer,
  };
  return answers;
}

/** Inserts JSON rows through jsonb_to_recordset, in chunks. */
async function bulk(db: Db, rows: object[], statement: (json: string) => ReturnType<typeof sql>): Promise<void> {
  for (let start = 0; start < rows.length; start += 4000) await db.execute(statement(JSON.stringify(rows.slice(start, start + 4000))));
}

async function reserveIds(db: Db, sequence: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  const rows = await rowsOf<{ id: number }>(db, sql`SELECT nextval(${sequence})::int AS id FROM generate_series(1, ${count})`);
  return rows.map((row) => row.id);
}

/** Seeds the history of the demo accounts; answers the number of alerts written. */
export async function seedHistory(db: Db, accounts: SeededAccounts, now = Date.now()): Promise<number> {
  const random = generator(2026_06);
  const users = await rowsOf<{ id: number; email: string; first_name: string; last_name: string }>(db, sql`SELECT id, email, first_name, last_name FROM users`);
  const user = (email: string) => users.find((row) => row.email === email)!;
  const operator = user('operator@vigil.test');
  const administrator = user('administrator@vigil.test');
  const referent = user('referent@vigil.test');
  const admin = user('admin@vigil.test');
  const responders = await rowsOf<Responder>(
    db,
    sql`SELECT r.id, p.lat, p.lon, r.age, r.gender, r.trained_status AS trained FROM responders r JOIN responder_positions p ON p.responder_id = r.id
         WHERE r.email LIKE ${`%@${demoResponderDomain}`} ORDER BY r.id`,
  );

  const sites = [
    { idSite: accounts.sdis63, towns: clermont, perDay: 1.1, closers: [operator, administrator], country: 'FR' },
    { idSite: accounts.codis63, towns: clermont.slice(0, 2), perDay: 0.25, closers: [operator], country: 'FR' },
    { idSite: accounts.sdis03, towns: allier, perDay: 0.3, closers: [admin], country: 'FR' },
    { idSite: accounts.luxembourg, towns: luxembourgTowns, perDay: 0.2, closers: [admin], country: 'LU' },
  ];
  type Planned = Omit<AlertRow, 'id'> & { town: Town };
  const planned: Planned[] = [];
  for (const site of sites) {
    for (let ageDays = 365; ageDays >= 0; ageDays--) {
      // A little more in winter, and at least one alert in the last day for the demo accounts.
      const expected = site.perDay * (1 + 0.3 * Math.cos((2 * Math.PI * (new Date(now - ageDays * day).getMonth() - 0.5)) / 12));
      let count = Math.floor(expected) + (random.chance(expected - Math.floor(expected)) ? 1 : 0);
      if (ageDays === 0 && site.idSite === accounts.sdis63) count = Math.max(count, 3);
      for (let index = 0; index < count; index++) {
        const hour = random.chance(0.8) ? random.int(8, 21) : random.int(0, 23);
        const base = now - ageDays * day;
        const midnight = base - (base % day);
        let created = midnight + hour * 3_600_000 + random.int(0, 3_599_999);
        if (created > now - 3_600_000) created = now - random.int(1, 20) * 3_600_000 - random.int(0, 3_599_999);
        const launched = created + random.int(40, 150) * 1000;
        const auto = random.chance(0.12);
        const closed = auto ? launched + 20 * 60_000 : launched + random.int(8, 45) * 60_000;
        const town = random.pick(site.towns);
        const test = random.chance(0.04);
        planned.push({
          alert_type: random.chance(0.55) ? 1 : random.pick([3, 4, 5, 5, 6, 7, 7]),
          id_site: site.idSite,
          address: `${random.int(1, 80)} ${random.pick(town.streets)}, ${town.zip} ${town.name}`,
          lat: town.lat + (random.next() - 0.5) * 0.03,
          lon: town.lon + (random.next() - 0.5) * 0.04,
          country_code: site.country,
          created_at: iso(created),
          launched_at: iso(launched),
          closed_at: iso(closed),
          closed_by: auto ? null : random.pick(site.closers).id,
          close_reason: auto ? 'auto' : 'user',
          nb_requests: 0,
          nb_potential_bs: 0,
          nb_engaged: 0,
          nb_refused: 0,
          test,
          debug_mode: test ? 1 : 0,
          contact_status: 'toDo',
          created_by: random.pick(site.closers).id,
          town,
        });
      }
    }
  }
  planned.sort((a, b) => a.created_at.localeCompare(b.created_at));
  const alertIds = await reserveIds(db, 'alerts_id_seq', planned.length);

  const alerts: AlertRow[] = [];
  const requests: RequestRow[] = [];
  const events: EventRow[] = [];
  const departuresByAlert = new Map<number, RequestRow[]>();
  for (const [index, plan] of planned.entries()) {
    const { town: _town, ...fields } = plan;
    const alert: AlertRow = { ...fields, id: alertIds[index] };
    const launched = Date.parse(alert.launched_at);
    const nearby = responders
      .map((responder) => ({ responder, distance: metres(alert, responder) }))
      .filter((candidate) => candidate.distance < 2500)
      .sort((a, b) => a.distance - b.distance);
    const offered = nearby.slice(0, random.int(3, 9));
    alert.nb_potential_bs = Math.min(nearby.length, 40);
    alert.nb_requests = offered.length;
    events.push({ alert_id: alert.id, at: alert.created_at, kind: 'created', actor_type: 'user', actor_id: alert.created_by, payload: { lat: alert.lat, lon: alert.lon, address: alert.address, precision: 'housenumber', nbPotentialBS: alert.nb_potential_bs } });
    events.push({ alert_id: alert.id, at: alert.launched_at, kind: 'launched', actor_type: 'user', actor_id: alert.created_by, payload: { nbRequests: offered.length, nbPotentialBS: alert.nb_potential_bs, aedRunners: 0 } });
    if (random.chance(0.06)) {
      const at = launched + random.int(60, 240) * 1000;
      events.push({ alert_id: alert.id, at: iso(at), kind: 'addressChanged', actor_type: 'user', actor_id: alert.created_by, payload: { from: { lat: alert.lat, lon: alert.lon, address: alert.address }, to: { lat: alert.lat + 0.001, lon: alert.lon, address: alert.address, precision: 'housenumber' }, movedKm: 0.11 } });
    }
    const closedAt = Date.parse(alert.closed_at);
    const departures: RequestRow[] = [];
    const own: RequestRow[] = [];
    offered.forEach(({ responder, distance }, rank) => {
      const path = pathOf(random);
      const mission = path.steps.includes('onTheWayAed') ? 'aed' : 'victim';
      const duration = Math.round(distance / 1.3) + (mission === 'aed' ? random.int(60, 240) : 0);
      const history: HistoryEntry[] = [{ status: 'available', at: alert.launched_at, by: `user:${alert.created_by}` }];
      let at = launched + random.int(12, 150) * 1000;
      let previous = 'available';
      const requestId = requests.length; // replaced by a reserved id below
      for (const step of path.steps) {
        if (at >= closedAt - 5000) break;
        const by = step === 'stopped' ? `user:${alert.created_by}` : step === 'tooLate' || step === 'waiting' ? 'system' : `responder:${responder.id}`;
        history.push({ status: step, at: iso(at), by });
        events.push({ alert_id: alert.id, at: iso(at), kind: 'requestStatus', actor_type: by.startsWith('user') ? 'user' : by === 'system' ? 'system' : 'responder', actor_id: by.startsWith('user') ? alert.created_by : by === 'system' ? null : responder.id, payload: { requestId, responderId: responder.id, from: previous, to: step } });
        if (step === 'stopped') events.push({ alert_id: alert.id, at: iso(at), kind: 'responderStopped', actor_type: 'user', actor_id: alert.created_by, payload: { requestId, responderId: responder.id } });
        previous = step;
        at += step === 'dispatched' ? random.int(20, 90) * 1000 : Math.max(60_000, duration * 500 + random.int(0, 120) * 1000);
      }
      const request: RequestRow = {
        id: requestId,
        alert_id: alert.id,
        responder_id: responder.id,
        status: previous,
        mission,
        distance,
        duration,
        rank,
        status_history: history,
        created_at: alert.launched_at,
        updated_at: history[history.length - 1].at,
      };
      requests.push(request);
      own.push(request);
      if (history.some((entry) => entry.status === 'dispatched')) departures.push(request);
    });
    alert.nb_engaged = own.filter((request) => ['dispatched', 'onTheWayAed', 'onSiteAed', 'onTheWayVictim', 'onSiteVictim'].includes(request.status)).length;
    alert.nb_refused = own.filter((request) => request.status === 'refused').length;
    events.push({ alert_id: alert.id, at: alert.closed_at, kind: 'closed', actor_type: alert.close_reason === 'auto' ? 'system' : 'user', actor_id: alert.closed_by, payload: { reason: alert.close_reason } });
    departuresByAlert.set(alert.id, departures);
    alerts.push(alert);
  }

  // Requests get their real ids; events name them by that id.
  const requestIds = await reserveIds(db, 'alert_requests_id_seq', requests.length);
  const realId = new Map(requests.map((request, index) => [request.id, requestIds[index]]));
  for (const request of requests) request.id = realId.get(request.id)!;
  for (const event of events) if (typeof event.payload.requestId === 'number') event.payload.requestId = realId.get(event.payload.requestId);

  // Call-backs after every closed production alert with departures.
  const callbacks: { id: number; request_id: number; alert_id: number; responder_id: number; id_site: number; status: string; recall_at: string | null; attempts: number; first_call_at: string; last_call_at: string; last_call_by: number }[] = [];
  const calls: { callback_id: number; at: string; user_id: number; outcome: string; recall_at: string | null; minutes_after_close: number; note: string; draft_id: string }[] = [];
  const interviews: { callback_id: number; answers: InterviewAnswers; technical_issues: object | null; interviewer_id: number; completed_at: string }[] = [];
  const planCallbacks: { request: RequestRow; alert: AlertRow; outcome: ContactStatus }[] = [];
  for (const alert of alerts) {
    const ageDays = (now - Date.parse(alert.closed_at)) / day;
    const statuses: ContactStatus[] = [];
    for (const request of departuresByAlert.get(alert.id) ?? []) {
      const outcome = alert.test ? 'toDo' : callbackOutcome(random, ageDays);
      statuses.push(outcome);
      if (outcome !== 'toDo') planCallbacks.push({ request, alert, outcome });
    }
    alert.contact_status = (['toDo', 'noAnswer', 'recall', 'recallFragile', 'done', 'refusal'] as const).find((status) => statuses.includes(status)) ?? 'done';
  }
  const callbackIds = await reserveIds(db, 'callbacks_id_seq', planCallbacks.length);
  const byId = new Map(responders.map((responder) => [responder.id, responder]));
  let recallTodayPlanned = false;
  planCallbacks.forEach(({ request, alert, outcome }, index) => {
    const closed = Date.parse(alert.closed_at);
    const caller = random.chance(0.6) ? referent : administrator;
    const outcomes: string[] = outcome === 'done' && random.chance(0.3) ? ['noAnswer', 'done'] : outcome === 'noAnswer' && random.chance(0.4) ? ['noAnswer', 'noAnswer'] : [outcome];
    let at = Math.min(closed + random.int(2, 50) * 3_600_000, now - random.int(1, 10) * 60_000);
    let recallAt: string | null = null;
    for (const [step, result] of outcomes.entries()) {
      if (step > 0) at = Math.min(at + random.int(20, 72) * 3_600_000, now - random.int(1, 10) * 60_000);
      recallAt = null;
      if (result === 'recall' || result === 'recallFragile') {
        // Recent ones are planned ahead (some today); older ones were never made: overdue.
        // The first recent one is always due today, so the "recalls of the day" tile has one to show.
        const picked = now - closed < 12 * day ? random.pick([0, 1, 2, 3, 5, 8]) : -random.int(2, 40);
        const ahead = picked >= 0 && !recallTodayPlanned ? 0 : picked;
        if (ahead === 0) recallTodayPlanned = true;
        recallAt = iso(ahead === 0 ? laterToday(now) : now + ahead * day);
      }
      calls.push({ callback_id: callbackIds[index], at: iso(at), user_id: caller.id, outcome: result, recall_at: recallAt, minutes_after_close: Math.round((at - closed) / 60_000), note: result === 'refusal' ? 'Ne souhaite pas être recontacté.' : '', draft_id: randomUUID() });
    }
    callbacks.push({ id: callbackIds[index], request_id: request.id, alert_id: alert.id, responder_id: request.responder_id, id_site: alert.id_site, status: outcome, recall_at: recallAt, attempts: outcomes.length, first_call_at: calls[calls.length - outcomes.length].at, last_call_at: iso(at), last_call_by: caller.id });
    if (outcome === 'done') {
      const technical = random.chance(0.12) ? { kinds: [random.pick(['lateNotification', 'mapOrGuidance', 'networkOrBattery'])], description: 'Signalé lors de l’entretien.', phoneOs: random.pick(['android', 'ios']), phoneModel: '' } : null;
      interviews.push({ callback_id: callbackIds[index], answers: interviewOf(random, byId.get(request.responder_id)!, request, `${caller.first_name} ${caller.last_name}`), technical_issues: technical, interviewer_id: caller.id, completed_at: iso(at) });
    }
  });

  await bulk(db, alerts, (json) => sql`INSERT INTO alerts (id, alert_type, id_site, address, address_info, lat, lon, country_code, precision, distance_max, nb_requests, nb_potential_bs, status, close,
      created_at, launched_at, distance, nb_engaged, nb_refused, test, debug_mode, contact_status, updated_at, created_by, closed_at, closed_by, close_reason)
    SELECT id, alert_type, id_site, address, '', lat, lon, country_code, 'housenumber', 0.4, nb_requests, nb_potential_bs, 3, 1, created_at, launched_at, 0, nb_engaged, nb_refused,
           test, debug_mode, contact_status, closed_at, created_by, closed_at, closed_by, close_reason
      FROM jsonb_to_recordset(${json}::jsonb) AS x(id int, alert_type int, id_site int, address text, lat float8, lon float8, country_code text, nb_requests int, nb_potential_bs int,
           created_at timestamptz, launched_at timestamptz, nb_engaged int, nb_refused int, test boolean, debug_mode int, contact_status text, created_by int, closed_at timestamptz,
           closed_by int, close_reason text)`);
  // Every demo alert is closed: its requests no longer keep their responders busy (alert_open).
  await bulk(db, requests, (json) => sql`INSERT INTO alert_requests (id, alert_id, responder_id, status, mission, distance, duration, rank, status_history, created_at, updated_at, alert_open)
    SELECT id, alert_id, responder_id, status, mission, distance, duration, rank, status_history, created_at, updated_at, false
      FROM jsonb_to_recordset(${json}::jsonb) AS x(id int, alert_id int, responder_id int, status text, mission text, distance int, duration int, rank int, status_history jsonb,
           created_at timestamptz, updated_at timestamptz)`);
  await bulk(db, events, (json) => sql`INSERT INTO alert_events (alert_id, at, kind, actor_type, actor_id, payload)
    SELECT alert_id, at, kind, actor_type, actor_id, payload FROM jsonb_to_recordset(${json}::jsonb) AS x(alert_id int, at timestamptz, kind text, actor_type text, actor_id int, payload jsonb)`);
  await bulk(db, callbacks, (json) => sql`INSERT INTO callbacks (id, request_id, alert_id, responder_id, id_site, status, recall_at, attempts, first_call_at, last_call_at, last_call_by, created_at, updated_at)
    SELECT id, request_id, alert_id, responder_id, id_site, status, recall_at, attempts, first_call_at, last_call_at, last_call_by, first_call_at, last_call_at
      FROM jsonb_to_recordset(${json}::jsonb) AS x(id int, request_id int, alert_id int, responder_id int, id_site int, status text, recall_at timestamptz, attempts int,
           first_call_at timestamptz, last_call_at timestamptz, last_call_by int)`);
  await bulk(db, calls, (json) => sql`INSERT INTO callback_calls (callback_id, at, user_id, outcome, recall_at, minutes_after_close, note, draft_id)
    SELECT callback_id, at, user_id, outcome, recall_at, minutes_after_close, note, draft_id FROM jsonb_to_recordset(${json}::jsonb)
        AS x(callback_id int, at timestamptz, user_id int, outcome text, recall_at timestamptz, minutes_after_close int, note text, draft_id uuid)`);
  await bulk(db, interviews, (json) => sql`INSERT INTO interviews (callback_id, answers, technical_issues, interviewer_id, completed_at, updated_at)
    SELECT callback_id, answers, technical_issues, interviewer_id, completed_at, completed_at FROM jsonb_to_recordset(${json}::jsonb)
        AS x(callback_id int, answers jsonb, technical_issues jsonb, interviewer_id int, completed_at timestamptz)`);
  // The demo responders signed up over the last three years, more of them lately, each before their first alert.
  await db.execute(sql`UPDATE responders r SET created_at = least(
        now() - make_interval(secs => (1095 * 86400 * power(((r.id * 7919) % 1000) / 1000.0, 2))::int),
        coalesce((SELECT min(q.created_at) FROM alert_requests q WHERE q.responder_id = r.id) - interval '3 days', now()))
      WHERE r.email LIKE ${`%@${demoResponderDomain}`}`);
  // Their intervention count holds at least the departures of this year (the form's card shows it beside them).
  await db.execute(sql`UPDATE responders r SET interventions_count = r.interventions_count + d.n
      FROM (SELECT q.responder_id, count(*)::int AS n FROM alert_requests q WHERE q.status_history @> '[{"status":"dispatched"}]'::jsonb GROUP BY q.responder_id) d
      WHERE d.responder_id = r.id AND r.email LIKE ${`%@${demoResponderDomain}`}`);
  return alerts.length;
}

/** A time later today in Europe/Paris (half-way to midnight, at most two hours ahead): a recall due today. */
function laterToday(now: number): number {
  const midnight = DateTime.fromMillis(now).setZone('Europe/Paris').endOf('day').toMillis();
  return now + Math.min(2 * 3_600_000, Math.max(60_000, (midnight - now) / 2));
}
