import { z } from 'zod';

/** Languages the country list is named in. */
export const countryLanguages = ['fr', 'en', 'de'] as const;

/** How precise a geocoding answer is; 'municipality' means the dispatcher must move the pin (spec §5). */
export const geoPrecision = z.enum(['housenumber', 'street', 'municipality']);

/** GET /services/backOffice/aed/geoCoding: a free-text address, optionally split into city and zip code. */
export const geoCodingQuery = z
  .object({
    address: z.string().trim().max(300).default(''),
    city: z.string().trim().max(120).optional(),
    zipCode: z.string().trim().max(12).optional(),
    /** ISO 3166-1 alpha-2, FR when absent. */
    countryCode: z.string().trim().regex(/^[A-Za-z]{2}$/).transform((code) => code.toUpperCase()).optional(),
  })
  .refine((query) => !!(query.address || query.city || query.zipCode), { message: 'error.required', path: ['address'] });

/** One geocoding answer. Coordinates are WGS 84. */
export const geoResult = z.object({
  label: z.string(),
  lat: z.number(),
  lon: z.number(),
  city: z.string(),
  zipCode: z.string(),
  countryCode: z.string(),
  precision: geoPrecision,
  /** 0..1, higher is better. */
  score: z.number(),
  /** True when the answer is only as precise as the commune: the pin must be moved (spec §5). */
  needsPinMove: z.boolean(),
  /** Number and street ("12 Place de Jaude"); empty for a commune-only answer. */
  street: z.string(),
  /** The département of a French answer ("63", "Puy-de-Dôme"); empty elsewhere. */
  departementCode: z.string(),
  departementName: z.string(),
  /** Kilometres from the centre of the service area: a far homonym shows how far it is. */
  distanceKm: z.number(),
  /** Beyond the service area (GEOCODER_AREA_KM): never used unless chosen (its postal code given). */
  outsideArea: z.boolean(),
});
export type GeoResult = z.infer<typeof geoResult>;

/** GET /services/backOffice/aed/reverseGeoCoding. */
export const reverseGeoCodingQuery = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
  /** ISO 3166-1 alpha-2 to restrict the answer to one country. */
  country: z.string().trim().regex(/^[A-Za-z]{2}$/).transform((code) => code.toUpperCase()).optional(),
});

/** GET /services/backOffice/country/?lang: an unknown language falls back to English. */
export const countryQuery = z.object({ lang: z.string().trim().max(16).optional() });

/** A country as the contact and address forms offer it. */
export const country = z.object({
  /** ISO 3166-1 alpha-2. */
  code: z.string(),
  /** Name in the requested language. */
  name: z.string(),
  /** International calling code with its plus sign, "+33". */
  phoneCode: z.string(),
});
export type Country = z.infer<typeof country>;

/** GET /services/backOffice/aed/coordinatesCheck: a pasted or typed point, and the country of the service. */
export const coordinatesCheckQuery = reverseGeoCodingQuery;

/** Whether a point is in the service's country; when not, the swapped point if that one is (a "longitude, latitude" paste). */
export const coordinatesCheck = z.object({
  inCountry: z.boolean(),
  swapped: z.object({ lat: z.number(), lon: z.number() }).nullable(),
});
export type CoordinatesCheck = z.infer<typeof coordinatesCheck>;
