import fp from 'fastify-plugin';
import { JobRepository } from '../../repositories/job-repository';
import { MAIL_JOB, WEBHOOK_JOB } from '../../repositories/outbox';
import { deliverWebhookJob } from '../payments/webhook-delivery';
import { deliverMailJob } from '../outbox/mail-delivery';
import { HOLD_RELEASE_GRACE_MS } from '../availability/payment-hold';
import { runMoneySweep } from '../payments/money-jobs';
import { registerCalendarJobs } from '../calendars/jobs';
import { JobRunner } from './job-runner';

// Every replica asks for due jobs every config.jobPollMs (5 s): the minute sweeps' periods, and
// mail or webhooks whose replica died after the commit (their lease, JOB_LEASE_MS, passes first).
/** How long a claim holds a job: a replica that dies mid-run leaves it to another after this. */
export const JOB_LEASE_MS = 60_000;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const DONE_JOBS_KEPT_MS = 7 * 24 * 3_600_000;

/**
 * The one plugin that starts jobs (issue 26, ADR 0029). Every replica ticks each minute; the job
 * table lets one of them run each period of each job. The minute jobs:
 * - reservations: REQUESTED ones whose start has passed are declined (spec 4), and payment holds
 *   left past their expiry are released, should the payment's own expiry never come;
 * - money: bank-link orders past their hold are closed, ended rentals realised, due payouts completed.
 */
export const jobs = fp<{ pollMs?: number }>(
  async (app, options) => {
    const queue = new JobRepository(app.db);
    const runner = new JobRunner(queue, app.clock, app.log, { leaseMs: JOB_LEASE_MS });
    // The outbox (issue 29): mail queued in a transaction, sent by whichever replica claims it.
    runner.handle(MAIL_JOB, (payload) => deliverMailJob(app, payload));
    // The sandbox bank's notifications (a real provider keeps its own retries).
    if (app.config.sandboxServices) runner.handle(WEBHOOK_JOB, (payload) => deliverWebhookJob(app, payload));
    runner.recurring({
      name: 'reservations.sweep',
      everyMs: 60_000,
      run: async (now) => {
        await app.bookingService.requests.declineStaleRequests(now);
        await app.bookingService.holds.releaseExpiredHolds(now, HOLD_RELEASE_GRACE_MS);
      },
    });
    runner.recurring({ name: 'money.sweep', everyMs: 60_000, run: () => runMoneySweep(app, app.bankLink) });
    runner.recurring({
      name: 'jobs.purge',
      everyMs: 3_600_000,
      run: (now) => new JobRepository(app.db).purgeDone(new Date(now.getTime() - DONE_JOBS_KEPT_MS)),
    });
    // Followed outside calendars (issue 32), each read again every half hour.
    registerCalendarJobs(app, runner, queue);
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
      const every = options.pollMs ?? app.config.jobPollMs;
      if (every <= 0) return;
      timer = setInterval(tick, every);
      timer.unref();
    });
    // A write may have queued mail: sent right after its answer rather than at the next round. With
    // the sandboxes (dev runner, tests) before the answer, so the readable outbox already shows it.
    const sendQueuedMail = () => runner.runDue([MAIL_JOB]).catch((error: unknown) => app.log.error({ err: error }, 'mail delivery failed'));
    if (app.config.sandboxServices) {
      app.addHook('onSend', async (request, _reply, payload) => {
        if (WRITE_METHODS.has(request.method)) await sendQueuedMail();
        return payload;
      });
    } else {
      app.addHook('onResponse', async (request) => {
        if (WRITE_METHODS.has(request.method)) void sendQueuedMail();
      });
    }
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await running;
    });
  },
  { name: 'jobs', dependencies: ['booking-service', 'payment-services', 'mail-outbox', 'calendar-service'] },
);
