import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponse } from 'shared-kernel/schemas';
import { ApiError } from '../../lib/api-error';
import { responses } from '../../schemas/responses';
import { databaseReady } from '../../services/health';
import { messages } from 'shared-kernel/messages';

/**
 * Health for Kubernetes (issue 29). Liveness (`/health/live`, and `/health` as callers have always
 * used it) asks nothing of the database: a replica whose database is away is not restarted for it.
 * Readiness (`/health/ready`) pings the database with a short timeout, so a replica that cannot
 * reach it gets no traffic; so does one that is shutting down (services/lifecycle). All three
 * skip the concurrency gate and run their statements in the
 * database's priority lane (`priority`). The same answers come from the health port's own server
 * (services/health), which no visitor's connection shares.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const options = { config: { priority: true }, schema: { response: responses({ 200: HealthResponse }) } } as const;
  app.get('/health', options, async () => ({ ok: true as const }));
  app.get('/health/live', options, async () => ({ ok: true as const }));
  app.get('/health/ready', options, async () => {
    if (app.lifecycle.draining || !(await databaseReady(app.db))) throw new ApiError(503, 'NOT_READY', messages.errors.abuse.notReady);
    return { ok: true as const };
  });
};
