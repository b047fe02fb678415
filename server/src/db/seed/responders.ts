import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../database';
import type { SeededAccounts } from './accounts';

/** Demo responders use this e-mail domain; the demo keeps their positions fresh, as their phones would. */
export const demoResponderDomain = 'responders.vigil.test';

const firstNames = ['Camille', 'Lucas', 'Léa', 'Hugo', 'Chloé', 'Nathan', 'Manon', 'Louis', 'Inès', 'Jules', 'Emma', 'Gabriel', 'Jade', 'Arthur', 'Louise', 'Raphaël', 'Alice', 'Adam', 'Lina', 'Paul', 'Sarah', 'Théo', 'Zoé', 'Tom', 'Anna', 'Marc', 'Sophie', 'Julien', 'Claire', 'Nicolas'];
const lastNames = ['Martin', 'Bernard', 'Thomas', 'Petit', 'Robert', 'Richard', 'Durand', 'Dubois', 'Moreau', 'Laurent', 'Simon', 'Michel', 'Lefebvre', 'Leroy', 'Roux', 'David', 'Bertrand', 'Morel', 'Fournier', 'Girard', 'Bonnet', 'Dupont', 'Lambert', 'Fontaine', 'Rousseau', 'Vincent', 'Muller', 'Weber', 'Schmit', 'Hoffmann'];
const skills = [null, null, 'nurse', 'firefighter', 'doctor', 'first-aid instructor', null, 'lifeguard'];

/** Where demo responders live: a dense centre and a wider spread, per demo account. */
const areas = [
  { name: 'Clermont-Ferrand centre', lat: 45.7772, lon: 3.087, sigmaKm: 1.0, count: 220, country: 'FR', prefix: '+33' },
  { name: 'Clermont-Ferrand area', lat: 45.765, lon: 3.1, sigmaKm: 4, count: 120, country: 'FR', prefix: '+33' },
  { name: 'Moulins', lat: 46.566, lon: 3.333, sigmaKm: 1.2, count: 40, country: 'FR', prefix: '+33' },
  { name: 'Vichy', lat: 46.127, lon: 3.426, sigmaKm: 1.2, count: 40, country: 'FR', prefix: '+33' },
  { name: 'Luxembourg', lat: 49.6116, lon: 6.1319, sigmaKm: 1.5, count: 60, country: 'LU', prefix: '+352' },
];

/** A deterministic pseudo-random sequence (mulberry32), so the demo is the same on every machine. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/**
 * Demo responders around Clermont-Ferrand and the other demo accounts, each with a device and a
 * fresh position, most available, with a mix of trained statuses. Three bulk statements.
 */
export async function seedResponders(db: Db, accounts: SeededAccounts): Promise<number> {
  const random = seeded(63);
  const rows = areas.flatMap((area, areaIndex) =>
    Array.from({ length: area.count }, (_, index) => {
      const first = firstNames[Math.floor(random() * firstNames.length)];
      const last = lastNames[Math.floor(random() * lastNames.length)];
      const trainedDraw = random();
      const skill = skills[Math.floor(random() * skills.length)];
      const token = randomBytes(24).toString('base64url');
      return {
        id_site: accounts.publicApp,
        first_name: first,
        last_name: last,
        email: `${first}.${last}.${areaIndex}-${index}`.normalize('NFD').replace(/[^\w.-]/g, '').toLowerCase() + `@${demoResponderDomain}`,
        phone: `${area.prefix}6${String(10_000_000 + Math.floor(random() * 89_999_999))}`,
        age: 18 + Math.floor(random() * 55),
        gender: random() < 0.5 ? 'female' : 'male',
        trained_status: trainedDraw < 0.55 ? 'trained' : trainedDraw < 0.8 ? 'untrained' : 'trainedWithoutDiploma',
        skill,
        skill_speciality: skill === 'doctor' ? 'emergency medicine' : null,
        carries_aed: random() < 0.04,
        interventions_count: Math.floor(random() ** 3 * 12),
        certificated: trainedDraw < 0.55 && random() < 0.7,
        language: area.country === 'LU' ? (random() < 0.5 ? 'fr' : 'de') : 'fr',
        lat: area.lat + (gaussian(random) * area.sigmaKm) / 111.2,
        lon: area.lon + (gaussian(random) * area.sigmaKm) / (111.2 * Math.cos((area.lat * Math.PI) / 180)),
        available: random() < 0.85,
        age_seconds: Math.floor(random() * 900),
        os: random() < 0.6 ? 'android' : 'ios',
        push_token: `demo-${randomBytes(12).toString('hex')}`,
        udid: `demo-${randomBytes(8).toString('hex')}`,
        token_hash: createHash('sha256').update(token).digest('hex'),
      };
    }),
  );
  const data = JSON.stringify(rows);
  await db.execute(sql`
    WITH input AS (
      SELECT row_number() OVER () AS n, * FROM jsonb_to_recordset(${data}::jsonb) AS x(id_site int, first_name text, last_name text, email text, phone text, age int,
        gender text, trained_status text, skill text, skill_speciality text, carries_aed boolean, interventions_count int, certificated boolean, language text,
        lat float8, lon float8, available boolean, age_seconds int, os text, push_token text, udid text, token_hash text)),
    inserted AS (
      INSERT INTO responders (id_site, first_name, last_name, email, phone, age, gender, trained_status, skill, skill_speciality, carries_aed,
                              account_status, interventions_count, certificated, language)
      SELECT id_site, first_name, last_name, email, phone, age, gender, trained_status, skill, skill_speciality, carries_aed,
             'activated', interventions_count, certificated, language FROM input ORDER BY n
      RETURNING id, email),
    devices AS (
      INSERT INTO responder_devices (responder_id, os, push_token, build_version, udid, token_hash, last_seen_at)
      SELECT i.id, x.os, x.push_token, '816', x.udid, x.token_hash, now() FROM inserted i JOIN input x ON x.email = i.email)
    INSERT INTO responder_positions (responder_id, lat, lon, earth, accuracy, available, reported_at)
    SELECT i.id, x.lat, x.lon, ll_to_earth(x.lat, x.lon), 15, x.available, now() - make_interval(secs => x.age_seconds)
      FROM inserted i JOIN input x ON x.email = i.email`);
  return rows.length;
}

/**
 * While the demo runs, its responders' phones "report" every few minutes: their positions stay
 * fresh so that a demo alert always finds some, from the start on (a demo started again the next
 * morning, or a test run that outlasts ALERT_POSITION_FRESH_SECONDS, would otherwise find none
 * until the first report). `refresh` reports once at once; `stop` ends the reports.
 */
export function keepDemoRespondersFresh(ctx: AppContext, everySeconds = 300): { refresh(): Promise<void>; stop(): void } {
  const refresh = () =>
    ctx.database
      .query(
        `UPDATE responder_positions p SET reported_at = now() - (random() * interval '5 minutes')
           FROM responders r WHERE r.id = p.responder_id AND r.email LIKE '%@${demoResponderDomain}'`,
      )
      .then(() => undefined)
      .catch((error: unknown) => ctx.log.warn({ err: error }, 'demo responder positions not refreshed'));
  const timer = setInterval(() => void refresh(), everySeconds * 1000);
  timer.unref();
  return { refresh, stop: () => clearInterval(timer) };
}
