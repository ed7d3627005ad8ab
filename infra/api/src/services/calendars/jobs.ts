import type { FastifyInstance } from 'fastify';
import type { EnqueueInput, JobRepository } from '../../repositories/job-repository';
import type { JobRunner } from '../jobs/job-runner';

/** How often every followed calendar is read again. */
export const CALENDAR_REFRESH_EVERY_MS = 30 * 60_000;
export const CALENDAR_FEED_JOB = 'calendars.refresh-feed';
/**
 * How long an asked read may wait before asking again queues another: a second "read again" while
 * one waits adds nothing, but a read lost with its replica does not leave the calendar pending.
 */
export const CALENDAR_READ_WAIT_MS = 2 * 60_000;

/**
 * The job that reads one calendar as soon as a replica gets to it, because the owner added it or
 * asked to read it again. It has no key, so nothing merges it away: not the period's job of the
 * same calendar (which may have run already), nor an earlier ask at the same instant. Repeated asks
 * are held back by the calendar's own `read_asked_ts` instead (CalendarRepository.askRead).
 */
export function askedReadJob(row: { id: number; productId: number }, now: Date): EnqueueInput {
  return {
    name: CALENDAR_FEED_JOB,
    key: null,
    payload: { importId: row.id, productId: row.productId },
    runAt: now,
    // The read itself never throws (a bad feed is recorded); a failed write is worth another try.
    maxAttempts: 3,
  };
}

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
