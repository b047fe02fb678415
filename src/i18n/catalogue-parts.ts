/**
 * A catalogue comes in two parts, split at build time (scripts/catalogue-parts.ts): what the
 * signed-out screens and the frame around every screen say ('public': sign-in, passwords, errors,
 * dialogs, route titles), and what only the signed-in screens say ('app'). The sign-in route
 * downloads the first part alone; the first signed-in screen loads the second.
 */
export type CataloguePart = 'public' | 'app';

export const catalogueParts: readonly CataloguePart[] = ['public', 'app'];

/**
 * Key areas only signed-in screens show, also as the second word of an error key
 * (`error.import.…`). Any other area is public, so a new one shows everywhere until listed here.
 */
const signedInAreas = new Set([
  'aed', 'aedImport', 'alert', 'audit', 'calendar', 'callback', 'citizenForm', 'configurator', 'dashboard', 'geocoding',
  'history', 'import', 'indicator', 'inspector', 'interview', 'map', 'news', 'notification', 'paste', 'push', 'reporting',
  'responder', 'responder-validation', 'tester', 'tutorial', 'validation', 'warning',
]);

/** The part a message key belongs to. */
export function partOf(key: string): CataloguePart {
  const [area, second] = key.split('.');
  return signedInAreas.has(area) || (area === 'error' && signedInAreas.has(second)) ? 'app' : 'public';
}
