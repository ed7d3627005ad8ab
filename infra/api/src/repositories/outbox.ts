import type { Db } from '../db/database';
import type { Tx } from '../db/transaction';
import { enqueueJob } from './job-repository';

/** The job that delivers one mail (services/outbox has its handler). */
export const MAIL_JOB = 'mail.send';
/** The job that delivers one webhook of the sandbox bank (routes/sandbox-bank). */
export const WEBHOOK_JOB = 'webhook.deliver';
/** A mail is tried this often (backoff from 10 s doubling) before it is given up and logged. */
export const MAIL_MAX_ATTEMPTS = 8;

/** What the mail says, with the site address and the receiver's consent looked up when it is sent. */
export type MailJob =
  /** A mail to an address (password reset, contact form): sent whatever the consent. */
  | { kind: 'mail'; to: string; subject: string; body: string }
  /** A notice about a rental for its other party: sent when they allow mail; `path` is the site path it links to. */
  | { kind: 'rental-notice'; userId: number; product: string; message: string; path: string }
  /** A copy of a notification (welcome, feedback…): sent when the user allows mail. */
  | { kind: 'notification'; userId: number; message: string; path: string }
  /** A new rental request for the owner: sent when they allow mail. */
  | { kind: 'rental-request'; userId: number; renter: string; product: string; start: string; end: string; path: string };

/**
 * The transactional outbox (issue 29): a mail is a job row written with `db`, the transaction of
 * the change that causes it, so it exists exactly when the change does and is delivered by
 * whichever replica's job runner claims it, with retries, even if this one dies after the commit.
 */
export async function enqueueMail(db: Db | Tx, mail: MailJob, now: Date): Promise<void> {
  await enqueueJob(db, { name: MAIL_JOB, payload: mail, runAt: now, maxAttempts: MAIL_MAX_ATTEMPTS });
}

/** A rental notice's link: the reservation's page, or the contracts page for contract events. */
export function rentalNoticePath(notice: { hash: string; contractId?: number }): string {
  return notice.contractId === undefined ? `/auth/rent-completed?rental=${encodeURIComponent(notice.hash)}` : '/auth/contracts';
}
