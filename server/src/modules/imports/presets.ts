import { importFields, type ImportFieldId } from '../../../../contract/import.fields';
import type { FieldMapConfig, HeaderCell, ImportPreset, ImportPresetId } from '../../../../contract/import.schemas';
import { exportColumns } from '../aeds/face';
import { osmColumns } from './parse-osm';
import { readOsmHours } from './osm-hours';
import { compact, parseLatLon, parseWeekRanges } from './values';

/**
 * Mapping presets recognised from a header: the national schema (schema-dae 1.0.7, as data.gouv.fr
 * publishes it), the public GeoDAE export (the same names prefixed c_), an OpenDataSoft portal's
 * export (its `Geo Point` / `geo_point_2d` and `Geo Shape` columns beside the dataset's own),
 * OpenStreetMap files (parse-osm.ts), Vigil's own AED export (in en, fr or de), and a generic
 * dictionary of the names people give columns in French, English and German. Header cells are
 * compared normalised (BOM, `#` markers, case, accents, spaces, `_` and other signs dropped). The
 * best-scoring preset is suggested; the user may change any line before saving the mapping.
 */

/** Column → field for a preset; null marks a known column that is not imported. */
type Columns = Record<string, ImportFieldId | null>;

interface PresetDefinition {
  id: ImportPresetId;
  columns: Columns;
  /** Primary key candidates, best first. */
  keys: ImportFieldId[];
  /** A column the header must hold for the preset to be considered (normalised name). */
  requires?: string;
}

/**
 * schema-dae 1.0.7 properties, in the schema's order, and what Vigil does with each. The GeoDAE
 * declaration (aeds/geodae-row.ts) writes the same columns back from the same fields.
 */
export const schemaDaeColumns: Columns = {
  nom: 'l_name',
  lat_coor1: 'l_lat',
  long_coor1: 'l_lon',
  adr_num: 'l_streetNumber',
  adr_voie: 'l_address',
  com_cp: 'l_zipCode',
  com_insee: null,
  com_nom: 'l_city',
  acc: 'l_position',
  acc_lib: 'l_accessibility',
  acc_pcsec: null,
  acc_acc: null,
  dae_mobile: 'l_itinerant',
  acc_etg: 'l_floor',
  acc_complt: 'l_description',
  photo1: null,
  photo2: null,
  disp_j: 'o_days',
  disp_h: 'o_hours',
  disp_complt: 'o_note',
  tel1: null,
  tel2: null,
  site_email: null,
  date_instal: 'd_installDate',
  etat: 'toDelete',
  etat_fonct: 'd_status',
  fab_siren: null,
  fab_rais: 'd_brand',
  mnt_siren: null,
  mnt_rais: 'd_inspectedBy',
  modele: 'd_model',
  num_serie: 'd_serialNumber',
  id_euro: null,
  lc_ped: 'd_hasChildPads',
  dtpr_lcped: 'd_childPadsExpiration',
  dtpr_lcad: 'd_padsExpiration',
  dtpr_bat: 'd_batteryExpiration',
  freq_mnt: 'd_maintenancePeriod',
  dispsurv: null,
  dermnt: 'd_maintenanceLastDate',
  expt_siren: 'c_siren',
  expt_siret: null,
  expt_rais: 'c_company',
  expt_tel1: 'c_phone',
  expt_tel2: null,
  expt_email: 'c_email',
};

/** The GeoDAE open-data export: schema-dae names prefixed c_, its identifiers and bookkeeping columns. */
const geodaeColumns: Columns = {
  ...Object.fromEntries(Object.entries(schemaDaeColumns).map(([name, field]) => [`c_${name}`, field])),
  gid: null,
  c_gid: 'l_externalSourceId',
  c_xy_precis: null,
  c_id_adr: null,
  c_etat_valid: null,
  c_doublon: 'd_duplicateFlag',
  c__edit_datemaj: null,
  c_date_modif: null,
  c_lat_coor2: null,
  c_long_coor2: null,
};

