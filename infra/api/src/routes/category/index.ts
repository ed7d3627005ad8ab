import type { FastifyPluginAsync } from 'fastify';
import type { Category } from 'shared-kernel/schemas';

export const categoryRoutes: FastifyPluginAsync = async (app) => {
  app.get('/category', async (): Promise<Category[]> => app.categoryRepository.list());
};
