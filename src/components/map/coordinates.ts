/** Why pasted coordinates could not be used (spec §5): message keys. */
export const pasteErrorKeys = {
  permissionDenied: 'error.paste.permission-denied',
  empty: 'error.paste.empty',
  invalid: 'error.paste.invalid-coordinates',
} as const;

export type Coordinates = { lat: number; lon: number };
export type CoordinatesOutcome = ({ ok: true } & Coordinates) | { ok: false; key: string };

const dotNumber = String.raw`([+-]?\d{1,3}(?:\.\d+)?)`;
const commaNumber = String.raw`([+-]?\d{1,3}(?:,\d+)?)`;
/** Decimal points: a comma, a semicolon or spaces between the two. */
const withPoints = new RegExp(String.raw`^\s*${dotNumber}\s*(?:[,;]|\s)\s*${dotNumber}\s*$`);
/** Decimal commas: a semicolon, spaces, or a comma followed by a space between the two. */
const withCommas = new RegExp(String.raw`^\s*${commaNumber}(?:\s*;\s*|,\s+|\s+)${commaNumber}\s*$`);

/**
 * Reads "latitude, longitude" (spec §5), as map sites copy it: `45.7772, 3.0870`, `45.7772;3.087`
 * or `45,7772; 3,087` (with decimal commas, a semicolon or a space must separate the two).
 */
export function parseCoordinates(text: string): CoordinatesOutcome {
  if (!text.trim()) return { ok: false, key: pasteErrorKeys.empty };
  const bare = text.replace(/[()]/g, '');
  const match = withPoints.exec(bare) ?? withCommas.exec(bare);
  if (!match) return { ok: false, key: pasteErrorKeys.invalid };
  const lat = Number(match[1]!.replace(',', '.'));
  const lon = Number(match[2]!.replace(',', '.'));
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return { ok: false, key: pasteErrorKeys.invalid };
  return { ok: true, lat, lon };
}

/** Reads the clipboard and parses it; a refused or unavailable clipboard is the permission error. */
export async function readClipboardCoordinates(clipboard: Pick<Clipboard, 'readText'> | undefined = globalThis.navigator?.clipboard): Promise<CoordinatesOutcome> {
  if (!clipboard?.readText) return { ok: false, key: pasteErrorKeys.permissionDenied };
  let text: string;
  try {
    text = await clipboard.readText();
  } catch {
    return { ok: false, key: pasteErrorKeys.permissionDenied };
  }
  return parseCoordinates(text);
}