/** Vigil's AED export columns (server/src/modules/aeds/export-columns.ts), by their English label. */
const vigilExportFields: Record<string, ImportFieldId | null> = {
  Udid: 'l_udid',
  'AED id': 'l_idAed',
  Name: 'l_name',
  Address: 'l_address',
  'Address line 2': 'l_address2',
  Building: 'l_building',
  Floor: 'l_floor',
  'Zip code': 'l_zipCode',
  City: 'l_city',
  'State / commune': 'l_state',
  Country: 'l_country',
  Latitude: 'l_lat',
  Longitude: 'l_lon',
  Altitude: 'l_altitude',
  'Position (1 indoor, 2 outdoor)': 'l_position',
  'Accessibility (1 private, 2 public)': 'l_accessibility',
  'Opening hours': 'o_week',
  Itinerant: 'l_itinerant',
  Description: 'l_description',
  Brand: 'd_brand',
  Model: 'd_model',
  'Software version': 'd_softwareVersion',
  'Serial number': 'd_serialNumber',
  'Install date': 'd_installDate',
  'Last inspection': 'd_lastInspection',
  'Inspected by': 'd_inspectedBy',
  'Pads lot': 'd_padsLot',
  'Pads expiration': 'd_padsExpiration',
  'Child pads': 'd_hasChildPads',
  'Child pads lot': 'd_childPadsLot',
  'Child pads expiration': 'd_childPadsExpiration',
  'Battery lot': 'd_batteryLot',
  'Battery expiration': 'd_batteryExpiration',
  'Pads pack lot': 'd_padsPackLot',
  'Pads pack expiration': 'd_padsPackExpiration',
  'Maintenance reminder': 'd_maintenanceAlertType',
  'Maintenance period (months)': 'd_maintenancePeriod',
  'Last maintenance': 'd_maintenanceLastDate',
  'Cabinet id': 'd_cabinetId',
  Availability: 'd_status',
  'Private comment': 'd_privateComment',
  'Source information': 'd_sourceInfo',
  'External id': 'l_externalSourceId',
};

/** Every label of the export in en, fr and de → field (columns with no import field are known but ignored). */
function vigilExportColumns(): Columns {
  const columns: Columns = {};
  for (const [labels] of exportColumns) {
    const field = vigilExportFields[labels[0]] ?? null;
    for (const label of labels) columns[label] = field;
  }
  return columns;
}

