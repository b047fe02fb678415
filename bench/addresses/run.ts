/**
 * npm run bench -- addresses [--engine pglite|postgres] [--rows 1000000] [--queries 400]
 *
 * House-number geocoding at scale: generates a BAN-format file (`adresses-XX.csv.gz` layout) of
 * `rows` addresses over real communes of central France (street names repeat across communes, as
 * they do), imports it through `npm run addresses:import`'s code into a fresh database (the import
 * rate), then times suggestions as the address field asks them (GET geoCoding's service call:
 * addresses + gazetteer, area ranking) for typed addresses: complete, half-typed, without accents,
 * with a typo. Writes bench/addresses/results-<engine>.json.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGzip } from 'node:zlib';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { loadavg } from 'node:os';
import { createGazetteer } from '../../server/src/adapters/geocoding/gazetteer';
import { createContext, stopContext } from '../../server/src/bootstrap';
import { loadConfig } from '../../server/src/config';
import { importAddressFile } from '../../server/src/modules/addresses/import';
import { geocode } from '../../server/src/modules/geo/service';
import { freshPostgres } from '../postgres';
import { typedAddress } from './typed';

const args = new Map<string, string>();
for (let at = 2; at < process.argv.length; at += 2) args.set(process.argv[at].replace(/^--/, ''), process.argv[at + 1]);
const engine = args.get('engine') ?? 'pglite';
const rowsWanted = Number(args.get('rows') ?? 1_000_000);
const queryCount = Number(args.get('queries') ?? 400);

/** A small deterministic generator, so two runs time the same file. */
let seed = 42;
const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];

const types = ['Rue', 'Rue', 'Rue', 'Avenue', 'Place', 'Chemin', 'Impasse', 'Allée', 'Boulevard', 'Route'];
const names = ['de la République', 'Victor Hugo', 'Jean Jaurès', 'des Écoles', 'du Moulin', "de l'Église", 'Pasteur', 'de la Gare', 'du Château', 'des Lilas',
  'Gambetta', 'du Stade', 'des Vignes', 'de la Fontaine', 'du Commerce', 'Jules Ferry', 'de la Paix', 'des Acacias', 'Saint-Martin', 'du Lavoir',
  'Anatole France', 'des Tilleuls', 'de Verdun', 'du 8 Mai 1945', 'Émile Zola', 'des Peupliers', 'de la Liberté', 'du Puy de Dôme', 'des Granges', 'de la Croix',
  'Georges Clemenceau', 'Charles de Gaulle', 'du Marché', 'des Jardins', 'de Lattre de Tassigny', 'de la Poste', 'des Prés', 'du Four', 'Montlosier', 'Blatin'];

async function writeFile(path: string): Promise<{ samples: { number: number; street: string; city: string }[]; rows: number }> {
  const index = await createGazetteer().ready();
  const departements = new Set(['63', '03', '15', '43', '42', '69', '23', '19', '87', '18', '58', '71', '01', '38', '07', '26', '12', '46', '24', '36']);
  const communes = index.places.filter((place) => place.countryCode === 'FR' && place.kind === 'commune' && departements.has(place.departement ?? '') && place.postcodes.length > 0);
  const gzip = createGzip();
  const out = gzip.pipe(createWriteStream(path));
  gzip.write('id;id_fantoir;numero;rep;nom_voie;code_postal;code_insee;nom_commune;code_insee_ancienne_commune;nom_ancienne_commune;x;y;lon;lat\n');
  const samples: { number: number; street: string; city: string }[] = [];
  let rows = 0;
  let communeAt = 0;
  while (rows < rowsWanted) {
    const commune = communes[communeAt++ % communes.length];
    // Bigger communes get more streets: 5 to 60.
    const streetCount = Math.min(60, 5 + Math.floor(Math.log10(commune.population + 10) * 8));
    const used = new Set<string>();
    for (let s = 0; s < streetCount && rows < rowsWanted; s++) {
      const street = `${pick(types)} ${pick(names)}`;
      if (used.has(street)) continue;
      used.add(street);
      const numbers = 5 + Math.floor(random() * 30);
      const lat0 = commune.lat + (random() - 0.5) * 0.03;
      const lon0 = commune.lon + (random() - 0.5) * 0.04;
      let chunk = '';
      for (let number = 1; number <= numbers && rows < rowsWanted; number++, rows++) {
        const lat = lat0 + number * 0.00004;
        const lon = lon0 + number * 0.00005;
        chunk += `${commune.code}_b${s}_${number};;${number};;${street};${commune.postcodes[0]};${commune.code};${commune.name};;;;;${lon.toFixed(6)};${lat.toFixed(6)}\n`;
        if (random() < 0.0005) samples.push({ number, street, city: commune.name });
      }
      if (!gzip.write(chunk)) await once(gzip, 'drain');
    }
  }
  gzip.end();
  await once(out, 'finish');
  return { samples, rows };
}


const dir = mkdtempSync(join(tmpdir(), 'vigil-bench-addresses-'));
const file = join(dir, 'adresses-bench.csv.gz');
console.log(`generating ${rowsWanted.toLocaleString('en')} addresses…`);
const { samples } = await writeFile(file);
const postgres = engine === 'postgres' ? await freshPostgres(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres') : undefined;
const ctx = await createContext(loadConfig({ DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'silent', ...(postgres ? { DATABASE_URL: postgres.url } : {}) }));
try {
  const loadBefore = loadavg()[0];
  const report = await importAddressFile(ctx.database, file, (progress) => process.stderr.write(`\r${progress.written.toLocaleString('en')} written`));
  process.stderr.write('\n');
  const rate = Math.round(report.written / report.seconds);
  console.log(`import: ${report.written.toLocaleString('en')} rows in ${report.seconds.toFixed(1)} s = ${rate.toLocaleString('en')} rows/s (load ${loadBefore.toFixed(1)})`);
  if (ctx.database.kind === 'postgres') await ctx.database.query('ANALYZE address_streets; ANALYZE address_points');
  else await ctx.database.query('ANALYZE');
  const queries = Array.from({ length: queryCount }, (_, at) => typedAddress(samples[at % samples.length], at % 4, random));
  for (const query of queries.slice(0, 30)) await geocode(ctx, { address: query }); // warm-up
  const times: number[] = [];
  let housenumbers = 0;
  for (const query of queries) {
    const started = performance.now();
    const [best] = await geocode(ctx, { address: query });
    times.push(performance.now() - started);
    if (best?.precision === 'housenumber') housenumbers++;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] * 10) / 10;
  const [streets] = await ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM address_streets');
  const results = {
    engine, rows: report.written, streets: streets.n, importSeconds: Math.round(report.seconds * 10) / 10, importRowsPerSecond: rate,
    queries: times.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), housenumberShare: Math.round((housenumbers / times.length) * 100) / 100,
    load: Math.round(loadavg()[0] * 10) / 10, at: new Date().toISOString(),
  };
  console.log(JSON.stringify(results));
  writeFileSync(new URL(`./results-${engine}.json`, import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
} finally {
  await stopContext(ctx);
  await postgres?.drop();
}
