import { open, readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { PMTiles, TileType, type RangeResponse, type Source } from 'pmtiles';
import type { Config } from '../../config';

/** The offline basemap Vigil serves: a PMTiles v3 archive of vector tiles on the local disk. */
export interface TileArchive {
  path: string;
  size: number;
  minZoom: number;
  maxZoom: number;
  /** West, south, east, north in degrees. */
  bounds: [number, number, number, number];
  /** The archive's own credit (its metadata's `attribution`), as the data's licence asks. */
  attribution: string;
}

/** Why an archive named or found is not served; main.ts logs it and the map falls back. */
export class ArchiveProblem extends Error {}

/** Reads byte ranges of a local file for the pmtiles reader (which only knows fetch and browser Files). */
class LocalFileSource implements Source {
  constructor(private readonly path: string) {}
  getKey(): string {
    return this.path;
  }
  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    const file = await open(this.path, 'r');
    try {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await file.read(buffer, 0, length, offset);
      return { data: buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + bytesRead) as ArrayBuffer };
    } finally {
      await file.close();
    }
  }
}

/** The archive to serve: TILE_PMTILES, else the first `*.pmtiles` of DATA_DIR (by name); none when neither. */
export async function locateArchive(config: Pick<Config, 'TILE_PMTILES' | 'DATA_DIR'>): Promise<string | undefined> {
  if (config.TILE_PMTILES) return resolve(config.TILE_PMTILES);
  const names = await readdir(config.DATA_DIR).catch(() => [] as string[]);
  const archive = names.filter((name) => name.toLowerCase().endsWith('.pmtiles')).sort()[0];
  return archive ? resolve(join(config.DATA_DIR, archive)) : undefined;
}

/** Opens and checks an archive: a readable PMTiles v3 file of vector (MVT) tiles, as protomaps-leaflet draws. */
export async function readArchive(path: string): Promise<TileArchive> {
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile()) throw new ArchiveProblem(`${path} is not a readable file`);
  const archive = new PMTiles(new LocalFileSource(path));
  const header = await archive.getHeader().catch((error: Error) => {
    throw new ArchiveProblem(`${path} is not a PMTiles v3 archive (${error.message})`);
  });
  if (header.tileType !== TileType.Mvt) throw new ArchiveProblem(`${path} holds tile type ${header.tileType}, not vector tiles (MVT)`);
  const metadata = (await archive.getMetadata().catch(() => ({}))) as { attribution?: unknown };
  return {
    path,
    size: info.size,
    minZoom: header.minZoom,
    maxZoom: header.maxZoom,
    bounds: [header.minLon, header.minLat, header.maxLon, header.maxLat],
    attribution: typeof metadata.attribution === 'string' ? metadata.attribution : '',
  };
}
