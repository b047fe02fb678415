import { createRequire } from 'node:module';

/** A French département: code ("63", "2A", "974") and name. */
export interface Departement {
  code: string;
  name: string;
}

const require = createRequire(import.meta.url);
let byCode: Map<string, string> | undefined;

function names(): Map<string, string> {
  byCode ??= new Map((require('@etalab/decoupage-administratif/data/departements.json') as { code: string; nom: string }[]).map((entry) => [entry.code, entry.nom]));
  return byCode;
}

/** The département code of an INSEE commune code: three digits overseas (97x), else two (2A, 2B for Corsica). */
function codeOfInsee(insee: string): string {
  return insee.startsWith('97') ? insee.slice(0, 3) : insee.slice(0, 2);
}

/** The département of a postal code: 200xx–201xx is Corse-du-Sud, 202xx and 206xx Haute-Corse. */
function codeOfPostcode(postcode: string): string {
  if (postcode.startsWith('97')) return postcode.slice(0, 3);
  if (postcode.startsWith('20')) return Number(postcode.slice(2, 3)) <= 1 ? '2A' : '2B';
  return postcode.slice(0, 2);
}

/**
 * The département of a French place, from its INSEE code when known (exact), else its postal code
 * (a postal code may straddle two départements: rare, and then the first is named).
 */
export function departementOf(countryCode: string, insee: string | undefined, postcode: string | undefined): Departement | undefined {
  if (countryCode !== 'FR') return undefined;
  const code = insee && /^\d[\dAB]\d{3}$/.test(insee) ? codeOfInsee(insee) : postcode && /^\d{5}$/.test(postcode) ? codeOfPostcode(postcode) : undefined;
  const name = code ? names().get(code) : undefined;
  return code && name ? { code, name } : undefined;
}
