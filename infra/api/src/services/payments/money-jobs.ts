import type { FastifyInstance } from 'fastify';
import type { PaymentOrdersService } from './payment-orders';

/**
 * The minute's money sweep (run by the jobs plugin, time read from app.clock): closes bank-link
 * orders past their hold, realises the rent of rentals that have ended, and completes payouts
 * whose bank days have passed. Each step locks what it changes and skips what is already done.
 */
export async function runMoneySweep(app: FastifyInstance, orders: PaymentOrdersService): Promise<void> {
  const now = app.clock.now();
  await orders.expireDue();
  await app.wallet.realiseEnded(now);
  await app.paymentRepository.completeDuePayouts(now);
}