/** Names people give columns, in French, English and German, compacted (letters and digits only). */
const genericAliases: Partial<Record<ImportFieldId, string[]>> = {
  l_name: ['nom', 'name', 'nomdudae', 'nomdae', 'nomdusite', 'designation', 'libelle', 'intitule', 'etablissement', 'bezeichnung', 'site', 'lieu'],
  l_streetNumber: ['numero', 'num', 'no', 'n', 'numerodevoie', 'numerovoie', 'hausnummer', 'adrnum'],
  l_address: ['adresse', 'address', 'rue', 'voie', 'adressepostale', 'street', 'strasse', 'adresseligne1', 'adrvoie', 'adressedudae'],
  l_address2: ['complementdadresse', 'complementadresse', 'adresse2', 'address2', 'adresseligne2', 'adresszusatz'],
  l_building: ['batiment', 'building', 'gebaude'],
  l_floor: ['etage', 'floor', 'niveau', 'stockwerk'],
  l_zipCode: ['codepostal', 'cp', 'zip', 'zipcode', 'postalcode', 'postcode', 'plz', 'postleitzahl'],
  l_city: ['ville', 'commune', 'city', 'town', 'ort', 'localite', 'municipality', 'gemeinde'],
  l_state: ['region', 'departement', 'state', 'bundesland'],
  l_country: ['pays', 'country', 'land'],
  l_description: ['description', 'emplacement', 'localisation', 'informationsdacces', 'complementdacces', 'acces', 'beschreibung', 'precisions'],
  l_lat: ['latitude', 'lat', 'breitengrad', 'breite', 'latwgs84', 'latitudewgs84', 'ylat', 'geobreite'],
  l_lon: ['longitude', 'lon', 'lng', 'long', 'langengrad', 'lange', 'lonwgs84', 'longwgs84', 'longitudewgs84', 'xlong', 'xlon', 'geolange'],
  l_latLon: ['latlon', 'latlong', 'latlng', 'latitudelongitude', 'coordonnees', 'coordonneesgps', 'gps', 'positiongps', 'coordinates', 'koordinaten', 'geolocalisation'],
  l_position: ['interieurexterieur', 'environnement', 'indoor', 'lage', 'positioninterieureexterieure'],
  l_accessibility: ['accessibilite', 'accespublic', 'acceslibre', 'accessibility', 'zugang', 'public'],
  l_itinerant: ['itinerant', 'daemobile', 'mobil'],
  l_udid: ['udid'],
  l_idAed: ['iddae', 'identifiantdae', 'aedid', 'idaed', 'id', 'identifiant', 'ref', 'reference', 'objectid', 'recordid', 'idobjet'],
  l_externalSourceId: ['identifiantexterne', 'externalid', 'idexterne', 'gid'],
  d_brand: ['marque', 'brand', 'fabricant', 'manufacturer', 'hersteller', 'marke'],
  d_model: ['modele', 'model', 'modell', 'modeledudae'],
  d_softwareVersion: ['versionlogicielle', 'softwareversion', 'firmware'],
  d_serialNumber: ['numerodeserie', 'ndeserie', 'nodeserie', 'nserie', 'noserie', 'serie', 'serialnumber', 'serial', 'sn', 'seriennummer', 'numserie'],
  d_installDate: ['datedinstallation', 'dateinstallation', 'installdate', 'installationsdatum', 'miseenservice', 'datedemiseenservice'],
  d_status: ['etat', 'status', 'statut', 'etatdefonctionnement'],
  d_inspectedBy: ['inspectepar', 'mainteneur', 'inspectedby'],
  d_lastInspection: ['derniereinspection', 'dateinspection', 'derniercontrole', 'lastinspection', 'datedudernierecontrole'],
  d_padsLot: ['lotelectrodes', 'padslot'],
  d_padsExpiration: ['peremptionelectrodes', 'dateperemptionelectrodes', 'electrodes', 'padsexpiration', 'ablaufelektroden', 'electrodesadultes'],
  d_hasChildPads: ['electrodespediatriques', 'childpads', 'kinderelektroden'],
  d_childPadsExpiration: ['peremptionelectrodespediatriques', 'childpadsexpiration'],
  d_batteryLot: ['lotbatterie', 'batterylot'],
  d_batteryExpiration: ['peremptionbatterie', 'batterie', 'dateperemptionbatterie', 'batteryexpiration', 'ablaufakku'],
  d_maintenancePeriod: ['frequencedemaintenance', 'periodicite', 'maintenanceperiod'],
  d_maintenanceLastDate: ['dernieremaintenance', 'lastmaintenance', 'datedernieremaintenance'],
  d_cabinetId: ['armoire', 'idarmoire', 'cabinetid', 'boitier'],
  d_privateComment: ['commentaire', 'commentaireprive', 'comment', 'remarque', 'remarques', 'notes', 'bemerkung'],
  c_firstName: ['prenom', 'firstname', 'vorname', 'prenomcontact'],
  c_lastName: ['nomcontact', 'contact', 'lastname', 'nachname', 'referent', 'responsable'],
  c_company: ['exploitant', 'societe', 'organisme', 'company', 'betreiber', 'raisonsociale'],
  c_function: ['fonction', 'function', 'funktion'],
  c_phone: ['telephone', 'tel', 'phone', 'telefon', 'telcontact', 'portable'],
  c_email: ['email', 'mail', 'courriel', 'adressemail', 'emailcontact'],
  o_alwaysOpened: ['24h24', '247', '24h247j7', 'toujoursouvert', 'alwaysopened'],
  o_days: ['joursdedisponibilite', 'jours', 'days', 'dispj'],
  o_hours: ['heuresdedisponibilite', 'heures', 'hours', 'disph'],
  o_week: ['horaires', 'horairesdouverture', 'openinghours', 'offnungszeiten', 'disponibilite'],
  o_monday: ['lundi', 'monday', 'montag'],
  o_tuesday: ['mardi', 'tuesday', 'dienstag'],
  o_wednesday: ['mercredi', 'wednesday', 'mittwoch'],
  o_thursday: ['jeudi', 'thursday', 'donnerstag'],
  o_friday: ['vendredi', 'friday', 'freitag'],
  o_saturday: ['samedi', 'saturday', 'samstag'],
  o_sunday: ['dimanche', 'sunday', 'sonntag'],
  toDelete: ['asupprimer', 'supprimer', 'todelete', 'delete', 'suppression', 'loschen'],
};

