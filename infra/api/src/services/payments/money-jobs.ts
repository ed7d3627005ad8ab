import type { FastifyInstance } from 'fastify';
import type { PaymentOrdersService } from './payment-orders';

/**
 * The minute's money sweep (run by the jobs plugin, time read from app.clock): closes bank-link
 * orders past their hold and realises the rent of rentals that have ended. Each step locks what it
 * changes and skips what is already done. Payouts are no longer completed by the clock: an operator
 * pays them out in a SEPA file and marks them paid (ADR 0045).
 */
export async function runMoneySweep(app: FastifyInstance, orders: PaymentOrdersService): Promise<void> {
  const now = app.clock.now();
  await orders.expireDue();
  await app.wallet.realiseEnded(now);
}
