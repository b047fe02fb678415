import { earthRadiusMetres } from './earth';

/** Metres in a degree of latitude, on the earth of the server's SQL distances. */
export const metresPerDegree = (earthRadiusMetres * Math.PI) / 180;

/**
 * The coverage map's grid over an area: square cells of `cellMetres`, column `ix` eastward and row
 * `iy` northward from the south-west corner. Distances within an area use the local flat projection
 * at its middle latitude (`metresPerLon`): under a metre's error over the kilometre a walk covers.
 */
export interface CoverageGrid {
  south: number;
  west: number;
  cellMetres: number;
  /** Metres in a degree of longitude at the area's middle latitude. */
  metresPerLon: number;
  cols: number;
  rows: number;
}

/** A level-`level` cell groups 2^level × 2^level cells of level 0 (the map zoomed out). */
export function cellBounds(grid: CoverageGrid, level: number, ix: number, iy: number): { south: number; west: number; north: number; east: number } {
  const size = grid.cellMetres * 2 ** level;
  const south = grid.south + (iy * size) / metresPerDegree;
  const west = grid.west + (ix * size) / grid.metresPerLon;
  return { south, west, north: south + size / metresPerDegree, east: west + size / grid.metresPerLon };
}

/** The centre of a level-0 cell. */
export function cellCentre(grid: CoverageGrid, ix: number, iy: number): { lat: number; lon: number } {
  const { south, west, north, east } = cellBounds(grid, 0, ix, iy);
  return { lat: (south + north) / 2, lon: (west + east) / 2 };
}

/** The level-0 cell a point falls in (possibly outside the grid). */
export function cellAt(grid: CoverageGrid, point: { lat: number; lon: number }): { ix: number; iy: number } {
  return { ix: Math.floor(((point.lon - grid.west) * grid.metresPerLon) / grid.cellMetres), iy: Math.floor(((point.lat - grid.south) * metresPerDegree) / grid.cellMetres) };
}

/** Most cells the map answers at once: the level is the finest that keeps a view under it. */
export const mapCellsMax = 4096;

/** Coarsest level kept. */
export const coarsestLevel = 6;

/** The finest level at which a view (in level-0 cells, cols × rows) holds at most mapCellsMax cells. */
export function levelFor(viewCols: number, viewRows: number): number {
  let level = 0;
  while (level < coarsestLevel && Math.ceil(viewCols / 2 ** level) * Math.ceil(viewRows / 2 ** level) > mapCellsMax) level += 1;
  return level;
}

/** What the map colours: the first responder's time, the AED's time, or only the cells where the AED is late. */
export type CoverageLayer = 'responder' | 'aed' | 'gaps';

/** The bounds of the map's view. */
export interface CoverageView {
  south: number;
  west: number;
  north: number;
  east: number;
}