const genericColumns: Columns = Object.fromEntries(
  Object.entries(genericAliases).flatMap(([field, names]) => names.map((name) => [name, field as ImportFieldId])),
);

/** OpenDataSoft's geographic columns, in its CSV exports (`Geo Point`, `## Geo Point`) and its API's names (`geo_point_2d`). */
const openDataSoftGeo: Columns = { geopoint: 'l_latLon', geopoint2d: 'l_latLon', geoshape: null, geoshape2d: null };

/**
 * The columns parse-osm.ts writes for an OpenStreetMap file, and their fields; `osm id` is the key.
 * The OpenStreetMap export (aeds/osm-feature.ts) writes the same tags back from the same fields.
 */
export const osmFields: Record<(typeof osmColumns)[number], ImportFieldId> = {
  'osm id': 'l_externalSourceId',
  name: 'l_name',
  lat: 'l_lat',
  lon: 'l_lon',
  'defibrillator:location': 'l_description',
  access: 'l_accessibility',
  indoor: 'l_position',
  level: 'l_floor',
  opening_hours: 'o_osm',
  operator: 'c_company',
  phone: 'c_phone',
  ref: 'l_idAed',
  'addr:housenumber': 'l_streetNumber',
  'addr:street': 'l_address',
  'addr:postcode': 'l_zipCode',
  'addr:city': 'l_city',
};

const presets: PresetDefinition[] = [
  { id: 'osm', columns: osmFields, keys: ['l_externalSourceId'], requires: 'osmid' },
  { id: 'geodae', columns: { ...geodaeColumns, ...openDataSoftGeo }, keys: ['l_externalSourceId', 'd_serialNumber'] },
  { id: 'schemaDae', columns: { ...schemaDaeColumns, ...openDataSoftGeo }, keys: ['d_serialNumber'] },
  { id: 'vigilExport', columns: vigilExportColumns(), keys: ['l_udid', 'd_serialNumber', 'l_externalSourceId', 'l_idAed'] },
];

const genericKeys: ImportFieldId[] = ['l_udid', 'd_serialNumber', 'l_externalSourceId', 'l_idAed', 'd_cabinetId', 'l_name'];

/** A header cell as presets compare it: BOM, `#` markers, case, accents, spaces, `_` and other signs dropped. */
export const headerName = (value: string) => compact(value);

/**
 * The field a header cell names in the generic dictionary; a pair of coordinates in one column is
 * checked on the sample, and an hours column written in OSM syntax is read as such.
 */
