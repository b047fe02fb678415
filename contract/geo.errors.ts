/** Error keys of geocoding, reverse geocoding and the country list (spec §5, §8). Each has en/fr/de text. */
export const geoErrorKeys = {
  /** Spec §5: "Alert address not found: check spelling". */
  addressNotFound: 'error.geocoding.address-not-found',
  reverseFailed: 'error.geocoding.reverse-failed',
  countryList: 'error.geocoding.country-list',
  /** Coordinates outside the service's country (details.swapped: the point read the other way round, when that one is inside). */
  outsideCountry: 'error.geocoding.outside-country',
  /** Only a homonym beyond the service area was found: it must be picked among the suggestions. */
  outsideArea: 'error.geocoding.outside-area',
} as const;
