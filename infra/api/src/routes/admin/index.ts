import type { FastifyPluginAsync } from 'fastify';
import { adminDisputeRoutes } from './disputes';
import { adminPayoutRoutes } from './payouts';
import { adminUserRoutes } from './users';

/** The operator console's API under /admin (ROLE_ADMIN only; issue 31, ADR 0045). */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  await app.register(adminUserRoutes);
  await app.register(adminPayoutRoutes);
  await app.register(adminDisputeRoutes);
};
