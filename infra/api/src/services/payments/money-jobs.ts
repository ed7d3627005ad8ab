import type { FastifyInstance } from 'fastify';
import type { PaymentOrdersService } from './payment-orders';

export const MONEY_SWEEP_INTERVAL_MS = 60_000;

/**
 * Every minute (time read from app.clock): closes bank-link orders past their hold, realises the
 * rent of rentals that have ended, and completes payouts whose bank days have passed. Safe on
 * several API instances: each step locks what it changes and skips what is already done.
 */
export function startMoneyJobs(app: FastifyInstance, orders: PaymentOrdersService, intervalMs = MONEY_SWEEP_INTERVAL_MS): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const sweep = () => {
    if (running) return;
    running = runMoneySweep(app, orders)
      .catch((error: unknown) => app.log.error({ err: error }, 'money sweep failed'))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(sweep, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}

export async function runMoneySweep(app: FastifyInstance, orders: PaymentOrdersService): Promise<void> {
  const now = app.clock.now();
  await orders.expireDue();
  await app.paymentRepository.realiseEnded(now);
  await app.paymentRepository.completeDuePayouts(now);
}
