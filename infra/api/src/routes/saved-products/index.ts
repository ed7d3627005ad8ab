import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { format, messages } from 'shared-kernel/messages';
import { OkResponse, SAVED_PRODUCTS_MAX, SavedProductIds, SavedProductList, SavedProductParams } from 'shared-kernel/schemas';
import { ApiError } from '../../lib/api-error';
import { requireUser } from '../../plugins/session';
import { responses } from '../../schemas/responses';

/**
 * Issue 32: the signed-in user's saved products. Every signed-in user may save (it only bookmarks
 * what anyone can see), so the only refusal by role is signing in; `me` in the path means a caller
 * can never name another user's list. Writes pass the app's CSRF check like every other write.
 */
export const savedProductRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.savedProductRepository;

  app.get('/users/me/saved-products', { schema: { response: responses({ 200: SavedProductList }) } }, async (request) => {
    return repo.list(requireUser(request).id);
  });

  app.get('/users/me/saved-products/ids', { schema: { response: responses({ 200: SavedProductIds }) } }, async (request) => {
    return repo.ids(requireUser(request).id);
  });

  // Idempotent: saving a saved product answers the same and keeps its first price.
  app.put(
    '/users/me/saved-products/:productId',
    { schema: { params: SavedProductParams, response: responses({ 200: OkResponse }) } },
    async (request) => {
      const user = requireUser(request);
      const outcome = await repo.save(user.id, request.params.productId, app.clock.now());
      if (outcome === 'missing') throw new ApiError(404, 'NOT_FOUND', messages.errors.savedProducts.unavailable);
      if (outcome === 'full') {
        throw new ApiError(409, 'TOO_MANY_SAVED', format(messages.errors.savedProducts.tooMany, { max: SAVED_PRODUCTS_MAX }));
      }
      return { ok: true as const };
    },
  );

  app.delete(
    '/users/me/saved-products/:productId',
    { schema: { params: SavedProductParams, response: responses({ 200: OkResponse }) } },
    async (request) => {
      await repo.remove(requireUser(request).id, request.params.productId);
      return { ok: true as const };
    },
  );
};
