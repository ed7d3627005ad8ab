import { desc } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/database';
import { mailOutbox } from '../db/schema';
import type { Clock } from '../lib/clock';

export interface Mail {
  to: string;
  subject: string;
  body: string;
}

export interface StoredMail extends Mail {
  id: number;
  createdTs: string;
}

/** Where the app sends mail. Production swaps in an SMTP/API sender; the sandbox keeps an outbox. */
export interface MailSender {
  send(mail: Mail): Promise<void>;
}

/** A sender whose mail can be read back (the sandbox outbox page). */
export interface MailOutbox extends MailSender {
  list(limit?: number): Promise<StoredMail[]>;
}

/** Outbox in the database, so every API instance and a restart see the same mail. */
export class DbMailOutbox implements MailOutbox {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async send(mail: Mail): Promise<void> {
    await this.db.insert(mailOutbox).values({ toAddress: mail.to, subject: mail.subject, body: mail.body, createdTs: this.clock.now() });
  }

  async list(limit = 100): Promise<StoredMail[]> {
    const rows = await this.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
    return rows.map((r) => ({ id: r.id, to: r.toAddress, subject: r.subject, body: r.body, createdTs: r.createdTs.toISOString() }));
  }
}

/** For tests that want to look at mail without a database round trip. */
export class MemoryMailOutbox implements MailOutbox {
  readonly mails: StoredMail[] = [];
  constructor(private readonly clock: Clock = { now: () => new Date() }) {}

  async send(mail: Mail): Promise<void> {
    this.mails.push({ ...mail, id: this.mails.length + 1, createdTs: this.clock.now().toISOString() });
  }

  async list(limit = 100): Promise<StoredMail[]> {
    return [...this.mails].reverse().slice(0, limit);
  }
}

/** Decorates `outbox`: the one given (tests, production's sender), else the outbox in the database. */
const outboxPlugin: FastifyPluginAsync<{ outbox?: MailOutbox }> = async (app, options) => {
  app.decorate('outbox', options.outbox ?? new DbMailOutbox(app.db, app.clock));
};

export const outbox = fp(outboxPlugin, { name: 'mail-outbox', dependencies: ['db'] });
