import type { AppContext } from '../../context';
import { importAddressLines } from '../../modules/addresses/import';

/** A street of the demo area: its commune and the line its numbers run along (from the first number to the last). */
interface DemoStreet {
  name: string;
  insee: string;
  postcode: string;
  city: string;
  from: [number, number];
  to: [number, number];
  /** Highest house number. */
  numbers: number;
}

const clermont = { insee: '63113', postcode: '63000', city: 'Clermont-Ferrand' };
/** Streets of the demo area (approximate lines); "Rue de la République" exists in several communes on purpose. */
const demoStreets: DemoStreet[] = [
  { name: 'Place de Jaude', ...clermont, from: [45.7793, 3.0814], to: [45.7756, 3.0818], numbers: 40 },
  { name: 'Rue Blatin', ...clermont, from: [45.776, 3.0801], to: [45.7716, 3.0757], numbers: 90 },
  { name: 'Avenue des États-Unis', ...clermont, from: [45.7771, 3.0826], to: [45.7739, 3.0858], numbers: 60 },
  { name: 'Rue du Port', ...clermont, from: [45.7794, 3.0868], to: [45.7826, 3.0912], numbers: 70 },
  { name: 'Boulevard François Mitterrand', ...clermont, from: [45.7739, 3.0858], to: [45.7704, 3.0882], numbers: 50 },
  { name: 'Rue Montlosier', ...clermont, from: [45.7792, 3.0834], to: [45.7812, 3.0806], numbers: 40 },
  { name: 'Place de la Victoire', ...clermont, from: [45.7785, 3.0855], to: [45.7776, 3.0866], numbers: 16 },
  { name: 'Rue des Gras', ...clermont, from: [45.7786, 3.0848], to: [45.7779, 3.0874], numbers: 50 },
  { name: 'Avenue Carnot', ...clermont, from: [45.7781, 3.0894], to: [45.7756, 3.0949], numbers: 80 },
  { name: 'Boulevard Lafayette', ...clermont, from: [45.7748, 3.0878], to: [45.7723, 3.0955], numbers: 120 },
  { name: 'Rue Ballainvilliers', ...clermont, from: [45.7758, 3.0849], to: [45.7739, 3.0893], numbers: 60 },
  { name: 'Avenue Julien', ...clermont, from: [45.7756, 3.0818], to: [45.7768, 3.0762], numbers: 50 },
  { name: 'Rue de la République', ...clermont, postcode: '63100', from: [45.7858, 3.0912], to: [45.7915, 3.0968], numbers: 120 },
  { name: 'Avenue de Royat', insee: '63075', postcode: '63400', city: 'Chamalières', from: [45.7746, 3.0735], to: [45.7707, 3.0604], numbers: 110 },
  { name: 'Rue de la République', insee: '63300', postcode: '63200', city: 'Riom', from: [45.8951, 3.1098], to: [45.8928, 3.1161], numbers: 60 },
  { name: 'Rue du Commerce', insee: '63300', postcode: '63200', city: 'Riom', from: [45.8942, 3.1127], to: [45.8936, 3.1149], numbers: 40 },
  { name: 'Avenue de la Libération', insee: '63124', postcode: '63800', city: "Cournon-d'Auvergne", from: [45.7391, 3.1922], to: [45.7347, 3.2033], numbers: 90 },
  { name: 'Rue de la République', insee: '63014', postcode: '63170', city: 'Aubière', from: [45.7519, 3.1094], to: [45.7497, 3.1142], numbers: 50 },
  { name: 'Rue Nationale', insee: '63032', postcode: '63110', city: 'Beaumont', from: [45.7526, 3.0823], to: [45.7495, 3.0861], numbers: 60 },
  { name: 'Rue de la République', insee: '63178', postcode: '63500', city: 'Issoire', from: [45.5449, 3.2478], to: [45.5427, 3.2513], numbers: 70 },
  { name: 'Rue Conchette', insee: '63430', postcode: '63300', city: 'Thiers', from: [45.8563, 3.5461], to: [45.8552, 3.5496], numbers: 30 },
  { name: 'Boulevard Vaquez', insee: '63308', postcode: '63130', city: 'Royat', from: [45.7664, 3.0545], to: [45.7647, 3.0498], numbers: 40 },
];

/** Metres a number stands off the middle of its street: odd numbers on the left, even on the right. */
const sideOffsetMetres = 8;
const header = 'id;id_fantoir;numero;rep;nom_voie;code_postal;code_insee;nom_commune;code_insee_ancienne_commune;nom_ancienne_commune;x;y;lon;lat';

/** The demo area's addresses as lines of a BAN per-department export (adresses-63.csv). */
export function demoAddressLines(): string[] {
  const lines = [header];
  demoStreets.forEach((street, streetIndex) => {
    const [lat0, lon0] = street.from;
    const [lat1, lon1] = street.to;
    const metresPerDegreeLon = 111_320 * Math.cos((lat0 * Math.PI) / 180);
    const length = Math.hypot((lat1 - lat0) * 111_320, (lon1 - lon0) * metresPerDegreeLon) || 1;
    // Unit normal to the street, in degrees per metre, pointing left of the direction of numbering.
    const normal = { lat: ((lon1 - lon0) * metresPerDegreeLon) / length / 111_320, lon: (-(lat1 - lat0) * 111_320) / length / metresPerDegreeLon };
    for (let number = 1; number <= street.numbers; number++) {
      const along = Math.floor((number - 1) / 2) / Math.max(1, Math.floor((street.numbers - 1) / 2));
      const side = number % 2 === 1 ? sideOffsetMetres : -sideOffsetMetres;
      const lat = lat0 + (lat1 - lat0) * along + normal.lat * side;
      const lon = lon0 + (lon1 - lon0) * along + normal.lon * side;
      const id = `${street.insee}_demo${String(streetIndex).padStart(3, '0')}_${String(number).padStart(5, '0')}`;
      lines.push([id, '', number, '', street.name, street.postcode, street.insee, street.city, '', '', '', '', lon.toFixed(6), lat.toFixed(6)].join(';'));
    }
  });
  return lines;
}

/** Loads the demo addresses through the same import as `npm run addresses:import`. */
export async function seedAddresses(ctx: AppContext): Promise<void> {
  await importAddressLines(ctx.database, 'demo adresses-63.csv', demoAddressLines());
}
