import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminUser,
  AdminUserList,
  AdminUserQuery,
  AuditLog,
  AuditLogQuery,
  IdParam,
  ReinstateUserRequest,
  SuspendUserAnswer,
  SuspendUserRequest,
} from 'shared-kernel/schemas';
import { responses } from '../../schemas/responses';
import { requireAdmin } from './guard';

/** Users and the audit log of the operator console (issue 31, ADR 0045). */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/users', { schema: { querystring: AdminUserQuery, response: responses({ 200: AdminUserList }) } }, async (request) => {
    requireAdmin(request);
    return app.operatorRepository.searchUsers(request.query.q);
  });

  app.put(
    '/admin/users/:id/suspend',
    { schema: { params: IdParam, body: SuspendUserRequest, response: responses({ 200: SuspendUserAnswer }) } },
    async (request) => {
      const admin = requireAdmin(request);
      return app.operator.users.suspend({
        actorId: admin.id,
        userId: request.params.id,
        reason: request.body.reason,
        now: app.clock.now(),
      });
    },
  );

  app.put(
    '/admin/users/:id/reinstate',
    { schema: { params: IdParam, body: ReinstateUserRequest, response: responses({ 200: AdminUser }) } },
    async (request) => {
      const admin = requireAdmin(request);
      return app.operator.users.reinstate({
        actorId: admin.id,
        userId: request.params.id,
        reason: request.body.reason,
        now: app.clock.now(),
      });
    },
  );

  app.get('/admin/audit-log', { schema: { querystring: AuditLogQuery, response: responses({ 200: AuditLog }) } }, async (request) => {
    requireAdmin(request);
    return app.operatorRepository.auditLog(request.query.size, request.query.userId);
  });
};
