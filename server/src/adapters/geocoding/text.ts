/**
 * Text helpers of the gazetteer: one normal form for place names and queries, so that
 * "Clermont-Ferrand", "CLERMONT FERRAND" and "clermont ferrand" compare equal, and a trigram
 * similarity for misspelt names.
 */

/** Lower case, no accents, every run of punctuation, apostrophes or hyphens turned into one space. */
export function normalise(text: string): string {
  let out = '';
  let space = true; // no leading space
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if ((code >= 97 && code <= 122) || (code >= 48 && code <= 57)) {
      out += text[index];
      space = false;
    } else if (code >= 65 && code <= 90) {
      out += String.fromCharCode(code + 32);
      space = false;
    } else if (code < 128) {
      if (!space) out += ' ';
      space = true;
    } else {
      const folded = fold(text[index]);
      if (folded) {
        out += folded;
        space = false;
      } else if (!space) {
        out += ' ';
        space = true;
      }
    }
  }
  return space ? out.trimEnd() : out;
}

const folds = new Map<string, string>();
/** A non-ASCII character in lower case without its accents ("É" → "e", "œ" → "oe"; "’" → ""), memoised. */
function fold(char: string): string {
  let folded = folds.get(char);
  if (folded === undefined) {
    folded = char.normalize('NFD').toLowerCase().replace('œ', 'oe').replace('æ', 'ae').replace('ß', 'ss').replace(/[^a-z0-9]/g, '');
    folds.set(char, folded);
  }
  return folded;
}

/** "st" and "ste" as dispatchers type them for "saint" and "sainte". */
const abbreviations: Record<string, string> = { st: 'saint', ste: 'sainte', sts: 'saints', stes: 'saintes' };

/** The normal form with the usual abbreviations expanded: the key names are indexed under. */
export function nameKey(text: string): string {
  return normalise(text)
    .split(' ')
    .map((word) => abbreviations[word] ?? word)
    .join(' ');
}

/** The distinct trigrams of a key, padded so that short names and word starts count. */
export function trigrams(key: string): string[] {
  const padded = `  ${key} `;
  const set = new Set<string>();
  for (let index = 0; index + 3 <= padded.length; index++) set.add(padded.slice(index, index + 3));
  return [...set];
}

/** Dice coefficient of two trigram sets, 0..1. */
export function trigramSimilarity(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const other = new Set(b);
  let shared = 0;
  for (const gram of a) if (other.has(gram)) shared++;
  return (2 * shared) / (a.length + b.length);
}

/** Words that start a street name in a French or Luxembourg address ("rue", "av", "chemin"...). */
export const streetWords = new Set([
  'rue', 'r', 'avenue', 'av', 'ave', 'boulevard', 'bd', 'bld', 'blvd', 'chemin', 'ch', 'che', 'place', 'pl', 'impasse', 'imp', 'allee',
  'allees', 'route', 'rte', 'quai', 'cours', 'square', 'sq', 'passage', 'pass', 'voie', 'sentier', 'faubourg', 'fg', 'lotissement',
  'lot', 'residence', 'res', 'cite', 'hameau', 'lieu', 'lieudit', 'montee', 'mail', 'parvis', 'promenade', 'esplanade', 'rond',
  'rocade', 'chaussee', 'traverse', 'venelle', 'ruelle', 'carrefour', 'zone', 'za', 'zi', 'zac', 'parc', 'domaine', 'clos',
  'strooss', 'gaass', 'wee', 'bis', 'ter', 'quater',
]);

/** French postal code: five digits, as typed ("63000") or with a space ("63 000"). */
export function extractFrenchPostcode(text: string): string | undefined {
  const match = /(?:^|\D)(\d{2}) ?(\d{3})(?!\d)/.exec(text);
  return match ? `${match[1]}${match[2]}` : undefined;
}

/** Street-type abbreviations of French addresses, read as the full word ("av" → "avenue"). */
const streetAbbreviations: Record<string, string> = {
  av: 'avenue', ave: 'avenue', bd: 'boulevard', bld: 'boulevard', blvd: 'boulevard', pl: 'place', imp: 'impasse', rte: 'route',
  ch: 'chemin', che: 'chemin', chem: 'chemin', fg: 'faubourg', fbg: 'faubourg', sq: 'square', all: 'allee', res: 'residence',
  lot: 'lotissement', qu: 'quai', pass: 'passage', prom: 'promenade', crs: 'cours', hle: 'halle', gde: 'grande', gd: 'grand',
};

/** The key street names are searched under: the name key with street-type abbreviations expanded. */
export function streetKey(text: string): string {
  return nameKey(text)
    .split(' ')
    .map((word) => streetAbbreviations[word] ?? word)
    .join(' ');
}
