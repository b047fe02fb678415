/** What a dispatcher types for an address: complete, half-typed, in capitals without accents, with a typo (`kind` 0 to 3). */
export function typedAddress(sample: { number: number; street: string; city: string }, kind: number, random: () => number): string {
  const full = `${sample.number} ${sample.street} ${sample.city}`;
  if (kind === 0) return full;
  if (kind === 1) return `${sample.number} ${sample.street}`.slice(0, Math.max(8, Math.floor(full.length * 0.5)));
  if (kind === 2) return full.normalize('NFD').replace(/\p{Diacritic}/gu, '').toUpperCase();
  const at = Math.min(sample.street.length - 2, 4 + Math.floor(random() * 5));
  return `${sample.number} ${sample.street.slice(0, at)}${sample.street.slice(at + 1)} ${sample.city}`;
}
