import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { aedBrands } from '../../../../contract/aed-options';
import { addDays, isoDay } from '../../../../contract/aed-vigilance';
import type { AppContext } from '../../context';
import { insertAeds, type AedInsert } from '../../modules/aeds/face';
import { aedContacts, aedFiles, aedReports, type OpeningHours } from '../schema/aeds';
import type { SeededAccounts } from './accounts';


/** A small deterministic random generator (mulberry32), so the demo is the same on every start. */
export function randomGenerator(seed: number) {
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
export type Random = ReturnType<typeof randomGenerator>;

export interface Town {
  name: string;
  zip: string;
  lat: number;
  lon: number;
  /** Spread around the centre, in degrees. */
  spread: number;
}

export const puyDeDome: Town[] = [
  { name: 'Clermont-Ferrand', zip: '63000', lat: 45.7772, lon: 3.087, spread: 0.03 },
  { name: 'Chamalières', zip: '63400', lat: 45.774, lon: 3.067, spread: 0.008 },
  { name: 'Riom', zip: '63200', lat: 45.894, lon: 3.113, spread: 0.012 },
  { name: "Cournon-d'Auvergne", zip: '63800', lat: 45.737, lon: 3.197, spread: 0.012 },
  { name: 'Aubière', zip: '63170', lat: 45.751, lon: 3.111, spread: 0.008 },
  { name: 'Beaumont', zip: '63110', lat: 45.752, lon: 3.083, spread: 0.006 },
  { name: 'Issoire', zip: '63500', lat: 45.544, lon: 3.249, spread: 0.012 },
  { name: 'Thiers', zip: '63300', lat: 45.856, lon: 3.548, spread: 0.012 },
  { name: 'Royat', zip: '63130', lat: 45.766, lon: 3.051, spread: 0.006 },
  { name: 'Gerzat', zip: '63360', lat: 45.825, lon: 3.145, spread: 0.008 },
  { name: 'Pont-du-Château', zip: '63430', lat: 45.798, lon: 3.248, spread: 0.01 },
  { name: 'Lempdes', zip: '63370', lat: 45.771, lon: 3.194, spread: 0.008 },
  { name: 'Ceyrat', zip: '63122', lat: 45.733, lon: 3.063, spread: 0.008 },
  { name: 'Volvic', zip: '63530', lat: 45.872, lon: 3.039, spread: 0.01 },
  { name: 'Ambert', zip: '63600', lat: 45.55, lon: 3.742, spread: 0.01 },
];

export const allier: Town[] = [
  { name: 'Moulins', zip: '03000', lat: 46.566, lon: 3.333, spread: 0.015 },
  { name: 'Vichy', zip: '03200', lat: 46.127, lon: 3.426, spread: 0.015 },
  { name: 'Montluçon', zip: '03100', lat: 46.34, lon: 2.603, spread: 0.02 },
  { name: 'Cusset', zip: '03300', lat: 46.134, lon: 3.457, spread: 0.01 },
  { name: 'Yzeure', zip: '03400', lat: 46.565, lon: 3.355, spread: 0.01 },
  { name: 'Bellerive-sur-Allier', zip: '03700', lat: 46.117, lon: 3.404, spread: 0.008 },
  { name: 'Saint-Pourçain-sur-Sioule', zip: '03500', lat: 46.307, lon: 3.289, spread: 0.008 },
  { name: 'Gannat', zip: '03800', lat: 46.098, lon: 3.198, spread: 0.008 },
  { name: 'Commentry', zip: '03600', lat: 46.289, lon: 2.74, spread: 0.008 },
];

export const luxembourg: Town[] = [
  { name: 'Luxembourg', zip: '1009', lat: 49.6116, lon: 6.1319, spread: 0.025 },
  { name: 'Esch-sur-Alzette', zip: '4002', lat: 49.4958, lon: 5.9806, spread: 0.012 },
  { name: 'Differdange', zip: '4501', lat: 49.5242, lon: 5.8914, spread: 0.01 },
  { name: 'Dudelange', zip: '3401', lat: 49.4806, lon: 6.0875, spread: 0.01 },
  { name: 'Ettelbruck', zip: '9001', lat: 49.8475, lon: 6.1042, spread: 0.008 },
  { name: 'Diekirch', zip: '9201', lat: 49.8678, lon: 6.1597, spread: 0.008 },
  { name: 'Strassen', zip: '8001', lat: 49.6206, lon: 6.0733, spread: 0.006 },
  { name: 'Bertrange', zip: '8001', lat: 49.6111, lon: 6.05, spread: 0.006 },
];

const frenchPlaces = [
  'Mairie de {town}',
  'Pharmacie {surname}',
  'Gymnase {person}',
  'Salle polyvalente de {town}',
  'Gare de {town}',
  'Piscine municipale de {town}',
  'Stade {person}',
  'Collège {person}',
  'Lycée {person}',
  'École élémentaire {person}',
  'Supermarché {brand}',
  'EHPAD Les Tilleuls',
  'Cabinet médical du Centre',
  'Maison des associations',
  'Office de tourisme de {town}',
  'Médiathèque {person}',
  'Golf de {town}',
  'Camping municipal de {town}',
  'Centre commercial {brand}',
  'Bureau de poste de {town}',
  'Caserne des pompiers de {town}',
  'Boulangerie {surname}',
  'Salle de sport {brand}',
  'Église Saint-{saint}',
];
const luxembourgPlaces = [
  'Mairie de {town}',
  'Pharmacie {surname}',
  'Hall sportif {person}',
  'Gare de {town}',
  'Piscine de {town}',
  'Lycée {person}',
  'Centre culturel de {town}',
  'Supermarché {brand}',
  "Maison de soins {surname}",
  'Centre d’incendie et de secours de {town}',
];
const people = ['Jean Jaurès', 'Victor Hugo', 'Blaise Pascal', 'Jules Ferry', 'Marie Curie', 'Louis Pasteur', 'Jean Moulin', 'Simone Veil', 'Albert Camus', 'Pierre de Coubertin', 'Michel de l’Hospital', 'Gabriel Montpied', 'Robert Schuman'];
const surnames = ['Dubois', 'Morel', 'Girard', 'Fournier', 'Chevalier', 'Faure', 'Rousseau', 'Vidal', 'Roux', 'Blanc', 'Muller', 'Weber', 'Schmit', 'Hoffmann'];
const shopBrands = ['Carrefour', 'Leclerc', 'Intermarché', 'Super U', 'Auchan', 'Cactus', 'Delhaize', 'Basic-Fit', 'Fitness Park'];
const saints = ['Pierre', 'Joseph', 'Genès', 'Eutrope', 'Michel', 'Martin'];
const frenchStreets = ['rue de la République', 'avenue Jean Jaurès', 'place de la Mairie', 'boulevard Gambetta', 'rue Victor Hugo', 'rue Pasteur', 'avenue de la Gare', 'rue du Stade', "place de l'Église", 'rue des Écoles', 'chemin des Vignes', 'avenue de la Libération', 'rue Blatin', 'rue du 8 Mai 1945'];
const luxembourgStreets = ['rue de la Gare', 'avenue de la Liberté', 'Grand-Rue', 'rue de Luxembourg', 'boulevard Royal', "route d'Arlon", 'rue Principale', 'rue de l’Alzette'];
const firstNames = ['Camille', 'Léa', 'Lucas', 'Hugo', 'Manon', 'Chloé', 'Thomas', 'Julie', 'Nicolas', 'Sarah', 'Paul', 'Emma', 'Luc', 'Anne'];
const functions = ['Directeur', 'Responsable sécurité', 'Gardien', 'Secrétaire de mairie', 'Pharmacien', 'Gérant', 'Infirmière coordinatrice', 'Agent technique'];

const fill = (template: string, town: Town, random: Random) =>
  template
    .replace('{town}', town.name)
    .replace('{surname}', random.pick(surnames))
    .replace('{person}', random.pick(people))
    .replace('{brand}', random.pick(shopBrands))
    .replace('{saint}', random.pick(saints));

/** Typical opening hours of a place. */
function openingHoursFor(name: string, random: Random): OpeningHours {
  const days = (list: number[], ranges: { open: string; close: string }[]) =>
    Object.fromEntries(list.map((day) => [String(day), ranges])) as OpeningHours;
  if (/Mairie|Bureau de poste|Office|Cabinet/.test(name)) {
    return { ...days([1, 2, 3, 4, 5], [{ open: '08:30', close: '12:00' }, { open: '13:30', close: '17:30' }]), ...(random.chance(0.5) ? days([6], [{ open: '09:00', close: '12:00' }]) : {}) };
  }
  if (/Pharmacie|Boulangerie|Supermarché|Centre commercial/.test(name)) return days([1, 2, 3, 4, 5, 6], [{ open: '08:00', close: '19:30' }]);
  if (/Piscine|Gymnase|Hall|Salle de sport|Stade/.test(name)) return days([2, 3, 4, 5, 6, 7], [{ open: '10:00', close: '21:00' }]);
  if (/Collège|Lycée|École/.test(name)) return { ...days([1, 2, 4, 5], [{ open: '07:45', close: '17:30' }]), ...days([3], [{ open: '07:45', close: '12:15' }]) };
  return days([1, 2, 3, 4, 5, 6, 7], [{ open: '09:00', close: '18:00' }]);
}

const today = () => isoDay(new Date());

/** One realistic AED around a town; `country` FR or LU. */
export function aedAround(random: Random, town: Town, idSite: number, country: 'FR' | 'LU'): AedInsert {
  const name = fill(random.pick(country === 'LU' ? luxembourgPlaces : frenchPlaces), town, random);
  const outdoor = random.chance(0.35);
  const alwaysOpened = outdoor || random.chance(0.1);
  const brand = random.pick(Object.keys(aedBrands));
  const hasChildPads = random.chance(0.25);
  const day = today();
  const confirmed = random.chance(0.85) ? new Date(Date.now() - random.int(1, 720) * 86_400_000) : null;
  const certified = random.chance(0.4);
  const statusRoll = random.next();
  const status = statusRoll < 0.9 ? 'available' : statusRoll < 0.95 ? 'inMaintenance' : 'unavailable';
  const created = new Date(Date.now() - random.int(0, 3 * 365) * 86_400_000 - random.int(0, 86_400) * 1000);
  return {
    idSite,
    name,
    address: `${random.int(1, 120)} ${random.pick(country === 'LU' ? luxembourgStreets : frenchStreets)}`,
    building: random.chance(0.2) ? `Bâtiment ${random.pick(['A', 'B', 'C', 'principal'])}` : null,
    floor: outdoor ? null : random.pick(['0', '0', '1', '-1', '2']),
    zipCode: town.zip,
    city: town.name,
    state: country === 'LU' ? town.name : 'Auvergne-Rhône-Alpes',
    country,
    description: outdoor ? 'Boîtier extérieur chauffé, à droite de l’entrée principale' : 'Dans le hall d’accueil, près de l’ascenseur',
    lat: town.lat + (random.next() - 0.5) * 2 * town.spread,
    lon: town.lon + (random.next() - 0.5) * 2 * town.spread * 1.4,
    position: outdoor ? 2 : 1,
    accessibility: outdoor || random.chance(0.6) ? 2 : 1,
    alwaysOpened,
    openingHours: alwaysOpened ? {} : openingHoursFor(name, random),
    itinerant: random.chance(0.02),
    brand,
    model: random.pick(aedBrands[brand]),
    softwareVersion: `${random.int(1, 5)}.${random.int(0, 9)}.${random.int(0, 20)}`,
    serialNumber: `${brand.slice(0, 2).toUpperCase()}${random.int(10, 99)}${random.int(100000, 999999)}`,
    installDate: addDays(day, -random.int(200, 3000)),
    inspectedBy: random.chance(0.5) ? random.pick(['Defibril Services', 'Cardio Maintenance', 'Sécurimed', 'Technicien communal']) : null,
    lastInspection: random.chance(0.7) ? addDays(day, -random.int(10, 500)) : null,
    padsLot: `P${random.int(1000, 9999)}`,
    padsExpiration: addDays(day, random.int(-90, 700)),
    hasChildPads,
    childPadsLot: hasChildPads ? `C${random.int(1000, 9999)}` : null,
    childPadsExpiration: hasChildPads ? addDays(day, random.int(-60, 700)) : null,
    batteryLot: `B${random.int(1000, 9999)}`,
    batteryExpiration: addDays(day, random.int(-120, 1200)),
    padsPackLot: random.chance(0.3) ? `K${random.int(1000, 9999)}` : null,
    padsPackExpiration: random.chance(0.3) ? addDays(day, random.int(30, 900)) : null,
    maintenanceAlertType: random.pick(['none', 'period', 'date']),
    maintenancePeriod: random.pick([6, 12, 12, 24]),
    maintenanceLastDate: addDays(day, -random.int(10, 400)),
    cabinetId: outdoor ? `ARM-${random.int(100, 999)}` : null,
    source: random.chance(0.3) ? 'import' : 'manual',
    status,
    unavailableReason: status === 'unavailable' ? random.pick(['maintenance', 'temporarilyUnavailable']) : null,
    validated: confirmed !== null,
    lastConfirmationDate: confirmed,
    certified,
    lastCertificationDate: certified ? addDays(day, -random.int(5, 600)) : null,
    createdAt: created,
    updatedAt: created,
  };
}

/** Small real pictures of AED signs (PNG and JPEG), drawn with sharp. */
async function demoPictures(): Promise<{ buffer: Buffer; mime: string; extension: string }[]> {
  const colours = ['#0a8f3c', '#1d6fb8', '#c0392b', '#e67e22'];
  const pictures = [];
  for (const [index, colour] of colours.entries()) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240"><rect width="320" height="240" fill="#e8e4dc"/><rect x="95" y="40" width="130" height="160" rx="12" fill="${colour}"/><path d="M160 150 l-35 -35 a20 20 0 0 1 35 -25 a20 20 0 0 1 35 25 z" fill="#fff"/><path d="M163 100 l-12 22 h14 l-10 22" stroke="${colour}" stroke-width="5" fill="none"/><text x="160" y="185" font-size="22" font-family="sans-serif" fill="#fff" text-anchor="middle">DAE</text></svg>`;
    const image = sharp(Buffer.from(svg));
    const jpeg = index % 2 === 0;
    pictures.push({ buffer: await (jpeg ? image.jpeg({ quality: 80 }) : image.png()).toBuffer(), mime: jpeg ? 'image/jpeg' : 'image/png', extension: jpeg ? 'jpg' : 'png' });
  }
  return pictures;
}

