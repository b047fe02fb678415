/** Message keys of the indicator calls (spec §7). Each has en/fr/de text in src/i18n/messages. */
export const indicatorErrorKeys = {
  /** The area is neither a country nor a département Vigil knows. */
  unknownArea: 'error.indicator.unknown-area',
  invalidRange: 'error.indicator.invalid-range',
} as const;
