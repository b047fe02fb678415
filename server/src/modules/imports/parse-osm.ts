/**
 * OpenStreetMap files of defibrillators: GeoJSON (as Overpass Turbo or `osmtogeojson` export it)
 * and Overpass JSON (`[out:json]`, nodes with lat/lon, ways and relations with `out center`).
 * Each `emergency=defibrillator` feature becomes a row under a fixed header that the `osm` preset
 * maps; other features are skipped. OSM words the register reads otherwise are translated here
 * (indoor=yes → indoor, access=customers → public), the other tags are kept as they are.
 */
import type { HeaderCell } from '../../../../contract/import.schemas';
import { cellAddress } from './parse-protocol';

/** The columns of an OSM file, in order; the `osm` preset in presets.ts names the same. */
export const osmColumns = [
  'osm id',
  'name',
  'lat',
  'lon',
  'defibrillator:location',
  'access',
  'indoor',
  'level',
  'opening_hours',
  'operator',
  'phone',
  'ref',
  'addr:housenumber',
  'addr:street',
  'addr:postcode',
  'addr:city',
] as const;

export const osmHeader: HeaderCell[] = osmColumns.map((value, index) => ({ cellAddress: cellAddress(0, index), value }));

type Tags = Record<string, string | undefined>;
interface Feature {
  id: string;
  lat: number;
  lon: number;
  tags: Tags;
}

export type OsmFormat = 'geojson' | 'overpass';

/** The format of a parsed JSON document, or null when it is neither GeoJSON nor Overpass JSON. */
export function osmFormatOf(document: unknown): OsmFormat | null {
  if (!document || typeof document !== 'object') return null;
  const value = document as { type?: unknown; features?: unknown; elements?: unknown };
  if (value.type === 'FeatureCollection' && Array.isArray(value.features)) return 'geojson';
  if (Array.isArray(value.elements)) return 'overpass';
  return null;
}

/** The rows of the defibrillators of an OSM document (the row number is the feature's place, from 2). */
export function osmRows(document: unknown, format: OsmFormat): { row: number; cells: string[] }[] {
  const features = format === 'geojson' ? geojsonFeatures(document) : overpassFeatures(document);
  return features.filter((feature) => feature.tags.emergency === 'defibrillator').map((feature, index) => ({ row: index + 2, cells: cellsOf(feature) }));
}

const indoorWords: Record<string, string> = { yes: 'indoor', no: 'outdoor', true: 'indoor', false: 'outdoor' };
const accessWords: Record<string, string> = { yes: 'public', public: 'public', permissive: 'public', customers: 'public', designated: 'public', private: 'private', no: 'private', employees: 'private', staff: 'private', members: 'private' };

function cellsOf(feature: Feature): string[] {
  const tags = feature.tags;
  const translated: Record<string, string | undefined> = {
    'osm id': feature.id,
    lat: String(feature.lat),
    lon: String(feature.lon),
    indoor: tags.indoor === undefined ? undefined : (indoorWords[tags.indoor] ?? (/^(room|area|corridor|level)$/.test(tags.indoor) ? 'indoor' : tags.indoor)),
    access: tags.access === undefined ? undefined : (accessWords[tags.access] ?? tags.access),
    phone: tags.phone ?? tags['contact:phone'] ?? tags['emergency:phone'],
    'defibrillator:location': tags['defibrillator:location'] ?? tags['defibrillator:location:fr'] ?? tags.description,
  };
  return osmColumns.map((column) => (column in translated ? translated[column] : tags[column]) ?? '');
}

function geojsonFeatures(document: unknown): Feature[] {
  const features = (document as { features: unknown[] }).features;
  const out: Feature[] = [];
  for (const item of features) {
    const feature = item as { id?: unknown; properties?: Record<string, unknown> | null; geometry?: { type?: string; coordinates?: unknown } | null };
    const properties = feature.properties ?? {};
    // osmtogeojson nests the tags under properties.tags; Overpass Turbo flattens them beside @id.
    const nested = properties.tags && typeof properties.tags === 'object' ? (properties.tags as Record<string, unknown>) : {};
    const tags = stringTags({ ...properties, ...nested });
    const point = centre(feature.geometry);
    const id = String(feature.id ?? properties['@id'] ?? properties.id ?? '');
    if (!point) continue;
    out.push({ id: normaliseId(id, String(properties.type ?? '')), lat: point[1], lon: point[0], tags });
  }
  return out;
}

function overpassFeatures(document: unknown): Feature[] {
  const out: Feature[] = [];
  for (const item of (document as { elements: unknown[] }).elements) {
    const element = item as { type?: string; id?: number; lat?: number; lon?: number; center?: { lat: number; lon: number }; tags?: Record<string, unknown> };
    const lat = element.lat ?? element.center?.lat;
    const lon = element.lon ?? element.center?.lon;
    if (typeof lat !== 'number' || typeof lon !== 'number' || !element.tags) continue;
    out.push({ id: `${element.type ?? 'node'}/${element.id ?? ''}`, lat, lon, tags: stringTags(element.tags) });
  }
  return out;
}

/** "node/123" whatever the exporter wrote ("node/123", a bare 123 with a type property). */
function normaliseId(id: string, type: string): string {
  if (/^(node|way|relation)\/\d+$/.test(id)) return id;
  if (/^\d+$/.test(id)) return `${type || 'node'}/${id}`;
  return id;
}

function stringTags(values: Record<string, unknown>): Tags {
  const tags: Tags = {};
  for (const [key, value] of Object.entries(values)) if (typeof value === 'string' || typeof value === 'number') tags[key] = String(value).trim();
  return tags;
}

/** A point's coordinates, or the mean of a line's or polygon's outer ring (an AED mapped as a small area). */
function centre(geometry: { type?: string; coordinates?: unknown } | null | undefined): [number, number] | null {
  if (!geometry) return null;
  const c = geometry.coordinates;
  const points: number[][] =
    geometry.type === 'Point' ? [c as number[]] : geometry.type === 'LineString' || geometry.type === 'MultiPoint' ? (c as number[][]) : geometry.type === 'Polygon' ? ((c as number[][][])[0] ?? []) : [];
  const valid = points.filter((point) => Array.isArray(point) && typeof point[0] === 'number' && typeof point[1] === 'number');
  if (valid.length === 0) return null;
  const lon = valid.reduce((sum, point) => sum + point[0], 0) / valid.length;
  const lat = valid.reduce((sum, point) => sum + point[1], 0) / valid.length;
  return [lon, lat];
}
