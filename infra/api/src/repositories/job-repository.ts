import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/database';
import type { Tx } from '../db/transaction';

/** A job as the queue hands it to its handler. */
export interface ClaimedJob {
  id: number;
  name: string;
  payload: unknown;
  /** This run's number, from 1. */
  attempt: number;
  maxAttempts: number;
}

export interface EnqueueInput {
  name: string;
  /**
   * With a key, a second enqueue of the same name and key is dropped: a recurring job enqueues its
   * run per period with the period as key, so every replica may enqueue it and one row results.
   */
  key?: string | null;
  payload?: unknown;
  runAt: Date;
  maxAttempts?: number;
}

/**
 * Adds a job with `db`, which is the caller's transaction when the job must exist exactly when
 * its cause does (the outbox: a mail row commits or rolls back with the change that causes it).
 * False when a job of the same name and key exists already.
 */
export async function enqueueJob(db: Db | Tx, input: EnqueueInput): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into jobs (name, key, payload, run_at, max_attempts, created_ts)
        values (${input.name}, ${input.key ?? null}, ${JSON.stringify(input.payload ?? {})}::jsonb, ${input.runAt.toISOString()}::timestamptz, ${input.maxAttempts ?? 5}, ${input.runAt.toISOString()}::timestamptz)
        on conflict (name, key) do nothing
        returning id`,
  );
  return rows.length > 0;
}

/**
 * The job queue's table (ADR 0029): claimed with FOR UPDATE SKIP LOCKED under a lease, so each
 * due job runs on one replica at a time, on PGlite and on PostgreSQL alike.
 */
export class JobRepository {
  constructor(private readonly db: Db) {}

  /** Adds a job; in `tx` when given (an outbox write commits or rolls back with its cause). */
  async enqueue(input: EnqueueInput, tx?: Tx): Promise<boolean> {
    return enqueueJob(tx ?? this.db, input);
  }

  /**
   * Claims up to `limit` due jobs of `names` for `leaseMs`: rows another replica is claiming are
   * skipped (SKIP LOCKED), and a claimed row is not due again until its lease has passed (a
   * replica that died mid-run leaves it to be retried after the lease).
   */
  async claim(names: readonly string[], now: Date, leaseMs: number, limit = 10): Promise<ClaimedJob[]> {
    if (names.length === 0) return [];
    const nowIso = now.toISOString();
    const rows = await queryRows<{ id: number; name: string; payload: unknown; attempts: number; max_attempts: number }>(
      this.db,
      sql`update jobs set attempts = attempts + 1, locked_until = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz
          where id in (
            select id from jobs
            where done_ts is null and run_at <= ${nowIso}::timestamptz
              and (locked_until is null or locked_until <= ${nowIso}::timestamptz)
              and name in (${sql.join(
                names.map((n) => sql`${n}`),
                sql`, `,
              )})
            order by run_at, id
            limit ${limit}
            for update skip locked
          )
          returning id, name, payload, attempts, max_attempts`,
    );
    return rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
      attempt: r.attempts,
      maxAttempts: r.max_attempts,
    }));
  }

  async complete(id: number, now: Date): Promise<void> {
    await this.db.execute(
      sql`update jobs set done_ts = ${now.toISOString()}::timestamptz, locked_until = null, last_error = null where id = ${id}`,
    );
  }

  /** A failed run: retried at `retryAt`, or given up (done, with its error) after its last attempt. */
  async fail(job: ClaimedJob, error: string, now: Date, retryAt: Date): Promise<void> {
    const giveUp = job.attempt >= job.maxAttempts;
    await this.db.execute(
      sql`update jobs set last_error = ${error.slice(0, 2000)}, locked_until = null,
            run_at = ${giveUp ? now.toISOString() : retryAt.toISOString()}::timestamptz,
            done_ts = ${giveUp ? now.toISOString() : null}::timestamptz
          where id = ${job.id}`,
    );
  }

  /** Finished jobs older than `before` are dropped, so the table holds the recent past only. */
  async purgeDone(before: Date): Promise<void> {
    await this.db.execute(sql`delete from jobs where done_ts is not null and done_ts < ${before.toISOString()}::timestamptz`);
  }
}
