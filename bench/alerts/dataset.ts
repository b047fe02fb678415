import { sql } from 'drizzle-orm';
import type { Database } from '../../server/src/db/database';

/**
 * The benchmark's responders: `size` activated responders, each with a device, 80 % available,
 * positions reported within the last 20 minutes. Half live around 40 French cities (Gaussian,
 * σ = 3 km), half anywhere in mainland France. Plus 20,000 AEDs placed the same way, two thirds
 * of them open 24/7. Everything is made in SQL (generate_series), so PGlite and PostgreSQL get
 * the same data and no row crosses the wire.
 */
export const cities: [string, number, number][] = [
  ['Paris', 48.8566, 2.3522], ['Marseille', 43.2965, 5.3698], ['Lyon', 45.764, 4.8357], ['Toulouse', 43.6047, 1.4442],
  ['Nice', 43.7102, 7.262], ['Nantes', 47.2184, -1.5536], ['Montpellier', 43.6108, 3.8767], ['Strasbourg', 48.5734, 7.7521],
  ['Bordeaux', 44.8378, -0.5792], ['Lille', 50.6292, 3.0573], ['Rennes', 48.1173, -1.6778], ['Reims', 49.2583, 4.0317],
  ['Toulon', 43.1242, 5.928], ['Saint-Étienne', 45.4397, 4.3872], ['Le Havre', 49.4944, 0.1079], ['Grenoble', 45.1885, 5.7245],
  ['Dijon', 47.322, 5.0415], ['Angers', 47.4784, -0.5632], ['Nîmes', 43.8367, 4.3601], ['Clermont-Ferrand', 45.7772, 3.087],
  ['Le Mans', 48.0061, 0.1996], ['Aix-en-Provence', 43.5297, 5.4474], ['Brest', 48.3904, -4.4861], ['Tours', 47.3941, 0.6848],
  ['Amiens', 49.8941, 2.2958], ['Limoges', 45.8336, 1.2611], ['Annecy', 45.8992, 6.1294], ['Perpignan', 42.6887, 2.8948],
  ['Metz', 49.1193, 6.1757], ['Besançon', 47.2378, 6.0241], ['Orléans', 47.9029, 1.9093], ['Rouen', 49.4432, 1.0999],
  ['Mulhouse', 47.7508, 7.3359], ['Caen', 49.1829, -0.3707], ['Nancy', 48.6921, 6.1844], ['Avignon', 43.9493, 4.8055],
  ['Poitiers', 46.5802, 0.3404], ['Pau', 43.2951, -0.3708], ['La Rochelle', 46.1603, -1.1511], ['Bayonne', 43.4929, -1.4748],
];

const citiesSql = cities.map(([, lat, lon], index) => `(${index}, ${lat}, ${lon})`).join(', ');

/** SQL that picks, for row g, a point around a city (even g) or anywhere in mainland France. */
const placeSql = (sigmaKm: number) => `
  CASE WHEN g % 2 = 0 THEN c.lat + sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random()) * ${sigmaKm} / 111.32
       ELSE 42.6 + random() * 8.4 END AS lat,
  CASE WHEN g % 2 = 0 THEN c.lon + sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random()) * ${sigmaKm} / (111.32 * cos(radians(c.lat)))
       ELSE -4.3 + random() * 11.8 END AS lon`;

export async function generateDataset(database: Database, size: number, log: (line: string) => void = () => undefined): Promise<void> {
  // One transaction: a failed or interrupted generation leaves nothing half made behind.
  await database.db.transaction(async (tx) => {
    await fill({ query: async (text: string) => void (await tx.execute(sql.raw(text))) }, size, log);
  });
  for (const table of ['responders', 'responder_positions', 'responder_devices', 'aeds', 'alert_requests', 'alerts']) await database.query(`ANALYZE ${table}`);
}

async function fill(database: { query(text: string): Promise<void> }, size: number, log: (line: string) => void): Promise<void> {
  const started = Date.now();
  const step = (what: string) => log(`  ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  await database.query(`DROP INDEX IF EXISTS responder_positions_earth_idx`);
  await database.query(`
    INSERT INTO responders (first_name, last_name, email, phone, trained_status, account_status, carries_aed, language)
    SELECT 'Bench', 'Responder ' || g, 'bench' || g || '@bench.invalid', '+336' || lpad(g::text, 8, '0'),
           (ARRAY['trained', 'untrained', 'trainedWithoutDiploma'])[1 + g % 3], 'activated', g % 25 = 0, 'fr'
      FROM generate_series(1, ${size}) AS g`);
  step(`${size} responders`);
  await database.query(`
    INSERT INTO responder_devices (responder_id, os, push_token, build_version, udid, token_hash)
    SELECT id, CASE WHEN id % 3 = 0 THEN 'ios' ELSE 'android' END, 'bench-' || id, '816', 'bench-' || id, md5(id::text) || md5((id::bigint * 7919)::text)
      FROM responders WHERE email LIKE '%@bench.invalid'`);
  step('devices');
  await database.query(`
    INSERT INTO responder_positions (responder_id, lat, lon, earth, accuracy, available, reported_at)
    SELECT id, lat, lon, ll_to_earth(lat, lon), 15, random() < 0.8, now() - random() * interval '20 minutes'
      FROM (SELECT r.id, ${placeSql(3)}
              FROM (SELECT id, id AS g FROM responders WHERE email LIKE '%@bench.invalid') AS r
              JOIN (VALUES ${citiesSql}) AS c(n, lat, lon) ON c.n = (r.g / 2) % ${cities.length}) AS placed`);
  step('positions');
  await database.query(`CREATE INDEX responder_positions_earth_idx ON responder_positions USING gist (earth) WHERE available`);
  step('GiST index');
  await database.query(`
    INSERT INTO aeds (id_site, name, address, city, lat, lon, status, always_opened, opening_hours)
    SELECT (SELECT min(id) FROM accounts), 'Bench AED ' || g, g || ' rue du Banc', 'Bench', lat, lon, 'available', g % 3 <> 0,
           '{"1":[{"open":"08:00","close":"19:00"}],"2":[{"open":"08:00","close":"19:00"}],"3":[{"open":"08:00","close":"19:00"}],"4":[{"open":"08:00","close":"19:00"}],"5":[{"open":"08:00","close":"19:00"}]}'::jsonb
      FROM (SELECT g, ${placeSql(2)} FROM generate_series(1, 20000) AS g JOIN (VALUES ${citiesSql}) AS c(n, lat, lon) ON c.n = (g / 2) % ${cities.length}) AS placed`);
  step('20,000 AEDs');
}
