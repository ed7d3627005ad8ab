import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MarkerList, MarkerQuery, ProductSearchQuery, SearchResultList } from 'shared-kernel/schemas';
import { responses } from '../../schemas/responses';

/** Map search: `GET /products/search` (the spec leaves the path open) and the map's `GET /products/markers`. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.searchRepository;

  app.get(
    '/products/search',
    { schema: { querystring: ProductSearchQuery, response: responses({ 200: SearchResultList }) } },
    async (request) => {
      return repo.search(request.query);
    },
  );

  app.get('/products/markers', { schema: { querystring: MarkerQuery, response: responses({ 200: MarkerList }) } }, async (request) => {
    return repo.markers(request.query);
  });
};
