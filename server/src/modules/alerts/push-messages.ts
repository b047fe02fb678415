import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/database';

/** What a push message to a responder is about. */
export type AlertPushKind = 'ALERT' | 'ALERT_UPDATED' | 'ALERT_CLOSED' | 'STOPPED' | 'PROMOTED';

type Texts = Record<'fr' | 'en' | 'de', string>;

const typeTitles: Record<number, Texts> = {
  1: { fr: 'Arrêt cardiaque près de vous', en: 'Cardiac arrest near you', de: 'Herzstillstand in Ihrer Nähe' },
  3: { fr: 'Accident de la route près de vous', en: 'Road accident near you', de: 'Verkehrsunfall in Ihrer Nähe' },
  4: { fr: 'Hémorragie près de vous', en: 'Bleeding near you', de: 'Blutung in Ihrer Nähe' },
  5: { fr: 'Urgence médicale près de vous', en: 'Medical emergency near you', de: 'Medizinischer Notfall in Ihrer Nähe' },
  6: { fr: 'Départ de feu près de vous', en: 'Fire outbreak near you', de: 'Brand in Ihrer Nähe' },
  7: { fr: 'Personne inconsciente près de vous', en: 'Unconscious person near you', de: 'Bewusstlose Person in Ihrer Nähe' },
};

const bodies: Record<AlertPushKind, { victim: Texts; aed: Texts; title?: Texts }> = {
  ALERT: {
    victim: { fr: 'Pouvez-vous aider ? Rendez-vous auprès de la victime.', en: 'Can you help? Go to the victim.', de: 'Können Sie helfen? Gehen Sie zum Opfer.' },
    aed: {
      fr: 'Pouvez-vous aider ? Allez d’abord chercher le défibrillateur indiqué.',
      en: 'Can you help? Fetch the defibrillator shown first.',
      de: 'Können Sie helfen? Holen Sie zuerst den angezeigten Defibrillator.',
    },
  },
  ALERT_UPDATED: {
    title: { fr: 'Adresse de l’intervention modifiée', en: 'Intervention address changed', de: 'Einsatzadresse geändert' },
    victim: { fr: 'La victime a été déplacée sur la carte : suivez la nouvelle position.', en: 'The victim was moved on the map: follow the new position.', de: 'Das Opfer wurde auf der Karte verschoben: folgen Sie der neuen Position.' },
    aed: { fr: 'La victime a été déplacée sur la carte : suivez la nouvelle position.', en: 'The victim was moved on the map: follow the new position.', de: 'Das Opfer wurde auf der Karte verschoben: folgen Sie der neuen Position.' },
  },
  ALERT_CLOSED: {
    title: { fr: 'Intervention terminée', en: 'Intervention closed', de: 'Einsatz beendet' },
    victim: { fr: 'L’intervention est terminée, merci.', en: 'The intervention is over, thank you.', de: 'Der Einsatz ist beendet, danke.' },
    aed: { fr: 'L’intervention est terminée, merci.', en: 'The intervention is over, thank you.', de: 'Der Einsatz ist beendet, danke.' },
  },
  STOPPED: {
    title: { fr: 'Vous n’êtes plus attendu', en: 'You are no longer needed', de: 'Sie werden nicht mehr benötigt' },
    victim: { fr: 'Les secours vous ont arrêté sur cette intervention, merci.', en: 'The emergency services stopped you on this intervention, thank you.', de: 'Die Rettungskräfte haben Sie für diesen Einsatz gestoppt, danke.' },
    aed: { fr: 'Les secours vous ont arrêté sur cette intervention, merci.', en: 'The emergency services stopped you on this intervention, thank you.', de: 'Die Rettungskräfte haben Sie für diesen Einsatz gestoppt, danke.' },
  },
  PROMOTED: {
    title: { fr: 'Vous êtes attendu', en: 'You are needed', de: 'Sie werden gebraucht' },
    victim: { fr: 'Une place s’est libérée : rendez-vous auprès de la victime.', en: 'A place opened up: go to the victim.', de: 'Ein Platz ist frei geworden: gehen Sie zum Opfer.' },
    aed: { fr: 'Une place s’est libérée : allez d’abord chercher le défibrillateur.', en: 'A place opened up: fetch the defibrillator first.', de: 'Ein Platz ist frei geworden: holen Sie zuerst den Defibrillator.' },
  },
};

/** Which requests of the alert a message goes to. */
export type Recipients = { requestIds: number[] } | { statuses: readonly string[] };

