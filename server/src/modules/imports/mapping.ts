import { aedContactTypeOptions } from '../../../../contract/aed-options';
import { isValidSiren } from '../../../../contract/aed.schemas';
import { importFields, weekdayFieldIds, type ImportFieldId } from '../../../../contract/import.fields';
import { importRowMessages } from '../../../../contract/import.errors';
import type { FieldMapConfig, HeaderCell } from '../../../../contract/import.schemas';
import type { OpeningHours } from '../../db/schema/aeds';
import { matchCatalogue } from './catalogue';
import { coversWholeWeek, readOsmHours } from './osm-hours';
import * as read from './values';

/** The AED columns an import may write (a subset of the aeds table, same names). */
export interface AedValues {
  idAed: string;
  name: string;
  address: string;
  address2: string;
  building: string;
  floor: string;
  zipCode: string;
  city: string;
  state: string;
  country: string;
  description: string;
  lat: number;
  lon: number;
  altitude: number;
  position: number;
  accessibility: number;
  alwaysOpened: boolean;
  openingHours: OpeningHours;
  itinerant: boolean;
  brand: string;
  model: string;
  softwareVersion: string;
  serialNumber: string;
  installDate: string;
  privateComment: string;
  inspectedBy: string;
  lastInspection: string;
  padsLot: string;
  padsExpiration: string;
  childPadsLot: string;
  childPadsExpiration: string;
  hasChildPads: boolean;
  batteryLot: string;
  batteryExpiration: string;
  padsPackLot: string;
  padsPackExpiration: string;
  maintenanceAlertType: string;
  maintenancePeriod: number;
  maintenanceLastDate: string;
  cabinetId: string;
  sourceInfo: string;
  externalSourceId: string;
  /** Set on a new AED placed at its commune's centre (a forced commune-only row). */
  positionToCheck: boolean;
}

export interface ContactValues {
  firstName: string;
  lastName: string;
  function: string;
  phoneCode: string | null;
  phone: string | null;
  email: string | null;
  contactType: string;
  /** Only when the row gives one: an operator's SIREN. */
  siren?: string;
}

/** What one file row asks for, before the database is asked anything. */
export interface RowPlan {
  row: number;
  /** The primary key value ('' when the cell is empty). */
  key: string;
  toDelete: boolean;
  values: Partial<AedValues>;
  /** Availability asked by the row, when it names one. */
  status?: 'available' | 'inMaintenance' | 'unavailable';
  /** The address parts for geocoding, when the row has no coordinates. */
  address: { street?: string; city?: string; zipCode?: string; country: string };
  contact?: ContactValues;
  /** The contact fields the row itself gives (the others are defaults, which never overwrite a stored contact). */
  contactGiven?: (keyof ContactValues)[];
  /** The national base flags the record as a duplicate (GeoDAE c_doublon). */
  duplicateFlag: boolean;
  /** Message keys kept on a row that goes in (unknown brand…). */
  warnings: string[];
  /** The row says something of its opening hours (else the run's default for hours applies to a new AED). */
  hoursGiven: boolean;
  /** Hours text the register's weekly ranges cannot hold, kept in the AED's private comment. */
  hoursNote?: string;
  /** Why the row cannot go in, whatever the database holds. */
  error?: { key: string; details?: Record<string, unknown> };
}

/** Direct field → column copies of text fields. */
const textColumns: Partial<Record<ImportFieldId, keyof AedValues>> = {
  l_idAed: 'idAed',
  l_name: 'name',
  l_address2: 'address2',
  l_building: 'building',
  l_floor: 'floor',
  l_state: 'state',
  l_description: 'description',
  l_externalSourceId: 'externalSourceId',
  d_softwareVersion: 'softwareVersion',
  d_serialNumber: 'serialNumber',
  d_inspectedBy: 'inspectedBy',
  d_padsLot: 'padsLot',
  d_childPadsLot: 'childPadsLot',
  d_batteryLot: 'batteryLot',
  d_padsPackLot: 'padsPackLot',
  d_cabinetId: 'cabinetId',
  d_privateComment: 'privateComment',
  d_sourceInfo: 'sourceInfo',
};

