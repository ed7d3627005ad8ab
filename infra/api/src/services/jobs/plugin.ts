import fp from 'fastify-plugin';
import { JobRepository } from '../../repositories/job-repository';
import { HOLD_RELEASE_GRACE_MS } from '../availability/payment-hold';
import { runMoneySweep } from '../payments/money-jobs';
import { JobRunner } from './job-runner';

export const JOB_POLL_INTERVAL_MS = 60_000;
const DONE_JOBS_KEPT_MS = 7 * 24 * 3_600_000;

/**
 * The one plugin that starts jobs (issue 26, ADR 0027). Every replica ticks each minute; the job
 * table lets one of them run each period of each job. The minute jobs:
 * - reservations: REQUESTED ones whose start has passed are declined (spec 4), and payment holds
 *   left past their expiry are released, should the payment's own expiry never come;
 * - money: bank-link orders past their hold are closed, ended rentals realised, due payouts completed.
 */
export const jobs = fp<{ pollMs?: number }>(
  async (app, options) => {
    const runner = new JobRunner(new JobRepository(app.db), app.clock, app.log);
    runner.recurring({
      name: 'reservations.sweep',
      everyMs: 60_000,
      run: async (now) => {
        await app.bookingService.requests.declineStaleRequests(now);
        await app.bookingService.holds.releaseExpiredHolds(now, HOLD_RELEASE_GRACE_MS);
      },
    });
    runner.recurring({ name: 'money.sweep', everyMs: 60_000, run: () => runMoneySweep(app, app.bankLink) });
    runner.recurring({ name: 'jobs.purge', everyMs: 3_600_000, run: (now) => new JobRepository(app.db).purgeDone(new Date(now.getTime() - DONE_JOBS_KEPT_MS)) });
    app.decorate('jobs', runner);

    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> | undefined;
    const tick = () => {
      if (running) return;
      running = runner
        .tick()
        .catch((error: unknown) => app.log.error({ err: error }, 'job round failed'))
        .finally(() => {
          running = undefined;
        });
    };
    app.addHook('onReady', async () => {
      timer = setInterval(tick, options.pollMs ?? JOB_POLL_INTERVAL_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await running;
    });
  },
  { name: 'jobs', dependencies: ['booking-service', 'payment-services'] },
);
