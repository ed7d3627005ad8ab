import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MarkerList, MarkerQuery, ProductSearchQuery, SearchResultList } from 'shared-kernel/schemas';
import { responses } from '../../schemas/responses';
import { searchPeriod } from '../../services/availability/search-period';

/** Map search: `GET /products/search` (the spec leaves the path open) and the map's `GET /products/markers`. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.searchRepository;
  // The period on the app's clock (which tests move); an ApiError (400, the booking's codes) when the booking rules refuse it.
  const period = (q: { from?: string; to?: string }) => searchPeriod(q, app.clock.now());

  app.get(
    '/products/search',
    { schema: { querystring: ProductSearchQuery, response: responses({ 200: SearchResultList }) } },
    async (request) => {
      return repo.search(request.query, period(request.query));
    },
  );

  app.get('/products/markers', { schema: { querystring: MarkerQuery, response: responses({ 200: MarkerList }) } }, async (request) => {
    return repo.markers(request.query, period(request.query));
  });
};