const dateColumns: Partial<Record<ImportFieldId, keyof AedValues>> = {
  d_installDate: 'installDate',
  d_lastInspection: 'lastInspection',
  d_padsExpiration: 'padsExpiration',
  d_childPadsExpiration: 'childPadsExpiration',
  d_batteryExpiration: 'batteryExpiration',
  d_padsPackExpiration: 'padsPackExpiration',
  d_maintenanceLastDate: 'maintenanceLastDate',
};

/** Fields holding identifiers, read as text even when a spreadsheet made a number of them. */
const identifierFields = new Set<ImportFieldId>(['l_idAed', 'l_externalSourceId', 'd_cabinetId', 'd_serialNumber']);

/** A compiled mapping: for each mapped field, the column index it reads. */
export interface CompiledMapping {
  columns: { field: ImportFieldId; index: number; label: string; cellAddress: string }[];
  keyField: ImportFieldId;
  keyIndex: number;
}

/** Resolves a saved mapping against the file header (entries are matched by cell address). */
export function compileMapping(header: HeaderCell[], config: FieldMapConfig): CompiledMapping {
  const indexOf = new Map(header.map((cell, index) => [cell.cellAddress, index]));
  const columns: CompiledMapping['columns'] = [];
  let keyField: ImportFieldId | undefined;
  let keyIndex = -1;
  for (const entry of config) {
    const index = indexOf.get(entry.key);
    if (index === undefined || !entry.field) continue;
    const field = entry.field as ImportFieldId;
    columns.push({ field, index, label: header[index].value || entry.key, cellAddress: entry.key });
    if (entry.primaryKey) {
      keyField = field;
      keyIndex = index;
    }
  }
  if (!keyField) throw new Error('mapping without primary key');
  return { columns, keyField, keyIndex };
}

class InvalidCell extends Error {
  constructor(
    readonly column: string,
    readonly cellAddress: string,
    readonly value: string,
  ) {
    super('invalid cell');
  }
}

/**
 * Reads one file row through the mapping. An empty cell asks for no change; a cell that cannot be
 * read for its field makes the row fail with invalid-value naming the column.
 */
export function planRow(mapping: CompiledMapping, row: number, cells: string[], accountCountry: string): RowPlan {
  const plan: RowPlan = {
    row,
    key: read.identifierText((cells[mapping.keyIndex] ?? '').trim()),
    toDelete: false,
    values: {},
    address: { country: accountCountry },
    duplicateFlag: false,
    warnings: [],
    hoursGiven: false,
  };
  try {
    readCells(mapping, cells, plan);
  } catch (error) {
    if (!(error instanceof InvalidCell)) throw error;
    plan.error = {
      key: importRowMessages.invalidValue,
      details: { column: error.column, cellAddress: error.cellAddress, value: error.value.slice(0, 200) },
    };
  }
  return plan;
}

