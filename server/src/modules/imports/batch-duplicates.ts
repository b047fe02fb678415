import { metresBetween } from '../../db/earth';
import { duplicateCloseMetres, duplicateNameSimilarity, duplicateRadiusMetres, normaliseName, sameDeviceMetres, type DuplicateProbe } from '../aeds/face';

/** Trigrams of a text the way pg_trgm makes them: each word padded with two spaces before and one after. */
function trigrams(text: string): Set<string> {
  const set = new Set<string>();
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (word === '') continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i += 1) set.add(padded.slice(i, i + 3));
  }
  return set;
}

/** pg_trgm's similarity(): shared trigrams over all trigrams. */
export function trigramSimilarity(a: string, b: string): number {
  const left = trigrams(a);
  const right = trigrams(b);
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const gram of left) if (right.has(gram)) shared += 1;
  return shared / (left.size + right.size - shared);
}

export interface InBatchHit {
  index: number;
  distance: number;
  similarity: number;
  sameDevice: boolean;
}

/**
 * Duplicates between rows of one batch that are about to be inserted together (the database
 * cannot see them yet): the same rule as the register, applied to the earlier rows of the batch.
 * A grid of ~300 m cells keeps it linear in the batch size.
 */
export class BatchDuplicates {
  private readonly cells = new Map<string, DuplicateProbe[]>();
  private readonly serials = new Map<string, DuplicateProbe>();

  private static cellOf(lat: number, lon: number): [number, number] {
    // 0.003° of latitude is 333 m; 0.008° of longitude stays over 300 m up to 70° north.
    return [Math.floor(lat / 0.003), Math.floor(lon / 0.008)];
  }

  /** The earlier probe this one duplicates, if any. */
  find(probe: DuplicateProbe): InBatchHit | undefined {
    const [x, y] = BatchDuplicates.cellOf(probe.lat, probe.lon);
    const name = normaliseName(probe.name);
    let best: InBatchHit | undefined;
    for (let dx = -1; dx <= 1; dx += 1) {
      for (let dy = -1; dy <= 1; dy += 1) {
        for (const other of this.cells.get(`${x + dx}:${y + dy}`) ?? []) {
          const distance = metresBetween(probe, other);
          if (distance > duplicateRadiusMetres) continue;
          const otherName = normaliseName(other.name);
          const similarity = trigramSimilarity(name, otherName);
          if (similarity < duplicateNameSimilarity && distance > duplicateCloseMetres) continue;
          const hit = { index: other.index, distance: Math.round(distance), similarity: Math.round(similarity * 1000) / 1000, sameDevice: name === otherName && distance <= sameDeviceMetres };
          if (!best || hit.similarity > best.similarity) best = hit;
        }
      }
    }
    const other = !best && probe.serialNumber ? this.serials.get(BatchDuplicates.serialKey(probe)) : undefined;
    if (other) return { index: other.index, distance: Math.round(metresBetween(probe, other)), similarity: 1, sameDevice: true };
    return best;
  }

  private static serialKey(probe: DuplicateProbe): string {
    return `${(probe.brand ?? '').toLowerCase()}\u0000${probe.serialNumber?.trim()}`;
  }

  add(probe: DuplicateProbe): void {
    const [x, y] = BatchDuplicates.cellOf(probe.lat, probe.lon);
    const key = `${x}:${y}`;
    const list = this.cells.get(key);
    if (list) list.push(probe);
    else this.cells.set(key, [probe]);
    if (probe.serialNumber?.trim()) this.serials.set(BatchDuplicates.serialKey(probe), probe);
  }
}
