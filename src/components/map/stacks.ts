import type { Coordinates } from './coordinates';

/** Markers closer than this on screen would hide each other: they are drawn as one stack. */
export const stackRadiusPx = 22;

/** Items drawn as one marker: one item alone, or several at (nearly) one place. */
export interface Stack<T> {
  /** The first member's key (kept while any member stays, by keepStackKeys). */
  key: string;
  /** Where the marker stands: the mean of its members. */
  position: Coordinates;
  members: T[];
}

interface Point {
  x: number;
  y: number;
}

/**
 * Groups items whose markers would overlap at the map's zoom: each item joins the first stack whose
 * first member lies within `radiusPx` of it on screen (and at the same place, when `samePlace` says) (pixels of `project`, the map's projection at
 * that zoom), else starts a stack. A grid of `radiusPx` cells keeps it linear in the item count.
 */
export function stackNearby<T>(
  items: readonly T[],
  keyOf: (item: T) => string,
  positionOf: (item: T) => Coordinates,
  project: (point: Coordinates) => Point,
  radiusPx = stackRadiusPx,
  samePlace: (a: Coordinates, b: Coordinates) => boolean = () => true,
): Stack<T>[] {
  const stacks: (Stack<T> & { anchor: Point })[] = [];
  const grid = new Map<string, number[]>();
  const cellOf = (x: number, y: number) => `${Math.floor(x / radiusPx)}:${Math.floor(y / radiusPx)}`;
  for (const item of items) {
    const point = project(positionOf(item));
    const column = Math.floor(point.x / radiusPx);
    const row = Math.floor(point.y / radiusPx);
    let found: number | undefined;
    for (let dx = -1; dx <= 1 && found === undefined; dx++) {
      for (let dy = -1; dy <= 1 && found === undefined; dy++) {
        found = grid
          .get(`${column + dx}:${row + dy}`)
          ?.find((index) => Math.hypot(stacks[index]!.anchor.x - point.x, stacks[index]!.anchor.y - point.y) <= radiusPx && samePlace(stacks[index]!.position, positionOf(item)));
      }
    }
    if (found !== undefined) {
      stacks[found]!.members.push(item);
      continue;
    }
    const cell = cellOf(point.x, point.y);
    grid.set(cell, [...(grid.get(cell) ?? []), stacks.length]);
    stacks.push({ key: keyOf(item), position: positionOf(item), members: [item], anchor: point });
  }
  return stacks.map(({ key, members }) => ({ key, members, position: meanOf(members.map(positionOf)) }));
}

/**
 * The stacks of `stacks` keyed as before while any of their members stays in them: a stack is keyed
 * by its first member, and the live list reorders its responders by status, so a stack whose
 * responder answered took another key, and the list the dispatcher had opened on it closed.
 */
export function keepStackKeys<T>(stacks: Stack<T>[], previous: readonly Stack<T>[], keyOf: (item: T) => string): Stack<T>[] {
  const keptBy = new Map(previous.filter((stack) => stack.members.length > 1).flatMap((stack) => stack.members.map((member) => [keyOf(member), stack.key] as const)));
  const taken = new Set<string>();
  return stacks.map((stack) => {
    if (stack.members.length === 1) return stack;
    const candidates = [...stack.members.map((member) => keptBy.get(keyOf(member))), ...stack.members.map(keyOf)];
    const key = candidates.find((candidate): candidate is string => candidate !== undefined && !taken.has(candidate)) ?? stack.key;
    taken.add(key);
    return { ...stack, key };
  });
}

function meanOf(points: Coordinates[]): Coordinates {
  return { lat: points.reduce((sum, point) => sum + point.lat, 0) / points.length, lon: points.reduce((sum, point) => sum + point.lon, 0) / points.length };
}
