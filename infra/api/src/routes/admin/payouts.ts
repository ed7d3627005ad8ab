import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MarkPaidAnswer, PAYOUT_MSG_ID_HEADER, PayoutExportSelection, PayoutSelection, PendingPayoutList } from 'shared-kernel/schemas';
import { z } from 'zod';
import { mediaResponse, responses } from '../../schemas/responses';
import { requireAdmin } from './guard';

/** The payout desk of the operator console (issue 31, ADR 0045). */
export const adminPayoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/payouts', { schema: { response: responses({ 200: PendingPayoutList }) } }, async (request) => {
    requireAdmin(request);
    return app.operator.payouts.pending();
  });

  app.post(
    '/admin/payouts/export',
    {
      schema: {
        body: PayoutExportSelection,
        response: responses({
          200: mediaResponse('An ISO 20022 pain.001.001.03 SEPA credit-transfer file (a download)', ['application/xml'], z.string()),
        }),
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request);
      const { xml, msgId } = await app.operator.payouts.export({
        actorId: admin.id,
        paymentIds: request.body.paymentIds,
        reexport: request.body.reexport === true,
        now: app.clock.now(),
      });
      return reply
        .type('application/xml; charset=utf-8')
        .header(PAYOUT_MSG_ID_HEADER, msgId)
        .header('content-disposition', `attachment; filename="${msgId}.xml"`)
        .send(xml);
    },
  );

  app.put(
    '/admin/payouts/mark-paid',
    { schema: { body: PayoutSelection, response: responses({ 200: MarkPaidAnswer }) } },
    async (request) => {
      const admin = requireAdmin(request);
      return app.operator.payouts.markPaid({ actorId: admin.id, paymentIds: request.body.paymentIds, now: app.clock.now() });
    },
  );
};
