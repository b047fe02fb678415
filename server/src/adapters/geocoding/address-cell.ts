/** Degrees per side of the grid cells the nearest-address look-up reads (about 1.1 km × 0.8 km in France). */
export const cellDegrees = 0.01;

/** The grid cell of a point: one integer per 0.01° square, indexed on address_points.cell. */
export function addressCell(lat: number, lon: number): number {
  return Math.floor(lat / cellDegrees) * 100_000 + Math.floor(lon / cellDegrees);
}

/** The cell of a point and its eight neighbours: every address within one cell's width of it lies there. */
export function cellsAround(lat: number, lon: number): number[] {
  const cells: number[] = [];
  for (const dLat of [-1, 0, 1]) for (const dLon of [-1, 0, 1]) cells.push(addressCell(lat + dLat * cellDegrees, lon + dLon * cellDegrees));
  return cells;
}