/**
 * The INSERT of outbox rows for the requests of `source` (a relation named q with id,
 * responder_id, alert_id, mission and alert_type): one row per active device with a push token, in
 * the responder's language (fr, en or de; en otherwise). Usable alone or inside a larger statement.
 * Devices and languages are looked up per request through their indexes (LATERAL ... OFFSET 0, which
 * the planner may not turn into a join): `source` is usually a CTE the planner knows nothing of, and
 * with 1M responders a merge join would walk both whole indexes (seconds on PGlite).
 */
export function pushInsertSql(kind: AlertPushKind, source: SQL): SQL {
  const texts = bodies[kind];
  // A kind with a title of its own, else the alert type's (type 1's for a type without one).
  const title = texts.title
    ? sql`${JSON.stringify(texts.title)}::jsonb ->> l.lang`
    : sql`coalesce(${JSON.stringify(typeTitles)}::jsonb -> q.alert_type::text, ${JSON.stringify(typeTitles[1])}::jsonb) ->> l.lang`;
  return sql`INSERT INTO push_outbox (device_id, responder_id, alert_id, kind, payload)
    SELECT d.id, q.responder_id, q.alert_id, ${kind},
           jsonb_build_object(
             'title', ${title},
             'body', ${JSON.stringify({ victim: texts.victim, aed: texts.aed })}::jsonb -> q.mission ->> l.lang,
             'data', jsonb_build_object('kind', ${kind}::text, 'alertId', q.alert_id::text, 'requestId', q.id::text, 'mission', q.mission),
             'urgency', 'high',
             'ttlSeconds', 1200)
      FROM ${source}
      CROSS JOIN LATERAL (SELECT d.id FROM responder_devices d WHERE d.responder_id = q.responder_id AND d.active AND d.push_token IS NOT NULL OFFSET 0) d
      CROSS JOIN LATERAL (SELECT CASE WHEN left(r.language, 2) IN ('fr', 'en', 'de') THEN left(r.language, 2) ELSE 'en' END AS lang
                            FROM responders r WHERE r.id = q.responder_id OFFSET 0) l`;
}

/**
 * Writes the ALERT messages of launched requests (alert_push_pending), in one statement: the launch
 * commits its requests with the flag so that the dispatcher's answer does not wait for a device and
 * language look-up per responder. The push delivery calls this before each pass (`alertId` left
 * out: any launch, skipping rows another instance is writing), so a crash between a launch and its
 * messages leaves the flag for the next pass; a later message to the same alert calls it first for
 * that alert (waiting for a pass under way), so a responder's ALERT always comes before the rest.
 * Returns the number of requests it wrote for (at most 2,000 a call without `alertId`).
 */
export async function writeLaunchPushes(db: Db, alertId?: number): Promise<number> {
  const pending =
    alertId === undefined
      ? sql`SELECT id FROM alert_requests WHERE alert_push_pending ORDER BY id LIMIT 2000 FOR UPDATE SKIP LOCKED`
      : sql`SELECT id FROM alert_requests WHERE alert_id = ${alertId} AND alert_push_pending FOR UPDATE`;
  const rows = await rowsOf<{ n: number }>(
    db,
    sql`WITH claimed AS (
          UPDATE alert_requests SET alert_push_pending = false WHERE id IN (${pending})
          RETURNING id, responder_id, alert_id, mission),
        written AS (${pushInsertSql('ALERT', sql`(SELECT c.*, a.alert_type FROM claimed c JOIN alerts a ON a.id = c.alert_id) AS q`)} RETURNING 1)
        SELECT count(*)::int AS n FROM claimed`,
  );
  return rows[0].n;
}

/** Writes the push messages of `kind` to some requests of an alert, in the caller's transaction; returns the rows written. */
export async function enqueueAlertPush(db: Db, alert: { id: number; alertType: number }, kind: AlertPushKind, recipients: Recipients): Promise<number> {
  const filter: SQL =
    'requestIds' in recipients
      ? sql`id = ANY(${`{${recipients.requestIds.join(',')}}`}::int[])`
      : sql`status = ANY(${`{${recipients.statuses.join(',')}}`}::text[])`;
  await writeLaunchPushes(db, alert.id);
  const source = sql`(SELECT id, responder_id, alert_id, mission, ${alert.alertType}::int AS alert_type FROM alert_requests WHERE alert_id = ${alert.id} AND ${filter}) AS q`;
  const rows = await rowsOf<{ n: number }>(db, sql`WITH written AS (${pushInsertSql(kind, source)} RETURNING 1) SELECT count(*)::int AS n FROM written`);
  return rows[0].n;
}
