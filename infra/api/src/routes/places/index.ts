import type { FastifyPluginAsync } from 'fastify';
import { messages } from 'shared-kernel/messages';
import { PlaceAutocompleteQuery, PlaceIdParam, ReverseGeocodeQuery, type Place, type ReverseGeocodeResult } from 'shared-kernel/schemas';
import { notFound } from '../../lib/api-error';
import type { ZodTypeProvider } from '../../lib/zod-type-provider';
import { autocompletePlaces, nearestPlace, placeById } from '../../places/gazetteer';

export const placeRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/places/autocomplete', { schema: { querystring: PlaceAutocompleteQuery } }, async (request): Promise<Place[]> => {
    return autocompletePlaces(request.query.q, request.query.limit);
  });

  app.get('/places/reverse', { schema: { querystring: ReverseGeocodeQuery } }, async (request): Promise<ReverseGeocodeResult> => {
    return nearestPlace(request.query.lat, request.query.lon);
  });

  app.get('/places/:id', { schema: { params: PlaceIdParam } }, async (request): Promise<Place> => {
    const place = placeById(request.params.id);
    if (!place) throw notFound(messages.errors.api.placeNotFound);
    return place;
  });
};
