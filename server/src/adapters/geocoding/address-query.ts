import { extractFrenchPostcode, streetKey } from './text';

/** A free-text address taken apart: house number and suffix, postal code, and the rest as a search key. */
export interface AddressQuery {
  number?: number;
  /** "bis", "ter", "a"... lower case; empty when none. */
  suffix: string;
  postcode?: string;
  /** The street and commune words in street-key form ("place de jaude clermont ferrand"). */
  key: string;
}

const suffixes = 'bis|ter|quater|quinquies|[a-h]';
/** A house number at the start: "12", "12bis", "12 bis", "12 B," — a lone letter only before a space or comma. */
const leadingNumber = new RegExp(String.raw`^\s*(\d{1,5})(?:\s*(${suffixes})(?=[\s,]|$))?[\s,]*`, 'i');

/** Reads the house number, suffix and postal code of a typed address; the rest becomes the search key. */
export function parseAddressQuery(address: string, zipCode?: string): AddressQuery {
  const postcode = zipCode && /^\d{5}$/.test(zipCode.replace(/\s/g, '')) ? zipCode.replace(/\s/g, '') : extractFrenchPostcode(address);
  let rest = address;
  if (postcode) rest = rest.replace(new RegExp(`${postcode.slice(0, 2)} ?${postcode.slice(2)}`), ' ');
  const match = leadingNumber.exec(rest);
  // A lone number is a postal code being typed, or a house number without its street: no number then.
  const number = match && rest.slice(match[0].length).trim() ? Number(match[1]) : undefined;
  if (number !== undefined && match) rest = rest.slice(match[0].length);
  return { number, suffix: number !== undefined ? (match?.[2]?.toLowerCase() ?? '') : '', postcode, key: streetKey(rest) };
}

/** The label of an address as the BAN writes it: "12 bis Place de Jaude 63000 Clermont-Ferrand". */
export function addressLabel(parts: { number?: number; suffix?: string; street: string; postcode: string; city: string }): string {
  const number = parts.number !== undefined ? `${parts.number}${parts.suffix ? ` ${parts.suffix}` : ''} ` : '';
  return `${number}${parts.street} ${[parts.postcode, parts.city].filter(Boolean).join(' ')}`.trim();
}
