/**
 * The two public layouts of French national address files, told apart by their header: the BAN
 * per-department export (`adresses-XX.csv`) and the communes' Base Adresse Locale files (BAL 1.3/1.4).
 */

/** One address read from a file, before it is written. `number` is null for a street or lieu-dit without number. */
export interface AddressRow {
  number: number | null;
  suffix: string;
  street: string;
  postcode: string;
  insee: string;
  city: string;
  lat: number;
  lon: number;
}

export type RowOutcome = { ok: true; row: AddressRow } | { ok: false; reason: string };

export interface Layout {
  name: 'BAN' | 'BAL';
  read(cells: readonly string[]): RowOutcome;
}

/** BAN and BAL write 99999 for a lieu-dit or a street without house number. */
const noNumber = 99999;

const columnsOf = {
  BAN: { number: 'numero', suffix: 'rep', street: 'nom_voie', postcode: 'code_postal', insee: 'code_insee', city: 'nom_commune', lon: 'lon', lat: 'lat' },
  BAL: { number: 'numero', suffix: 'suffixe', street: 'voie_nom', postcode: undefined, insee: 'commune_insee', city: 'commune_nom', lon: 'long', lat: 'lat' },
} as const;

/** The layout a header names, or undefined when it is neither (the file is refused). */
export function layoutOf(header: readonly string[]): Layout | undefined {
  const names = header.map((name) => name.trim().toLowerCase().replace(/^\uFEFF/, ''));
  const kind = names.includes('cle_interop') && names.includes('voie_nom') ? 'BAL' : names.includes('nom_voie') && names.includes('code_insee') ? 'BAN' : undefined;
  if (!kind) return undefined;
  const columns = columnsOf[kind];
  const at = (name: string | undefined) => (name ? names.indexOf(name) : -1);
  const index = {
    number: at(columns.number),
    suffix: at(columns.suffix),
    street: at(columns.street),
    postcode: at(columns.postcode),
    insee: at(columns.insee),
    city: at(columns.city),
    lon: at(columns.lon),
    lat: at(columns.lat),
  };
  if ([index.number, index.street, index.insee, index.lon, index.lat].some((position) => position < 0)) return undefined;
  return { name: kind, read: (cells) => readRow(cells, index) };
}

function readRow(cells: readonly string[], index: Record<keyof AddressRow, number>): RowOutcome {
  const cell = (position: number) => (position >= 0 ? (cells[position] ?? '').trim() : '');
  const numberText = cell(index.number);
  if (!/^\d{1,5}$/.test(numberText)) return { ok: false, reason: `house number "${numberText}" is not a number` };
  const number = Number(numberText);
  const street = cell(index.street);
  if (!street) return { ok: false, reason: 'no street name' };
  const insee = cell(index.insee).toUpperCase();
  if (!/^\d[\dAB]\d{3}$/.test(insee)) return { ok: false, reason: `INSEE code "${insee}" is not valid` };
  const lat = Number(cell(index.lat).replace(',', '.'));
  const lon = Number(cell(index.lon).replace(',', '.'));
  if (!cell(index.lat) || !cell(index.lon) || !Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) {
    return { ok: false, reason: `position "${cell(index.lat)}, ${cell(index.lon)}" is not valid` };
  }
  const postcode = cell(index.postcode);
  return {
    ok: true,
    row: {
      number: number === noNumber ? null : number,
      suffix: cell(index.suffix).toLowerCase().slice(0, 16),
      street,
      postcode: /^\d{5}$/.test(postcode) ? postcode : '',
      insee,
      city: cell(index.city),
      lat,
      lon,
    },
  };
}

/** Splits one line of a `;`-separated file; double quotes may enclose a cell (a `""` inside is one quote). */
export function splitLine(line: string, separator = ';'): string[] {
  if (!line.includes('"')) return line.split(separator);
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let at = 0; at < line.length; at++) {
    const char = line[at];
    if (quoted) {
      if (char === '"' && line[at + 1] === '"') {
        cell += '"';
        at++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}
