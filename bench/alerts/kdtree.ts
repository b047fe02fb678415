/**
 * A static 3-d tree over points on the unit sphere: the in-memory lower bound of "how many
 * responders within r metres". Points are stored as unit vectors; a radius on the earth becomes a
 * chord length, so the search is an exact ball query in 3-d.
 */
const earthRadius = 6_378_168;

export interface KdTree {
  /** Number of points within `metres` of (lat, lon). */
  countWithin(lat: number, lon: number, metres: number): number;
  size: number;
}

function unit(lat: number, lon: number): [number, number, number] {
  const φ = (lat * Math.PI) / 180;
  const λ = (lon * Math.PI) / 180;
  return [Math.cos(φ) * Math.cos(λ), Math.cos(φ) * Math.sin(λ), Math.sin(φ)];
}

/** Builds the tree (median splits on alternating axes) in O(n log² n). */
export function buildKdTree(points: { lat: number; lon: number }[]): KdTree {
  const n = points.length;
  const xyz = new Float64Array(n * 3);
  points.forEach((point, index) => xyz.set(unit(point.lat, point.lon), index * 3));
  const order = new Uint32Array(n).map((_, index) => index);
  // Node i covers order[lo..hi); its split point is the median, at mid.
  function build(lo: number, hi: number, axis: number): void {
    if (hi - lo <= 1) return;
    const slice = Array.from(order.subarray(lo, hi)).sort((a, b) => xyz[a * 3 + axis] - xyz[b * 3 + axis]);
    order.set(slice, lo);
    const mid = (lo + hi) >> 1;
    build(lo, mid, (axis + 1) % 3);
    build(mid + 1, hi, (axis + 1) % 3);
  }
  build(0, n, 0);

  return {
    size: n,
    countWithin(lat, lon, metres) {
      const [qx, qy, qz] = unit(lat, lon);
      const chord = 2 * Math.sin(metres / earthRadius / 2);
      const chord2 = chord * chord;
      let count = 0;
      const visit = (lo: number, hi: number, axis: number): void => {
        if (hi <= lo) return;
        const mid = (lo + hi) >> 1;
        const p = order[mid] * 3;
        const dx = xyz[p] - qx;
        const dy = xyz[p + 1] - qy;
        const dz = xyz[p + 2] - qz;
        if (dx * dx + dy * dy + dz * dz <= chord2) count += 1;
        const delta = [qx, qy, qz][axis] - xyz[p + axis];
        const next = (axis + 1) % 3;
        if (delta <= chord) visit(lo, mid, next);
        if (delta >= -chord) visit(mid + 1, hi, next);
      };
      visit(0, n, 0);
      return count;
    },
  };
}
