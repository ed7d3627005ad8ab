import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/database';
import { MAIL_JOB } from '../repositories/outbox';

/** A mail of the transactional outbox as its job row (issue 29). */
export interface MailJobRow {
  id: number;
  attempts: number;
  done_ts: string | null;
  last_error: string | null;
  payload: unknown;
}

/** The outbox's mail jobs, oldest first. */
export function mailJobs(database: Database): Promise<MailJobRow[]> {
  return queryRows<MailJobRow>(
    database.db,
    sql`select id, attempts, done_ts, last_error, payload from jobs where name = ${MAIL_JOB} order by id`,
  );
}
