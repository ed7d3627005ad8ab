import type { FastifyInstance } from 'fastify';
import type { ReservationRepository } from '../../repositories/reservation-repository';
import { HOLD_RELEASE_GRACE_MS } from './payment-hold';

export const STALE_SWEEP_INTERVAL_MS = 60_000;

/**
 * Declines REQUESTED reservations whose start has passed, every minute, so a request nobody opens
 * neither holds time nor waits forever (spec 4). Safe on several API instances: the sweep locks
 * the rows it changes, and a row already declined is not matched again. The same sweep releases
 * payment holds (instant book, go-kart) left past their expiry, should the payment's own expiry
 * notice never come.
 */
export function startStaleRequestJob(app: FastifyInstance, repo: ReservationRepository, intervalMs = STALE_SWEEP_INTERVAL_MS): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const sweep = () => {
    if (running) return;
    const now = app.clock.now();
    running = repo
      .declineStaleRequests(now)
      .then(() => repo.releaseExpiredHolds(now, HOLD_RELEASE_GRACE_MS))
      .catch((error: unknown) => app.log.error({ err: error }, 'stale request sweep failed'))
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