/**
 * Demo AEDs: about 2,800 around Clermont-Ferrand, the Allier and Luxembourg, with every kind of
 * vigilance alert, availability, contacts, reports, pictures, near-duplicates and GeoDAE records
 * (some linked).
 */
export async function seedAeds(ctx: AppContext, accounts: SeededAccounts): Promise<number> {
  const db = ctx.database.db;
  const random = randomGenerator(20260301);
  const rows: AedInsert[] = [];
  const around = (count: number, towns: Town[], idSite: number, country: 'FR' | 'LU') => {
    for (let i = 0; i < count; i += 1) rows.push(aedAround(random, random.pick(towns), idSite, country));
  };
  around(900, puyDeDome, accounts.sdis63, 'FR');
  around(400, puyDeDome.slice(0, 6), accounts.codis63, 'FR');
  around(100, puyDeDome, accounts.publicApp, 'FR');
  around(700, allier, accounts.sdis03, 'FR');
  around(400, luxembourg, accounts.luxembourg, 'LU');
  for (const row of rows.filter((_row, index) => index % 97 === 0)) Object.assign(row, { status: 'deleted', statusBeforeDelete: 'available', deletedAt: new Date() });
  for (const row of rows.filter((row) => row.idSite === accounts.publicApp)) row.source = 'publicApp';

  // Near-duplicates: the same device entered twice, a few metres apart, under a slightly different name.
  const originals = rows.filter((row, index) => row.idSite === accounts.sdis63 && index % 23 === 0 && !row.deletedAt);
  for (const original of originals) {
    rows.push({ ...original, name: original.name.replace(/^(\S+) (de |du )?/, '$1 '), lat: original.lat + 0.0002, lon: original.lon - 0.0002, serialNumber: null, createdAt: new Date() });
  }

  // GeoDAE records: national open data for the Puy-de-Dôme, many matching one of our AEDs.
  const ours = rows.filter((row) => row.idSite === accounts.sdis63 && !row.deletedAt).slice(0, 150);
  const geodae: AedInsert[] = ours.map((row, index) => ({
    ...row,
    idSite: accounts.geodae,
    name: `DAE ${row.name.toUpperCase()}`,
    lat: row.lat + (random.next() - 0.5) * 0.0003,
    lon: row.lon + (random.next() - 0.5) * 0.0003,
    source: 'geodae',
    externalSourceId: `GEODAE-63-${String(index + 1).padStart(6, '0')}`,
    sourceInfo: `COMMUNE DE ${String(row.city).toUpperCase()}`,
    privateComment: null,
    certified: false,
    lastCertificationDate: null,
    validated: false,
    lastConfirmationDate: null,
  }));
  for (let i = 0; i < 150; i += 1) {
    const row = aedAround(random, random.pick(puyDeDome), accounts.geodae, 'FR');
    geodae.push({ ...row, name: `DAE ${row.name.toUpperCase()}`, source: 'geodae', externalSourceId: `GEODAE-63-${String(1000 + i).padStart(6, '0')}`, sourceInfo: `${row.name.toUpperCase()} SAS` });
  }
  const inserted = await insertAeds(db, [...rows, ...geodae]);
  const ourIds = inserted.slice(0, rows.length);
  const geodaeIds = inserted.slice(rows.length);

  // Link the first 25 GeoDAE records to the AEDs they describe.
  for (let i = 0; i < 25; i += 1) {
    const aedId = ourIds[rows.indexOf(ours[i])].id;
    const recordId = geodaeIds[i].id;
    const nationalId = geodae[i].externalSourceId!;
    await db.execute(sql`UPDATE aeds SET is_linked = true, id_geocoeur = ${nationalId}, linked_geodae = ${geodae[i].sourceInfo!}, linked_aed_id = ${recordId} WHERE id = ${aedId}`);
    await db.execute(sql`UPDATE aeds SET is_linked = true, id_geocoeur = ${nationalId}, linked_aed_id = ${aedId} WHERE id = ${recordId}`);
  }

  // Contacts on about half of our AEDs.
  const contacts: (typeof aedContacts.$inferInsert)[] = [];
  for (const [index, { id }] of ourIds.entries()) {
    if (!random.chance(0.5)) continue;
    const firstName = random.pick(firstNames);
    const lastName = random.pick(surnames);
    const luxembourgish = rows[index].country === 'LU';
    contacts.push({
      aedId: id,
      firstName,
      lastName,
      function: random.pick(functions),
      phoneCode: luxembourgish ? '+352' : '+33',
      phone: luxembourgish ? `${random.int(600, 699)}${random.int(100000, 999999)}` : `0${random.pick([4, 6, 7])}${random.int(10000000, 99999999)}`,
      email: random.chance(0.8) ? `${firstName}.${lastName}@example.org`.toLowerCase() : null,
      contactType: random.pick(['supervisor', 'operator', 'maintainer', 'siteContact']),
      defaultLanguage: luxembourgish ? 'de_LU' : 'fr_FR',
      timezone: 'Europe/Paris',
    });
  }
  for (let start = 0; start < contacts.length; start += 500) await db.insert(aedContacts).values(contacts.slice(start, start + 500));

  // Reports: on-going, soluble and resolved, every problem type.
  const reports: (typeof aedReports.$inferInsert)[] = [];
  for (let i = 0; i < 160; i += 1) {
    const index = random.int(0, ourIds.length - 1);
    const statusRoll = random.next();
    const created = new Date(Date.now() - random.int(1, 200) * 86_400_000);
    reports.push({
      aedId: ourIds[index].id,
      problemType: (i % 7) + 1,
      description: random.pick(['Le boîtier est vide.', 'Voyant rouge clignotant.', 'Le DAE est derrière une porte fermée à clé.', 'Il est placé trop haut.', 'Déjà signalé à côté.', 'Le bâtiment est fermé le week-end.']),
      reporterEmail: random.chance(0.8) ? `${random.pick(firstNames)}.${random.pick(surnames)}@example.net`.toLowerCase() : null,
      city: rows[index].city,
      status: statusRoll < 0.6 ? 'onGoing' : statusRoll < 0.75 ? 'soluble' : 'resolved',
      resolvedAt: statusRoll >= 0.75 ? new Date(created.getTime() + 5 * 86_400_000) : null,
      createdAt: created,
    });
  }
  await db.insert(aedReports).values(reports);

  // Pictures: small real images on 30 AEDs.
  const folder = join(ctx.config.DATA_DIR, 'files', 'aed');
  await mkdir(folder, { recursive: true });
  const images = await demoPictures();
  const files: (typeof aedFiles.$inferInsert)[] = [];
  for (let i = 0; i < 30; i += 1) {
    const image = images[i % images.length];
    const filename = `${randomUUID()}.${image.extension}`;
    await writeFile(join(folder, filename), image.buffer);
    files.push({ aedId: ourIds[i * 37].id, type: 'picture', filename, originalName: `photo-${i + 1}.${image.extension}`, mime: image.mime, size: image.buffer.length });
  }
  await db.insert(aedFiles).values(files);
  return inserted.length;
}
