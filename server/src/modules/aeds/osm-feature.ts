import type { ImportFieldId } from '../../../../contract/import.fields';
import { writeOsmHours, osmFields } from '../imports/face';
import { addressParts, type GeoDaeSource } from './geodae-row';
import { vigilExternalId } from './register';

/**
 * One AED as a GeoJSON feature tagged for OpenStreetMap. The tags and the field each one holds are
 * the import's `osm` preset (imports/presets.ts), read backwards in the words parse-osm.ts
 * translates (indoor=yes/no, access=yes/private), with `opening_hours` in OSM syntax; so importing
 * the file finds the same AEDs. The feature's id is the AED's external id when it has one (an OSM
 * AED keeps its `node/123`), else `vigil/<udid>`.
 */

type OsmSource = Omit<GeoDaeSource, 'geoDaeMissing'>;

const tagWriters: Partial<Record<ImportFieldId, (aed: OsmSource) => string | null | undefined>> = {
  l_name: (aed) => aed.name,
  l_description: (aed) => aed.description,
  l_accessibility: (aed) => (aed.accessibility === 2 ? 'yes' : aed.accessibility === 1 ? 'private' : undefined),
  l_position: (aed) => (aed.position === 1 ? 'yes' : aed.position === 2 ? 'no' : undefined),
  l_floor: (aed) => aed.floor,
  o_osm: (aed) => writeOsmHours(aed.alwaysOpened, aed.openingHours),
  c_company: (aed) => aed.expt_rais,
  c_phone: (aed) => aed.expt_tel1,
  l_idAed: (aed) => aed.idAed,
  l_streetNumber: (aed) => addressParts(aed.address).number,
  l_address: (aed) => addressParts(aed.address).street,
  l_zipCode: (aed) => aed.zipCode,
  l_city: (aed) => aed.city,
};

/** Columns of the preset that are the feature's id and geometry, not tags. */
const placeColumns = new Set(['osm id', 'lat', 'lon']);

const tagColumns = Object.entries(osmFields).filter(([column]) => !placeColumns.has(column));
for (const [column, field] of tagColumns) if (!tagWriters[field]) throw new Error(`osm-feature: no writer for the tag ${column}`);

/** The GeoJSON feature of an AED. */
export function osmFeature(aed: OsmSource): Record<string, unknown> {
  const properties: Record<string, string> = { emergency: 'defibrillator' };
  for (const [column, field] of tagColumns) {
    const value = tagWriters[field]!(aed);
    if (value !== null && value !== undefined && value !== '') properties[column] = value;
  }
  return {
    type: 'Feature',
    id: aed.externalSourceId || vigilExternalId(aed.udid),
    geometry: { type: 'Point', coordinates: [aed.lon, aed.lat] },
    properties,
  };
}
