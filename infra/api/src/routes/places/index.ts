import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from 'shared-kernel/messages';
import { Place, PlaceAutocompleteQuery, PlaceIdParam, PlaceList, ReverseGeocodeQuery, ReverseGeocodeResult } from 'shared-kernel/schemas';
import { notFound } from '../../lib/api-error';
import { responses } from '../../schemas/responses';
import { autocompletePlaces, nearestPlace, placeById } from '../../places/gazetteer';

export const placeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/places/autocomplete',
    { schema: { querystring: PlaceAutocompleteQuery, response: responses({ 200: PlaceList }) } },
    async (request) => {
      return autocompletePlaces(request.query.q, request.query.limit);
    },
  );

  app.get(
    '/places/reverse',
    { schema: { querystring: ReverseGeocodeQuery, response: responses({ 200: ReverseGeocodeResult }) } },
    async (request) => {
      return nearestPlace(request.query.lat, request.query.lon);
    },
  );

  app.get('/places/:id', { schema: { params: PlaceIdParam, response: responses({ 200: Place }) } }, async (request) => {
    const place = placeById(request.params.id);
    if (!place) throw notFound(messages.errors.api.placeNotFound);
    return place;
  });
};