function readCells(mapping: CompiledMapping, cells: string[], plan: RowPlan): void {
  const cell: Partial<Record<ImportFieldId, string>> = {};
  for (const column of mapping.columns) {
    const text = (cells[column.index] ?? '').trim();
    // An identifier a spreadsheet stored as a number comes back as "6.0": the file meant "6".
    const value = identifierFields.has(column.field) ? read.identifierText(text) : text;
    if (value !== '') cell[column.field] = value;
  }
  const invalid = (field: ImportFieldId): never => {
    const column = mapping.columns.findLast((entry) => entry.field === field)!;
    throw new InvalidCell(column.label, column.cellAddress, cell[field] ?? '');
  };
  const values = plan.values;
  const country = cell.l_country ? (read.parseCountry(cell.l_country) ?? invalid('l_country')) : undefined;
  if (country) values.country = country;
  const countryOrDefault = country ?? plan.address.country;
  plan.address.country = countryOrDefault;

  for (const [field, column] of Object.entries(textColumns) as [ImportFieldId, keyof AedValues][]) {
    const text = cell[field];
    if (text === undefined) continue;
    const max = (importFields[field] as { max?: number }).max ?? 255;
    if (text.length > max) invalid(field);
    (values as Record<string, unknown>)[column] = text;
  }
  for (const [field, column] of Object.entries(dateColumns) as [ImportFieldId, keyof AedValues][]) {
    if (cell[field] === undefined) continue;
    (values as Record<string, unknown>)[column] = read.parseDate(cell[field]!) ?? invalid(field);
  }

  // Address: number and street in one column of the register; capitals calmed.
  if (cell.l_address !== undefined) {
    const street = read.calmCapitals(cell.l_address);
    const address = cell.l_streetNumber ? `${cell.l_streetNumber} ${street}` : street;
    if (address.length > 255) invalid('l_address');
    values.address = address;
    plan.address.street = address;
  }
  if (cell.l_city !== undefined) {
    if (cell.l_city.length > 120) invalid('l_city');
    values.city = read.calmCapitals(cell.l_city);
    plan.address.city = values.city;
  }
  if (cell.l_zipCode !== undefined) {
    if (cell.l_zipCode.length > 20) invalid('l_zipCode');
    // A French postcode read as a number lost its leading zero (1000 for 01000).
    values.zipCode = countryOrDefault === 'FR' && /^\d{4}$/.test(cell.l_zipCode) ? `0${cell.l_zipCode}` : cell.l_zipCode;
    plan.address.zipCode = values.zipCode;
  }

  // Coordinates: a pair of columns or one "lat, lon" column.
  if (cell.l_latLon !== undefined) {
    const pair = read.parseLatLon(cell.l_latLon) ?? invalid('l_latLon');
    values.lat = pair.lat;
    values.lon = pair.lon;
  } else if (cell.l_lat !== undefined || cell.l_lon !== undefined) {
    const lat = cell.l_lat !== undefined ? (read.parseNumber(cell.l_lat) ?? invalid('l_lat')) : undefined;
    const lon = cell.l_lon !== undefined ? (read.parseNumber(cell.l_lon) ?? invalid('l_lon')) : undefined;
    if (lat !== undefined && (lat < -90 || lat > 90)) invalid('l_lat');
    if (lon !== undefined && (lon < -180 || lon > 180)) invalid('l_lon');
    // GeoDAE writes 0, 0 for "not located": no coordinates then.
    if (lat !== undefined && lon !== undefined && !(lat === 0 && lon === 0)) {
      values.lat = lat;
      values.lon = lon;
    }
  }
  if (cell.l_altitude !== undefined) {
    const altitude = read.parseNumber(cell.l_altitude) ?? invalid('l_altitude');
    if (altitude < -500 || altitude > 9000) invalid('l_altitude');
    values.altitude = altitude;
  }
  if (cell.l_position !== undefined) values.position = read.parsePosition(cell.l_position) ?? invalid('l_position');
  if (cell.l_accessibility !== undefined) values.accessibility = read.parseAccessibility(cell.l_accessibility) ?? invalid('l_accessibility');
  if (cell.l_itinerant !== undefined) values.itinerant = read.parseBoolean(cell.l_itinerant) ?? invalid('l_itinerant');
  if (cell.d_hasChildPads !== undefined) values.hasChildPads = read.parseBoolean(cell.d_hasChildPads) ?? invalid('d_hasChildPads');
  if (cell.d_maintenancePeriod !== undefined) values.maintenancePeriod = read.parseMonths(cell.d_maintenancePeriod) ?? invalid('d_maintenancePeriod');
  if (cell.d_maintenanceAlertType !== undefined) values.maintenanceAlertType = read.parseMaintenanceAlertType(cell.d_maintenanceAlertType) ?? invalid('d_maintenanceAlertType');
  if (cell.d_duplicateFlag !== undefined) plan.duplicateFlag = read.parseBoolean(cell.d_duplicateFlag) ?? invalid('d_duplicateFlag');

  if (cell.d_status !== undefined) {
    const status = read.parseStatus(cell.d_status) ?? invalid('d_status');
    if (status === 'deleted') plan.toDelete = true;
    else if (status !== 'unknown') plan.status = status;
  }
  if (cell.toDelete !== undefined) {
    const asked = read.parseBoolean(cell.toDelete);
    const status = asked === undefined ? read.parseStatus(cell.toDelete) : undefined;
    if (asked === undefined && status === undefined) invalid('toDelete');
    if (asked === true || status === 'deleted') plan.toDelete = true;
  }

  if (cell.d_brand !== undefined || cell.d_model !== undefined) {
    const match = matchCatalogue(cell.d_brand, cell.d_model);
    if (match.brand !== undefined) {
      if (match.brand.length > 100) invalid('d_brand');
      values.brand = match.brand;
    }
    if (match.model !== undefined) {
      if (match.model.length > 100) invalid('d_model');
      values.model = match.model;
    }
    if (match.unknownBrand) plan.warnings.push(importRowMessages.unknownBrand);
    if (match.unknownModel) plan.warnings.push(importRowMessages.unknownModel);
  }

  plan.hoursGiven = Object.keys(cell).some((field) => field.startsWith('o_'));
  readOpeningHours(cell, values, invalid);
  readOsmAndNote(cell, plan);
  readContact(cell, plan, countryOrDefault);
}

