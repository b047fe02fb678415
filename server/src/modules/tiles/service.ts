import type { Basemap } from '../../../../contract/tiles.schemas';
import type { AppContext } from '../../context';
import { ArchiveProblem, locateArchive, readArchive, type TileArchive } from './archive';
import { safeAttribution } from './credit';
import { onlineAttribution } from './online';

/** Where the SPA reads the offline archive and the outlines. */
export const archivePath = '/tiles/basemap.pmtiles';
export const outlinesPath = '/tiles/outlines.json';
export const communesPath = '/tiles/communes.json';

const archives = new WeakMap<AppContext, Promise<TileArchive | null>>();

/**
 * The archive this server serves, looked for once at start: an archive that cannot be read is
 * logged and left out (the maps fall back), never a reason not to start a dispatch desk.
 */
export function archiveOf(ctx: AppContext): Promise<TileArchive | null> {
  let archive = archives.get(ctx);
  if (!archive) {
    archive = findArchive(ctx);
    archives.set(ctx, archive);
  }
  return archive;
}

async function findArchive(ctx: AppContext): Promise<TileArchive | null> {
  const path = await locateArchive(ctx.config);
  if (!path) return null;
  try {
    const archive = await readArchive(path);
    ctx.log.info({ path, maxZoom: archive.maxZoom, bounds: archive.bounds }, 'offline basemap served at %s', archivePath);
    return archive;
  } catch (error) {
    if (!(error instanceof ArchiveProblem)) throw error;
    ctx.log.warn({ path }, 'offline basemap not served: %s', error.message);
    return null;
  }
}

/** What the maps of the SPA draw (getExtraInfos' `basemap`). */
export async function basemapOf(ctx: AppContext): Promise<Basemap> {
  const { TILE_URL, TILE_ATTRIBUTION, TILE_MAX_ZOOM } = ctx.config;
  const archive = await archiveOf(ctx);
  return {
    archive: archive
      ? { url: archivePath, attribution: safeAttribution(archive.attribution), minZoom: archive.minZoom, maxZoom: archive.maxZoom, bounds: archive.bounds }
      : null,
    tileUrl: TILE_URL === 'none' ? null : TILE_URL,
    attribution: onlineAttribution(TILE_URL, TILE_ATTRIBUTION),
    maxZoom: TILE_MAX_ZOOM,
    outlinesUrl: outlinesPath,
    communesUrl: communesPath,
  };
}
