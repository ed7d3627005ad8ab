import type { FastifyPluginAsync } from 'fastify';
import { MarkerQuery, ProductSearchQuery, type MarkerList, type SearchResultItem } from 'shared-kernel/schemas';
import type { ZodTypeProvider } from '../../lib/zod-type-provider';
import { SearchRepository } from '../../repositories/search-repository';

/** Map search: `GET /products/search` (the spec leaves the path open) and the map's `GET /products/markers`. */
export const searchRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = new SearchRepository(app.db, app.config.filesPublicPath, { markerRows: app.database.kind === 'postgres' ? 'rows' : 'json' });

  app.get('/products/search', { schema: { querystring: ProductSearchQuery } }, async (request): Promise<SearchResultItem[]> => {
    return repo.search(request.query);
  });

  app.get('/products/markers', { schema: { querystring: MarkerQuery } }, async (request): Promise<MarkerList> => {
    return repo.markers(request.query);
  });
};