/** schema-dae "24h/24" complements mean always open; an OSM value goes through the opening_hours library. */
function readOsmAndNote(cell: Partial<Record<ImportFieldId, string>>, plan: RowPlan): void {
  const values = plan.values;
  const notes: string[] = [];
  if (cell.o_osm !== undefined) {
    const reading = readOsmHours(cell.o_osm);
    if (reading.kind === 'always') {
      values.alwaysOpened = true;
      values.openingHours = {};
    } else if (reading.kind === 'weekly') {
      const always = coversWholeWeek(reading.hours);
      values.alwaysOpened = always;
      values.openingHours = always ? {} : reading.hours;
    } else {
      plan.hoursGiven = false;
    }
    if (reading.kind !== 'always' && (reading.kind === 'unreadable' || reading.partial)) {
      notes.push(`opening_hours=${cell.o_osm}`);
      plan.warnings.push(reading.kind === 'unreadable' ? importRowMessages.hoursUnreadable : importRowMessages.hoursPartlyRead);
    }
  }
  if (cell.o_note !== undefined) {
    // A note that is a whole week of ranges (as the GeoDAE declaration writes hours its vocabulary cannot say) is the hours.
    const week = /\d/.test(cell.o_note) ? read.parseWeekRanges(cell.o_note) : undefined;
    if (read.meansAlwaysOpen(cell.o_note)) values.alwaysOpened = true;
    else if (week && Object.keys(week).length > 0) {
      values.alwaysOpened = false;
      values.openingHours = week;
    } else notes.push(cell.o_note);
  }
  if (notes.length > 0) plan.hoursNote = notes.join(' · ').slice(0, 1000);
}

function readOpeningHours(cell: Partial<Record<ImportFieldId, string>>, values: Partial<AedValues>, invalid: (field: ImportFieldId) => never): void {
  if (cell.o_days !== undefined || cell.o_hours !== undefined) {
    const days = cell.o_days !== undefined ? (read.parseDays(cell.o_days) ?? invalid('o_days')) : undefined;
    const hours = cell.o_hours !== undefined ? (read.parseHours(cell.o_hours) ?? invalid('o_hours')) : undefined;
    if (days?.known && hours?.known) {
      const fullDay = hours.value.length === 1 && hours.value[0].open === '00:00' && hours.value[0].close === '24:00';
      if (fullDay && days.value.length === 7) {
        values.alwaysOpened = true;
        values.openingHours = {};
      } else {
        values.alwaysOpened = false;
        values.openingHours = Object.fromEntries(days.value.map((day) => [String(day), hours.value.map((range) => ({ ...range }))]));
      }
    }
  }
  if (cell.o_week !== undefined) {
    const text = cell.o_week.trim();
    if (/^(24\s*\/\s*7|24h\/24\s*7j\/7|7j\/7\s*24h\/24)$/i.test(text)) {
      values.alwaysOpened = true;
    } else {
      values.openingHours = read.parseWeekRanges(text) ?? invalid('o_week');
      values.alwaysOpened = false;
    }
  }
  const dayCells = weekdayFieldIds.map((field) => cell[field]);
  if (dayCells.some((text) => text !== undefined)) {
    const hours: OpeningHours = {};
    dayCells.forEach((text, index) => {
      if (text === undefined) return;
      const ranges = read.parseDayRanges(text) ?? invalid(weekdayFieldIds[index]);
      if (ranges.length > 0) hours[String(index + 1) as keyof OpeningHours] = ranges;
    });
    const always = weekdayFieldIds.every((_field, index) => {
      const ranges = hours[String(index + 1) as keyof OpeningHours];
      return ranges?.length === 1 && ranges[0].open === '00:00' && ranges[0].close === '24:00';
    });
    values.alwaysOpened = always;
    values.openingHours = always ? {} : hours;
  }
  if (cell.o_alwaysOpened !== undefined) {
    values.alwaysOpened = read.parseBoolean(cell.o_alwaysOpened) ?? invalid('o_alwaysOpened');
  }
}

