import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponse } from 'shared-kernel/schemas';
import { responses } from '../../schemas/responses';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { config: { priority: true }, schema: { response: responses({ 200: HealthResponse }) } }, async () => ({ ok: true as const }));
};
