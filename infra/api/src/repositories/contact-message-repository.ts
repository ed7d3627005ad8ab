import type { Db } from '../db/database';
import { contactMessages } from '../db/schema';

/** Messages of the public contact form, kept besides being mailed to support. */
export class ContactMessageRepository {
  constructor(private readonly db: Db) {}

  async add(message: { name: string | null; email: string; content: string }, now: Date): Promise<void> {
    await this.db.insert(contactMessages).values({ ...message, createdTs: now });
  }
}