function readContact(cell: Partial<Record<ImportFieldId, string>>, plan: RowPlan, country: string): void {
  const any = ['c_firstName', 'c_lastName', 'c_company', 'c_function', 'c_phone', 'c_email', 'c_contactType', 'c_siren'].some((field) => cell[field as ImportFieldId] !== undefined);
  if (!any) return;
  const phone = cell.c_phone ? read.parsePhone(cell.c_phone, country) : undefined;
  const email = cell.c_email ? read.parseEmail(cell.c_email) : undefined;
  const contactType = (cell.c_contactType && read.parseContactType(cell.c_contactType)) || (cell.c_company && !cell.c_lastName ? 'operator' : 'supervisor');
  const lastName = (cell.c_lastName ?? cell.c_company ?? '').slice(0, 100);
  const typeLabel = aedContactTypeOptions.find((option) => option.value === contactType)?.labels;
  const contact: ContactValues = {
    firstName: (cell.c_firstName ?? '').slice(0, 100),
    lastName,
    function: (cell.c_function ?? (country === 'FR' ? typeLabel?.fr : typeLabel?.en) ?? contactType).slice(0, 120),
    phoneCode: phone?.phoneCode ?? null,
    phone: phone?.phone ?? null,
    email: email ?? null,
    contactType,
  };
  const siren = cell.c_siren?.replace(/\s/g, '');
  if (siren && isValidSiren(siren)) contact.siren = siren;
  const unreadable = (cell.c_phone !== undefined && !phone) || (cell.c_email !== undefined && !email) || (siren !== undefined && !contact.siren);
  // An operator company alone (GeoDAE expt_rais with no phone or e-mail) is kept: it says who runs the AED.
  const companyOnly = contactType === 'operator' && lastName !== '' && !contact.phone && !contact.email && !unreadable;
  if (!companyOnly && (lastName === '' || (!contact.phone && !contact.email) || unreadable)) plan.warnings.push(importRowMessages.contactIncomplete);
  if (lastName !== '' && (contact.phone || contact.email || companyOnly)) {
    plan.contact = contact;
    plan.contactGiven = givenContactFields(cell);
  }
}

/** The contact fields a row's cells give; the contact type counts when named or implied by a company alone. */
function givenContactFields(cell: Partial<Record<ImportFieldId, string>>): (keyof ContactValues)[] {
  const given: (keyof ContactValues)[] = [];
  if (cell.c_firstName !== undefined) given.push('firstName');
  if (cell.c_lastName !== undefined || cell.c_company !== undefined) given.push('lastName');
  if (cell.c_function !== undefined) given.push('function');
  if (cell.c_phone !== undefined) given.push('phoneCode', 'phone');
  if (cell.c_email !== undefined) given.push('email');
  if (cell.c_contactType !== undefined || (cell.c_company !== undefined && cell.c_lastName === undefined)) given.push('contactType');
  if (cell.c_siren !== undefined) given.push('siren');
  return given;
}
