/**
 * The AED fields a file column can be mapped to (spec §3 "AED import fields"): prefix l_ location,
 * d_ device, c_ contact, o_ opening hours, plus toDelete. The mapping screen lists them; the server
 * reads each mapped cell with the parser of its kind.
 */

/** How a cell is read. */
export type ImportFieldKind =
  | 'text'
  | 'number'
  | 'boolean'
  | 'date'
  /** "45.77, 3.08", "45,77 ; 3,08", "POINT(3.08 45.77)". */
  | 'latLon'
  /** Intérieur / Extérieur, indoor / outdoor, 1 / 2. */
  | 'position'
  /** public / privé, 1 / 2, or a free-access boolean (acc_lib: oui → public). */
  | 'accessibility'
  /** Country name or ISO code → ISO 3166-1 alpha-2. */
  | 'country'
  /** GeoDAE / schema-dae days: "{lundi,mardi}", "lundi|mardi", "7j/7". */
  | 'days'
  /** GeoDAE / schema-dae hours: `{"heures ouvrables"}`, "24h/24", "heures de nuit". */
  | 'hours'
  /** The ranges of one weekday: "08:00-12:00, 14:00-18:00", "8h-18h", "fermé", "24h/24". */
  | 'dayRanges'
  /** A whole week in one cell, as Vigil's export writes it: "1: 08:00-18:00 | 2: …". */
  | 'weekRanges'
  /** Availability: available, inMaintenance, unavailable, or the GeoDAE etat_fonct words. */
  | 'status'
  /** An OpenStreetMap `opening_hours` value: "24/7", "Mo-Fr 08:00-18:00; Sa 09:00-12:00; PH off". */
  | 'osmHours'
  /** A free-text complement of the hours (schema-dae disp_complt): "24h/24" means always open, other text is kept. */
  | 'hoursNote'
  /** Months between maintenances: "6", "Tous les 6 mois", "annuelle". */
  | 'months'
  | 'maintenanceAlertType'
  | 'phone'
  | 'email'
  /** A French company number: 9 digits, Luhn-checked (schema-dae expt_siren). */
  | 'siren'
  | 'contactType';

export type ImportFieldGroup = 'location' | 'device' | 'contact' | 'openingHours' | 'delete';

export interface ImportFieldDefinition {
  kind: ImportFieldKind;
  group: ImportFieldGroup;
  /** Longest accepted text. */
  max?: number;
  /**
   * The field can be the primary key of the mapping. `insertsWhenMissing`: a key value that matches
   * no AED inserts a new one (false for identifiers only Vigil hands out: the row is "AED not found").
   */
  key?: { insertsWhenMissing: boolean };
}

