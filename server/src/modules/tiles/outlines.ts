import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { projectFile } from '../../project-files';

/** A commune name at its centre: [INSEE code, name, lon, lat, population]. */
type CommunePoint = [string, string, number, number, number];

interface OutlineFile {
  areas: unknown;
  communes: CommunePoint[];
}

/** The outlines the maps fall back on (built by scripts/outlines-build.ts), read once, kept ready to send. */
export interface Outlines {
  /** `{ data }` of the areas GeoJSON (countries, départements), as JSON and gzipped. */
  areas: { json: Buffer; gzip: Buffer };
  /** The commune names inside a box, most populated first, at most `limit`. */
  communesIn(box: { west: number; south: number; east: number; north: number }, limit: number): CommunePoint[];
}

let loaded: Promise<Outlines> | undefined;

/** Reads outlines.json once per process (1.4 MB; only maps without street tiles ask for it). */
export function outlines(): Promise<Outlines> {
  loaded ??= readFile(projectFile('server/src/modules/tiles/outlines.json'), 'utf8').then((text) => {
    const file = JSON.parse(text) as OutlineFile;
    const json = Buffer.from(JSON.stringify({ data: file.areas }));
    return {
      areas: { json, gzip: gzipSync(json) },
      communesIn: (box, limit) =>
        file.communes.filter(([, , lon, lat]) => lon >= box.west && lon <= box.east && lat >= box.south && lat <= box.north).slice(0, limit),
    };
  });
  return loaded;
}
