import type { FastifyInstance } from 'fastify';
import { geoEndpoints as endpoints } from '../../../../contract/geo.endpoints';
import { geoErrorKeys } from '../../../../contract/geo.errors';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { route } from '../../routing';
import * as service from './service';

/** Geocoding, reverse geocoding and the country list (contract/geo.endpoints.ts). */
export async function geoRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, endpoints.geoCoding, async (request) => {
    const results = await service.geocode(ctx, request.query);
    if (results.length === 0) throw notFound(geoErrorKeys.addressNotFound);
    return { data: results };
  });

  route(app, ctx, endpoints.reverseGeoCoding, async (request) => {
    const result = await service.reverseGeocode(ctx, request.query.lat, request.query.lon, request.query.country);
    if (!result) throw notFound(geoErrorKeys.reverseFailed);
    return { data: result };
  });

  route(app, ctx, endpoints.coordinatesCheck, async (request) => ({ data: await service.checkCoordinates(request.query.lat, request.query.lon, request.query.country) }));

  route(app, ctx, endpoints.countries, async (request) => ({ data: service.countryList(request.query.lang) }));
}
