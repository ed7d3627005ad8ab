import fp from 'fastify-plugin';
import { z } from 'zod';
import { EXTENSION_LAPSE_JOB, ExtensionService } from './extension-service';

const LapsePayload = z.object({ extensionId: z.number().int().positive() });

/**
 * Rental extensions (issue 31, ADR 0044): the service, the settle handler of EXTENSION bank-link
 * orders and the job that lapses a request still open at the original end.
 */
export const extensionServices = fp(
  async (app) => {
    const service = new ExtensionService(app.db, () => app.paymentOrders);
    app.decorate('extensionService', service);
    app.bankLink.onSettled('EXTENSION', (purpose, context) => service.settleBankLink(purpose.extensionId, context));
    app.jobs.handle(EXTENSION_LAPSE_JOB, async (payload) => service.lapse(LapsePayload.parse(payload).extensionId, app.clock.now()));
  },
  { name: 'extension-services', dependencies: ['db', 'payment-services', 'jobs'] },
);
