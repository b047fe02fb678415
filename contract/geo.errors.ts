/** Error keys of geocoding, reverse geocoding and the country list (spec §5, §8). Each has en/fr/de text. */
export const geoErrorKeys = {
  /** Spec §5: "Alert address not found: check spelling". */
  addressNotFound: 'error.geocoding.address-not-found',
  reverseFailed: 'error.geocoding.reverse-failed',
  countryList: 'error.geocoding.country-list',
} as const;
