import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Category } from 'shared-kernel/schemas';
import { responses } from '../../schemas/responses';

export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/category', { schema: { response: responses({ 200: Category.array() }) } }, async () => app.categoryRepository.list());
};
