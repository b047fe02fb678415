import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { geoErrorKeys } from '../../../../contract/geo.errors';
import * as schemas from '../../../../contract/geo.schemas';
import { errorBody, ok } from '../../../../contract/http';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { requireCapability } from '../../plugins/authenticate';
import { typed } from '../../routing';
import * as service from './service';

/** Geocoding, reverse geocoding and the country list (spec §7, AED calls). */
export async function geoRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = typed(fastify);
  // Every group that edits AEDs or dispatches alerts holds aed.read (contract/access.ts).
  const preHandler = requireCapability(ctx, 'aed.read');
  const failures = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

  app.get('/services/backOffice/aed/geoCoding', {
    preHandler,
    schema: {
      tags: ['geo'],
      summary: 'Address to coordinates; commune-precision answers carry needsPinMove',
      querystring: schemas.geoCodingQuery,
      response: { 200: ok(z.array(schemas.geoResult)), ...failures },
    },
    handler: async (request) => {
      const results = await service.geocode(ctx, request.query);
      if (results.length === 0) throw notFound(geoErrorKeys.addressNotFound);
      return { data: results };
    },
  });

  app.get('/services/backOffice/aed/reverseGeoCoding', {
    preHandler,
    schema: {
      tags: ['geo'],
      summary: 'Coordinates to the nearest known place',
      querystring: schemas.reverseGeoCodingQuery,
      response: { 200: ok(schemas.geoResult), ...failures },
    },
    handler: async (request) => {
      const result = await service.reverseGeocode(ctx, request.query.lat, request.query.lon, request.query.country);
      if (!result) throw notFound(geoErrorKeys.reverseFailed);
      return { data: result };
    },
  });

  app.get('/services/backOffice/aed/coordinatesCheck', {
    preHandler,
    schema: {
      tags: ['geo'],
      summary: 'Whether a point is in the country (FR, LU known offline); when not, the swapped point if that one is',
      querystring: schemas.coordinatesCheckQuery,
      response: { 200: ok(schemas.coordinatesCheck), 400: errorBody, 401: errorBody, 403: errorBody },
    },
    handler: async (request) => ({ data: await service.checkCoordinates(request.query.lat, request.query.lon, request.query.country) }),
  });

  app.get('/services/backOffice/country/', {
    preHandler,
    schema: {
      tags: ['geo'],
      summary: 'Countries with their calling code, named and sorted in the requested language (fr, en, de)',
      querystring: schemas.countryQuery,
      response: { 200: ok(z.array(schemas.country)), 401: errorBody, 403: errorBody },
    },
    handler: async (request) => ({ data: service.countryList(request.query.lang) }),
  });
}
