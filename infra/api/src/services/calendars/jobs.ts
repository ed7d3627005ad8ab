import type { FastifyInstance } from 'fastify';
import type { JobRepository } from '../../repositories/job-repository';
import type { JobRunner } from '../jobs/job-runner';

/** How often every followed calendar is read again. */
export const CALENDAR_REFRESH_EVERY_MS = 30 * 60_000;
export const CALENDAR_FEED_JOB = 'calendars.refresh-feed';

/**
 * Each period enqueues one job per followed calendar, so a slow feed holds up no other and the
 * replicas share the reading; a job's key (import and period) keeps it to one run per period.
 */
export function registerCalendarJobs(app: FastifyInstance, runner: JobRunner, jobs: JobRepository): void {
  runner.handle(CALENDAR_FEED_JOB, async (payload) => {
    const { importId, productId } = payload as { importId: number; productId: number };
    const row = await app.calendarRepository.findImport(productId, importId);
    if (row) await app.calendarService.refresh(row, app.clock.now());
  });
  runner.recurring({
    name: 'calendars.refresh',
    everyMs: CALENDAR_REFRESH_EVERY_MS,
    run: async (now) => {
      const period = Math.floor(now.getTime() / CALENDAR_REFRESH_EVERY_MS);
      for (const row of await app.calendarRepository.allImports()) {
        await jobs.enqueue({
          name: CALENDAR_FEED_JOB,
          key: `${row.id}:${period}`,
          payload: { importId: row.id, productId: row.productId },
          runAt: now,
          maxAttempts: 1,
        });
      }
    },
  });
}