function genericField(value: string, samples: string[]): ImportFieldId | undefined {
  const name = headerName(value);
  const folded = value.toLowerCase();
  if (genericColumns[name] === 'o_week') {
    const filled = samples.filter((sample) => sample !== '');
    const osm = filled.length > 0 && filled.every((sample) => !parseWeekRanges(sample) && readOsmHours(sample).kind !== 'unreadable');
    return osm ? 'o_osm' : 'o_week';
  }
  const namesBoth = /lat/.test(folded) && /(lon|lng)/.test(folded);
  const field = genericColumns[name] ?? (namesBoth ? 'l_latLon' : undefined);
  if (field === 'l_latLon' || (field === undefined && /coord|gps|position/.test(folded))) {
    const filled = samples.filter((sample) => sample !== '');
    if (filled.length > 0 && filled.every((sample) => parseLatLon(sample))) return 'l_latLon';
    return field === 'l_latLon' && filled.length === 0 ? 'l_latLon' : undefined;
  }
  return field ?? undefined;
}

function configOf(header: HeaderCell[], fieldOf: (cell: HeaderCell, index: number) => ImportFieldId | null | undefined, keys: ImportFieldId[]) {
  const used = new Set<ImportFieldId>();
  let recognised = 0;
  const config: FieldMapConfig = header.map((cell, index) => {
    const field = cell.value === '' ? undefined : fieldOf(cell, index);
    if (field !== undefined) recognised += 1;
    const free = field && !used.has(field) ? field : null;
    if (free) used.add(free);
    return { key: cell.cellAddress, column: cell.value, field: free, primaryKey: false };
  });
  const key = keys.find((candidate) => used.has(candidate) && 'key' in importFields[candidate]);
  const keyEntry = key ? config.find((entry) => entry.field === key) : undefined;
  if (keyEntry) keyEntry.primaryKey = true;
  return { config, recognised };
}

/**
 * The preset that recognises the header best (at least 3 columns and half of the named ones), or
 * null. `samples` are the first data rows, used to tell a "lat, lon" column from another.
 */
export function recognisePreset(header: HeaderCell[], samples: string[][] = []): ImportPreset | null {
  const named = header.filter((cell) => cell.value !== '').length;
  if (named === 0) return null;
  const candidates: ImportPreset[] = [];
  const names = new Set(header.map((cell) => headerName(cell.value)));
  for (const preset of presets) {
    if (preset.requires && !names.has(preset.requires)) continue;
    const lookup = new Map(Object.entries(preset.columns).map(([name, field]) => [headerName(name), field]));
    const { config, recognised } = configOf(header, (cell) => lookup.get(headerName(cell.value)), preset.keys);
    candidates.push({ id: preset.id, score: recognised / named, fieldMapConfig: config });
  }
  const genericOf = (extra: Columns) => (cell: HeaderCell, index: number) => {
    const name = headerName(cell.value);
    return name in extra ? extra[name] : genericField(cell.value, samples.map((row) => row[index] ?? ''));
  };
  const generic = configOf(header, genericOf({}), genericKeys);
  candidates.push({ id: 'generic', score: generic.recognised / named, fieldMapConfig: generic.config });
  // An OpenDataSoft export: its Geo Point column places the AEDs, the dataset's columns are read by the dictionary.
  if (header.some((cell) => openDataSoftGeo[headerName(cell.value)] === 'l_latLon')) {
    const portal = configOf(header, genericOf(openDataSoftGeo), genericKeys);
    candidates.push({ id: 'openDataSoft', score: portal.recognised / named, fieldMapConfig: portal.config });
  }
  const eligible = candidates.filter((candidate) => candidate.score >= 0.5 && candidate.score * named >= Math.min(3, named));
  if (eligible.length === 0) return null;
  // A suggestion with a primary key beats one without; then the highest score; the specific presets
  // come first in the list, so they win ties.
  const hasKey = (preset: ImportPreset) => preset.fieldMapConfig.some((entry) => entry.primaryKey);
  return eligible.reduce((best, candidate) => {
    if (hasKey(candidate) !== hasKey(best)) return hasKey(candidate) ? candidate : best;
    return candidate.score > best.score + 1e-9 ? candidate : best;
  });
}
