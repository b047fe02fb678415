import { z } from 'zod';
import { endpoint } from './endpoint';
import { coordinatesCheck, coordinatesCheckQuery, country, countryQuery, geoCodingQuery, geoResult, reverseGeoCodingQuery } from './geo.schemas';

const sa = '/services/backOffice';
const tags = ['geo'];

/**
 * Geocoding, reverse geocoding and the country list (spec §7, AED calls), capability aed.read:
 * every group that edits AEDs or dispatches alerts holds it (contract/access.ts).
 */
export const geoEndpoints = {
  geoCoding: endpoint({
    method: 'GET',
    path: `${sa}/aed/geoCoding`,
    summary: 'Address to coordinates; commune-precision answers carry needsPinMove',
    tags,
    access: 'aed.read',
    query: geoCodingQuery,
    response: z.array(geoResult),
    errors: [400, 401, 403, 404],
    writes: false,
    matrix: { own: 200 },
  }),
  reverseGeoCoding: endpoint({
    method: 'GET',
    path: `${sa}/aed/reverseGeoCoding`,
    summary: 'Coordinates to the nearest known place',
    tags,
    access: 'aed.read',
    query: reverseGeoCodingQuery,
    response: geoResult,
    errors: [400, 401, 403, 404],
    writes: false,
    matrix: { own: 200 },
  }),
  coordinatesCheck: endpoint({
    method: 'GET',
    path: `${sa}/aed/coordinatesCheck`,
    summary: 'Whether a point is in the country (FR, LU known offline); when not, the swapped point if that one is',
    tags,
    access: 'aed.read',
    query: coordinatesCheckQuery,
    response: coordinatesCheck,
    errors: [400, 401, 403],
    writes: false,
    matrix: { own: 200 },
  }),
  countries: endpoint({
    method: 'GET',
    path: `${sa}/country/`,
    summary: 'Countries with their calling code, named and sorted in the requested language (fr, en, de)',
    tags,
    access: 'aed.read',
    query: countryQuery,
    response: z.array(country),
    errors: [401, 403],
    writes: false,
    matrix: { own: 200 },
  }),
};
