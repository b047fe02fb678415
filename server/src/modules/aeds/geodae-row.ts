import type { ImportFieldId } from '../../../../contract/import.fields';
import { schemaDaeColumns } from '../imports/face';
import type { ExportedAed } from './export-columns';
import { geoDaeHours, type GeoDaeHours } from './geodae-hours';
import type { geoDaeContactCells } from './geodae-readiness';
import { schemaDaeColumnNames } from './schema-dae';

/**
 * One AED as a row of the GeoDAE declaration (schema-dae 1.0.7). The columns and the field each
 * one holds are the import's `schemaDae` preset (imports/presets.ts), read backwards: each import
 * field is written here in the words the import reads (imports/values.ts), so that importing the
 * declaration with that preset finds the same AEDs unchanged. Columns the import does not read
 * are written from what Vigil knows (tel1, site_email) or left empty.
 */

/** An AED as the declaration's batches read it: the export's columns, the contact cells and the readiness. */
export type GeoDaeSource = ExportedAed & Record<keyof typeof geoDaeContactCells, string | null> & { geoDaeMissing: string[] };

interface RowContext {
  aed: GeoDaeSource;
  hours: GeoDaeHours;
  address: { number: string; street: string };
}

const yesNo = (value: boolean) => (value ? 'oui' : 'non');
const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** "12 bis rue X" → number "12 bis" and street "rue X", which the import joins back with one space. */
export function addressParts(address: string | null): { number: string; street: string } {
  const match = /^(\d+(?: ?(?:bis|ter|quater)|[A-Za-z])?) (\S.*)$/i.exec(address ?? '');
  return match ? { number: match[1], street: match[2] } : { number: '', street: address ?? '' };
}

/** schema-dae's functioning states by Vigil availability; maintenance reads back as unavailable. */
const functioning: Record<string, string> = {
  available: 'En fonctionnement',
  inMaintenance: 'Absent momentanément',
  unavailable: 'Hors service',
  deleted: 'Supprimé définitivement',
};

/** Each import field of the preset, written from the AED. */
const fieldWriters: Partial<Record<ImportFieldId, (row: RowContext) => string>> = {
  l_name: ({ aed }) => aed.name,
  l_lat: ({ aed }) => String(aed.lat),
  l_lon: ({ aed }) => String(aed.lon),
  l_streetNumber: ({ address }) => address.number,
  l_address: ({ address }) => address.street,
  // The schema takes French five-digit postcodes only.
  l_zipCode: ({ aed }) => (/^\d{5}$/.test(aed.zipCode ?? '') ? aed.zipCode! : ''),
  l_city: ({ aed }) => text(aed.city),
  l_position: ({ aed }) => (aed.position === 1 ? 'Intérieur' : aed.position === 2 ? 'Extérieur' : ''),
  l_accessibility: ({ aed }) => (aed.accessibility === 2 ? 'oui' : aed.accessibility === 1 ? 'non' : ''),
  l_itinerant: ({ aed }) => yesNo(aed.itinerant),
  l_floor: ({ aed }) => text(aed.floor),
  l_description: ({ aed }) => text(aed.description),
  o_days: ({ hours }) => hours.disp_j,
  o_hours: ({ hours }) => hours.disp_h,
  o_note: ({ hours }) => hours.disp_complt,
  d_installDate: ({ aed }) => text(aed.installDate),
  toDelete: ({ aed }) => (aed.deletedAt ? 'A supprimer' : 'Actif'),
  d_status: ({ aed }) => functioning[aed.status] ?? 'Inconnu',
  d_brand: ({ aed }) => text(aed.brand),
  d_inspectedBy: ({ aed }) => text(aed.inspectedBy),
  d_model: ({ aed }) => text(aed.model),
  d_serialNumber: ({ aed }) => text(aed.serialNumber),
  d_hasChildPads: ({ aed }) => yesNo(aed.hasChildPads),
  d_childPadsExpiration: ({ aed }) => text(aed.childPadsExpiration),
  d_padsExpiration: ({ aed }) => text(aed.padsExpiration),
  d_batteryExpiration: ({ aed }) => text(aed.batteryExpiration),
  d_maintenancePeriod: ({ aed }) => (aed.maintenancePeriod ? `${aed.maintenancePeriod} mois` : ''),
  d_maintenanceLastDate: ({ aed }) => text(aed.maintenanceLastDate),
  c_siren: ({ aed }) => text(aed.expt_siren),
  c_company: ({ aed }) => text(aed.expt_rais),
  c_phone: ({ aed }) => text(aed.expt_tel1),
  c_email: ({ aed }) => text(aed.expt_email),
};

/** Columns the import does not read, written from the AED's site contact. */
const columnWriters: Record<string, (row: RowContext) => string> = {
  tel1: ({ aed }) => text(aed.tel1),
  site_email: ({ aed }) => text(aed.site_email),
};

const writers = schemaDaeColumnNames.map((column) => {
  if (!(column in schemaDaeColumns)) throw new Error(`geodae-row: the schemaDae preset has no column ${column}`);
  const field = schemaDaeColumns[column];
  const writer = field ? fieldWriters[field] : columnWriters[column];
  return [column, writer ?? (() => '')] as const;
});

/** The declaration's cells of one AED, by column. */
export function geoDaeCells(aed: GeoDaeSource): Record<string, string> {
  const row: RowContext = { aed, hours: geoDaeHours(aed.alwaysOpened, aed.openingHours), address: addressParts(aed.address) };
  return Object.fromEntries(writers.map(([column, write]) => [column, write(row)]));
}

/** A CSV line (RFC 4180: quoted when needed, CRLF). */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(',')}\r\n`;
}
