import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DisputeDecision, DisputeDecisionAnswer, DisputeEvidence, DisputeList, IdParam } from 'shared-kernel/schemas';
import { responses } from '../../schemas/responses';
import { requireAdmin } from './guard';

/** The disputes queue of the operator console (issue 31, ADR 0045). */
export const adminDisputeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/disputes', { schema: { response: responses({ 200: DisputeList }) } }, async (request) => {
    requireAdmin(request);
    return app.operator.disputes.list();
  });

  app.get('/admin/disputes/:id', { schema: { params: IdParam, response: responses({ 200: DisputeEvidence }) } }, async (request) => {
    requireAdmin(request);
    return app.operator.disputes.evidence(request.params.id);
  });

  app.put(
    '/admin/disputes/:id/decide',
    { schema: { params: IdParam, body: DisputeDecision, response: responses({ 200: DisputeDecisionAnswer }) } },
    async (request) => {
      const admin = requireAdmin(request);
      return app.operator.disputes.decide({ actorId: admin.id, id: request.params.id, decision: request.body, now: app.clock.now() });
    },
  );
};
