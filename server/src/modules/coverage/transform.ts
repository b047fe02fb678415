/**
 * Grid distance transforms of the coverage map (docs/decisions.md "Coverage-gap map"): for every cell
 * of a grid, the least `w(s) + |s − centre|` over weighted point sources `s` (a responder: w = 0; an
 * AED: w = the metres its runner walks to it), with the source that gives it.
 *
 * A multi-source Dijkstra over the 8-neighbour grid (with Dial's buckets for its queue) that carries
 * the source, not a step length ("vector propagation"): a cell is offered its neighbour's source and
 * keeps it when that source's exact value at its own centre is lower. Each source seeds its own cell
 * and the 8 around it.
 *
 * Error bound. A cell's value is always the exact value of a real source (never below the exact
 * minimum). At the fixed point every cell's value is at most its neighbour's plus the step between
 * them, so a cell is never worse than an 8-neighbour chamfer walk from the seeded cells of its true
 * nearest source: at most the exact value × 1.0824 (1 / cos 22.5°) plus one cell diagonal. In
 * practice it is exact on nearly every cell (tests/server/coverage-transform.test.ts measures it
 * against a brute-force search). Values are propagated only up to `cutoff`: the caller gives its
 * limit × 1.09 plus two cells, so that a cell within the limit is never cut off by the bound above.
 */

/** Weighted point sources in grid metres (x east, y north, from the grid's south-west corner). */
export interface Sources {
  x: Float64Array;
  y: Float64Array;
  /** The value at the source itself (metres already walked). */
  w: Float64Array;
  n: number;
}

export function sourcesOf(points: ArrayLike<number>, count: number, weights?: ArrayLike<number>): Sources {
  const x = new Float64Array(count);
  const y = new Float64Array(count);
  const w = new Float64Array(count);
  for (let index = 0; index < count; index++) {
    x[index] = points[2 * index];
    y[index] = points[2 * index + 1];
    w[index] = weights ? weights[index] : 0;
  }
  return { x, y, w, n: count };
}

/** The chamfer factor of the bound above. */
export const chamferFactor = 1 / Math.cos(Math.PI / 8);

/** A growable list of cells waiting in one bucket of the queue. */
class Bucket {
  cells = new Int32Array(256);
  size = 0;
  push(cell: number): void {
    if (this.size === this.cells.length) {
      const grown = new Int32Array(this.cells.length * 2);
      grown.set(this.cells);
      this.cells = grown;
    }
    this.cells[this.size++] = cell;
  }
}

/** Metres of value per bucket of the queue (Dial's buckets rather than a heap). */
const bucketMetres = 50;

/** A grid's transform, its arrays kept from one run to the next (a run resets only the cells it reached). */
export class GridTransform {
  /** w + distance in metres, Infinity where no source is within the cutoff. */
  readonly value: Float64Array;
  /** The source giving `value`, −1 where none. */
  readonly label: Int32Array;
  /** Cells reached by the last run (the first `reached` entries). */
  touched: Int32Array;
  reached = 0;
  private buckets: Bucket[] = [];
  private sx: Sources['x'] = new Float64Array(0);
  private sy: Sources['y'] = new Float64Array(0);
  private sw: Sources['w'] = new Float64Array(0);
  private cutoff = 0;
  /** The bucket being emptied: a cell improved below it waits in it (processed again, not lost). */
  private current = 0;

  constructor(
    readonly cols: number,
    readonly rows: number,
    readonly cellMetres: number,
  ) {
    const cells = cols * rows;
    this.value = new Float64Array(cells).fill(Infinity);
    this.label = new Int32Array(cells).fill(-1);
    this.touched = new Int32Array(Math.min(cells, 4096));
  }

  /** The distance from a source of the last run to a cell's centre. */
  distance(source: number, ix: number, iy: number): number {
    const dx = this.sx[source] - (ix + 0.5) * this.cellMetres;
    const dy = this.sy[source] - (iy + 0.5) * this.cellMetres;
    return Math.sqrt(dx * dx + dy * dy);
  }