/** Every import field, in the order the mapping screen lists them. */
export const importFields = {
  l_name: { kind: 'text', group: 'location', max: 255, key: { insertsWhenMissing: true } },
  l_streetNumber: { kind: 'text', group: 'location', max: 20 },
  l_address: { kind: 'text', group: 'location', max: 255 },
  l_address2: { kind: 'text', group: 'location', max: 255 },
  l_building: { kind: 'text', group: 'location', max: 120 },
  l_floor: { kind: 'text', group: 'location', max: 40 },
  l_zipCode: { kind: 'text', group: 'location', max: 20 },
  l_city: { kind: 'text', group: 'location', max: 120 },
  l_state: { kind: 'text', group: 'location', max: 120 },
  l_country: { kind: 'country', group: 'location' },
  l_description: { kind: 'text', group: 'location', max: 4000 },
  l_lat: { kind: 'number', group: 'location' },
  l_lon: { kind: 'number', group: 'location' },
  l_latLon: { kind: 'latLon', group: 'location' },
  l_altitude: { kind: 'number', group: 'location' },
  l_position: { kind: 'position', group: 'location' },
  l_accessibility: { kind: 'accessibility', group: 'location' },
  l_itinerant: { kind: 'boolean', group: 'location' },
  l_udid: { kind: 'text', group: 'location', max: 64, key: { insertsWhenMissing: false } },
  l_idAed: { kind: 'text', group: 'location', max: 100, key: { insertsWhenMissing: true } },
  l_externalSourceId: { kind: 'text', group: 'location', max: 100, key: { insertsWhenMissing: true } },
  d_brand: { kind: 'text', group: 'device', max: 100 },
  d_model: { kind: 'text', group: 'device', max: 100 },
  d_softwareVersion: { kind: 'text', group: 'device', max: 60 },
  d_serialNumber: { kind: 'text', group: 'device', max: 100, key: { insertsWhenMissing: true } },
  d_installDate: { kind: 'date', group: 'device' },
  d_status: { kind: 'status', group: 'device' },
  d_inspectedBy: { kind: 'text', group: 'device', max: 200 },
  d_lastInspection: { kind: 'date', group: 'device' },
  d_padsLot: { kind: 'text', group: 'device', max: 100 },
  d_padsExpiration: { kind: 'date', group: 'device' },
  d_hasChildPads: { kind: 'boolean', group: 'device' },
  d_childPadsLot: { kind: 'text', group: 'device', max: 100 },
  d_childPadsExpiration: { kind: 'date', group: 'device' },
  d_batteryLot: { kind: 'text', group: 'device', max: 100 },
  d_batteryExpiration: { kind: 'date', group: 'device' },
  d_padsPackLot: { kind: 'text', group: 'device', max: 100 },
  d_padsPackExpiration: { kind: 'date', group: 'device' },
  d_maintenanceAlertType: { kind: 'maintenanceAlertType', group: 'device' },
  d_maintenancePeriod: { kind: 'months', group: 'device' },
  d_maintenanceLastDate: { kind: 'date', group: 'device' },
  d_cabinetId: { kind: 'text', group: 'device', max: 100, key: { insertsWhenMissing: true } },
  d_privateComment: { kind: 'text', group: 'device', max: 4000 },
  d_sourceInfo: { kind: 'text', group: 'device', max: 2000 },
  /** The national base's own duplicate flag (GeoDAE c_doublon): such a row needs a force. */
  d_duplicateFlag: { kind: 'boolean', group: 'device' },
  c_firstName: { kind: 'text', group: 'contact', max: 100 },
  c_lastName: { kind: 'text', group: 'contact', max: 100 },
  /** A company (GeoDAE exploitant): the contact's last name when no person is named. */
  c_company: { kind: 'text', group: 'contact', max: 100 },
  c_function: { kind: 'text', group: 'contact', max: 120 },
  c_phone: { kind: 'phone', group: 'contact' },
  c_email: { kind: 'email', group: 'contact' },
  /** The operator company's SIREN (GeoDAE expt_siren). */
  c_siren: { kind: 'siren', group: 'contact' },
  c_contactType: { kind: 'contactType', group: 'contact' },
  o_alwaysOpened: { kind: 'boolean', group: 'openingHours' },
  o_days: { kind: 'days', group: 'openingHours' },
  o_hours: { kind: 'hours', group: 'openingHours' },
  o_week: { kind: 'weekRanges', group: 'openingHours' },
  o_osm: { kind: 'osmHours', group: 'openingHours' },
  o_note: { kind: 'hoursNote', group: 'openingHours' },
  o_monday: { kind: 'dayRanges', group: 'openingHours' },
  o_tuesday: { kind: 'dayRanges', group: 'openingHours' },
  o_wednesday: { kind: 'dayRanges', group: 'openingHours' },
  o_thursday: { kind: 'dayRanges', group: 'openingHours' },
  o_friday: { kind: 'dayRanges', group: 'openingHours' },
  o_saturday: { kind: 'dayRanges', group: 'openingHours' },
  o_sunday: { kind: 'dayRanges', group: 'openingHours' },
  toDelete: { kind: 'boolean', group: 'delete' },
} as const satisfies Record<string, ImportFieldDefinition>;

export type ImportFieldId = keyof typeof importFields;
export const importFieldIds = Object.keys(importFields) as ImportFieldId[];

/** Fields that may be the primary key of a mapping. */
export const importKeyFieldIds = importFieldIds.filter((id) => 'key' in importFields[id]);

/** Weekday fields in order, Monday (1) to Sunday (7). */
export const weekdayFieldIds = ['o_monday', 'o_tuesday', 'o_wednesday', 'o_thursday', 'o_friday', 'o_saturday', 'o_sunday'] as const;

/** i18n key of a field's label on the mapping screen. */
export function importFieldLabelKey(id: ImportFieldId): string {
  return `import.field.${id}`;
}
