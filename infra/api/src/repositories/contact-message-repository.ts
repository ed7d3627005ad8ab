import type { Db } from '../db/database';
import { contactMessages } from '../db/schema';
import { withTransaction } from '../db/transaction';
import { enqueueMail, type MailJob } from './outbox';

/** Messages of the public contact form, kept besides being mailed to support. */
export class ContactMessageRepository {
  constructor(private readonly db: Db) {}

  /** Keeps the message and queues its mail to support in one transaction (the outbox). */
  async add(
    message: { name: string | null; email: string; content: string },
    now: Date,
    mail: Extract<MailJob, { kind: 'mail' }>,
  ): Promise<void> {
    await withTransaction(this.db, async (tx) => {
      await tx.insert(contactMessages).values({ ...message, createdTs: now });
      await enqueueMail(tx, mail, now);
    });
  }
}
