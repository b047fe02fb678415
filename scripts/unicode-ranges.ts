/** Sets of code points as sorted, disjoint [first, last] ranges, and their CSS `unicode-range` form. */
export type CodeRange = readonly [first: number, last: number];

const lastCodePoint = 0x10ffff;

/** The ranges that hold exactly the given code points and ranges (sorted, merged where they touch). */
export function rangesOf(points: Iterable<number | CodeRange>): CodeRange[] {
  const sorted = [...points].map((point): CodeRange => (typeof point === 'number' ? [point, point] : point)).sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [first, last] of sorted) {
    const previous = merged.at(-1);
    if (previous && first <= previous[1] + 1) previous[1] = Math.max(previous[1], last);
    else merged.push([first, last]);
  }
  return merged;
}

/** Every code point that is in none of the ranges. */
export function complementOf(ranges: readonly CodeRange[]): CodeRange[] {
  const complement: CodeRange[] = [];
  let next = 0;
  for (const [first, last] of rangesOf(ranges)) {
    if (first > next) complement.push([next, first - 1]);
    next = last + 1;
  }
  if (next <= lastCodePoint) complement.push([next, lastCodePoint]);
  return complement;
}

/** Whether a code point is in the ranges. */
export function inRanges(ranges: readonly CodeRange[], point: number): boolean {
  return ranges.some(([first, last]) => point >= first && point <= last);
}

/** The characters of the ranges, one string (what a subsetter is given to keep). */
export function charactersOf(ranges: readonly CodeRange[]): string {
  let text = '';
  for (const [first, last] of ranges) for (let point = first; point <= last; point += 1) text += String.fromCodePoint(point);
  return text;
}

/** The CSS `unicode-range` value (`U+0-FF, U+152-153`). */
export function unicodeRange(ranges: readonly CodeRange[]): string {
  const hex = (point: number) => point.toString(16).toUpperCase();
  return ranges.map(([first, last]) => (first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`)).join(', ');
}
