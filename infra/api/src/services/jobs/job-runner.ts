import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import type { ClaimedJob, JobRepository } from '../../repositories/job-repository';

/** A job run every `everyMs` by exactly one replica (the period's start is its run_at and key). */
export interface RecurringJob {
  name: string;
  everyMs: number;
  run(now: Date): Promise<unknown>;
}

/** Runs one queued job of its name; throwing retries it with backoff. */
export type JobHandler = (payload: unknown, job: ClaimedJob) => Promise<unknown>;

export interface JobRunnerOptions {
  /** How long a claim holds a job; a replica that dies mid-run leaves it to another after this. */
  leaseMs?: number;
}

/** The wait before retry `attempt` (1, 2, …): 10 s doubling, at most an hour. */
export function backoffMs(attempt: number): number {
  return Math.min(10_000 * 2 ** (attempt - 1), 3_600_000);
}

/**
 * The one place jobs run (ADR 0029). Each `tick` enqueues the current period of every recurring
 * job (a second replica's enqueue of the same period is dropped by the unique key), then claims
 * the due jobs it has handlers for and runs them one after another.
 */
export class JobRunner {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly recurringJobs: RecurringJob[] = [];
  private readonly leaseMs: number;

  constructor(
    private readonly repo: JobRepository,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    options: JobRunnerOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
  }

  /** A handler for queued jobs of `name` (one per name). */
  handle(name: string, handler: JobHandler): void {
    if (this.handlers.has(name)) throw new Error(`job ${name} has a handler already`);
    this.handlers.set(name, handler);
  }

  recurring(job: RecurringJob): void {
    this.handle(job.name, () => job.run(this.clock.now()));
    this.recurringJobs.push(job);
  }

  /** One round: enqueue the recurring jobs' periods, then run what is due. Answers how many ran. */
  async tick(): Promise<number> {
    const now = this.clock.now();
    for (const job of this.recurringJobs) {
      const period = Math.floor(now.getTime() / job.everyMs);
      await this.repo.enqueue({ name: job.name, key: String(period), runAt: new Date(period * job.everyMs), maxAttempts: 1 });
    }
    let ran = 0;
    for (;;) {
      const claimed = await this.repo.claim([...this.handlers.keys()], this.clock.now(), this.leaseMs);
      if (claimed.length === 0) return ran;
      for (const job of claimed) {
        ran += 1;
        await this.runOne(job);
      }
    }
  }

  /**
   * Runs the due jobs of `names` now (the queued mail right after the request that queued it),
   * instead of at the next round. Answers how many ran.
   */
  async runDue(names: readonly string[]): Promise<number> {
    const known = names.filter((n) => this.handlers.has(n));
    let ran = 0;
    for (;;) {
      const claimed = await this.repo.claim(known, this.clock.now(), this.leaseMs);
      if (claimed.length === 0) return ran;
      for (const job of claimed) {
        ran += 1;
        await this.runOne(job);
      }
    }
  }

  private async runOne(job: ClaimedJob): Promise<void> {
    const handler = this.handlers.get(job.name);
    try {
      if (!handler) throw new Error(`no handler for job ${job.name}`);
      await handler(job.payload, job);
      await this.repo.complete(job.id, this.clock.now());
    } catch (error) {
      const now = this.clock.now();
      this.log.error({ err: error, job: job.name, attempt: job.attempt }, 'job failed');
      await this.repo.fail(
        job,
        error instanceof Error ? error.message : String(error),
        now,
        new Date(now.getTime() + backoffMs(job.attempt)),
      );
    }
  }
}