  /**
   * Label-correcting propagation in order of value (buckets of 50 m): a cell is processed when its
   * bucket comes, and again whenever it improves; at the end no neighbour's source would lower any
   * cell (the fixed point the bound above needs).
   */
  run(sources: Sources, cutoff: number): void {
    for (let index = 0; index < this.reached; index++) {
      const cell = this.touched[index];
      this.value[cell] = Infinity;
      this.label[cell] = -1;
    }
    this.reached = 0;
    for (const bucket of this.buckets) bucket.size = 0;
    this.sx = sources.x;
    this.sy = sources.y;
    this.sw = sources.w;
    this.cutoff = cutoff;
    this.current = 0;
    const { cols, rows, cellMetres } = this;
    for (let source = 0; source < sources.n; source++) {
      // A source off the grid seeds the grid's nearest cells.
      const ix = Math.min(cols - 1, Math.max(0, Math.floor(sources.x[source] / cellMetres)));
      const iy = Math.min(rows - 1, Math.max(0, Math.floor(sources.y[source] / cellMetres)));
      for (let y = Math.max(0, iy - 1); y <= Math.min(rows - 1, iy + 1); y++) {
        for (let x = Math.max(0, ix - 1); x <= Math.min(cols - 1, ix + 1); x++) this.offer(x, y, source);
      }
    }
    for (this.current = 0; this.current < this.buckets.length; this.current++) {
      const bucket = this.buckets[this.current];
      // The bucket may grow while it is emptied (cells improved below it).
      for (let index = 0; index < bucket.size; index++) {
        const cell = bucket.cells[index];
        const source = this.label[cell];
        const ix = cell % cols;
        const iy = (cell - ix) / cols;
        const west = ix > 0;
        const east = ix < cols - 1;
        if (iy > 0) {
          if (west) this.offer(ix - 1, iy - 1, source);
          this.offer(ix, iy - 1, source);
          if (east) this.offer(ix + 1, iy - 1, source);
        }
        if (west) this.offer(ix - 1, iy, source);
        if (east) this.offer(ix + 1, iy, source);
        if (iy < rows - 1) {
          if (west) this.offer(ix - 1, iy + 1, source);
          this.offer(ix, iy + 1, source);
          if (east) this.offer(ix + 1, iy + 1, source);
        }
      }
      bucket.size = 0;
    }
  }

  private offer(ix: number, iy: number, source: number): void {
    const dx = this.sx[source] - (ix + 0.5) * this.cellMetres;
    const dy = this.sy[source] - (iy + 0.5) * this.cellMetres;
    const value = this.sw[source] + Math.sqrt(dx * dx + dy * dy);
    if (value > this.cutoff) return;
    const cell = iy * this.cols + ix;
    const kept = this.value[cell];
    if (value >= kept) return;
    if (kept === Infinity) {
      if (this.reached === this.touched.length) {
        const grown = new Int32Array(Math.min(this.value.length, this.touched.length * 2));
        grown.set(this.touched);
        this.touched = grown;
      }
      this.touched[this.reached++] = cell;
    }
    this.value[cell] = value;
    this.label[cell] = source;
    const index = Math.max(this.current, Math.floor(value / bucketMetres));
    while (this.buckets.length <= index) this.buckets.push(new Bucket());
    this.buckets[index].push(cell);
  }
}

/** Growable parallel arrays of (cell, metres, source) entries, one per cell and sampled moment. */
export class Entries {
  cells = new Int32Array(1 << 16);
  metres = new Float64Array(1 << 16);
  sources = new Int32Array(1 << 16);
  size = 0;

  add(cell: number, metres: number, source: number): void {
    if (this.size === this.cells.length) {
      const length = this.cells.length * 2;
      const cells = new Int32Array(length);
      cells.set(this.cells);
      const metres = new Float64Array(length);
      metres.set(this.metres);
      const sources = new Int32Array(length);
      sources.set(this.sources);
      Object.assign(this, { cells, metres, sources });
    }
    this.cells[this.size] = cell;
    this.metres[this.size] = metres;
    this.sources[this.size++] = source;
  }
}

/**
 * The `rank`-th smallest of each cell's entries (1-based), in metres, with its source: NaN and −1
 * where a cell has fewer entries. `rank` = ceil(moments / 2) makes it the median over all sampled
 * moments, a moment without an entry counting as out of reach.
 */
export function rankedPerCell(entries: Entries, cellCount: number, rank: number): { metres: Float64Array; source: Int32Array } {
  const counts = new Int32Array(cellCount + 1);
  for (let index = 0; index < entries.size; index++) counts[entries.cells[index] + 1] += 1;
  for (let cell = 0; cell < cellCount; cell++) counts[cell + 1] += counts[cell];
  const order = new Int32Array(entries.size);
  const next = counts.slice(0, cellCount);
  for (let index = 0; index < entries.size; index++) order[next[entries.cells[index]]++] = index;
  const metres = new Float64Array(cellCount).fill(NaN);
  const source = new Int32Array(cellCount).fill(-1);
  let scratch = new Float64Array(64);
  for (let cell = 0; cell < cellCount; cell++) {
    const start = counts[cell];
    const count = counts[cell + 1] - start;
    if (count < rank || count === 0) continue;
    if (scratch.length < count) scratch = new Float64Array(count * 2);
    const values = scratch.subarray(0, count);
    for (let index = 0; index < count; index++) values[index] = entries.metres[order[start + index]];
    values.sort();
    const chosen = values[rank - 1];
    metres[cell] = chosen;
    // The source of the chosen moment (the first in sampling order when several tie).
    for (let index = 0; index < count; index++) {
      const entry = order[start + index];
      if (entries.metres[entry] === chosen) {
        source[cell] = entries.sources[entry];
        break;
      }
    }
  }
  return { metres, source };
}
