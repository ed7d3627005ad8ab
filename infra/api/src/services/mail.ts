import { desc } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createTransport, type Transporter } from 'nodemailer';
import type { AppConfig } from '../config';
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

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

/**
 * The HTML body of a mail: its plain text escaped, links made clickable, paragraphs kept. Built
 * from the text (never from HTML a template or a user wrote), so no user text can become markup.
 */
export function mailHtml(mail: Mail): string {
  const paragraphs = mail.body.split(/\n{2,}/).map((p) =>
    escapeHtml(p)
      .replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)
      .replace(/\n/g, '<br>\n'),
  );
  return `<!doctype html>\n<html lang="et"><head><meta charset="utf-8"><title>${escapeHtml(mail.subject)}</title></head>\n<body>\n${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}\n</body></html>\n`;
}

/**
 * Mail over SMTP (nodemailer): plain text and HTML from the same Estonian template. A refusal or a
 * timeout throws, so the `mail.send` job stays in the queue and is retried (ADR 0027/0029).
 * Nothing is readable back: `list` is empty outside the sandbox.
 */
export class SmtpMailSender implements MailOutbox {
  private readonly transport: Transporter;

  constructor(private readonly options: NonNullable<AppConfig['mail']>) {
    const timeouts = { connectionTimeout: options.timeoutMs, greetingTimeout: options.timeoutMs, socketTimeout: options.timeoutMs };
    const auth = options.user && options.password ? { user: options.user, pass: options.password } : undefined;
    // A URL carries its own host, port, login and smtps:// (TLS); the parts are the other way to say it.
    this.transport = options.url
      ? createTransport({ url: options.url, ...timeouts })
      : createTransport({
          host: options.host,
          port: options.port ?? (options.secure ? 465 : 587),
          secure: options.secure,
          auth,
          ...timeouts,
        });
  }

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({ from: this.options.from, to: mail.to, subject: mail.subject, text: mail.body, html: mailHtml(mail) });
  }

  async list(): Promise<StoredMail[]> {
    return [];
  }

  close(): void {
    this.transport.close();
  }
}

/** Decorates `outbox`: the one given (tests), SMTP when configured, else the outbox in the database. */
const outboxPlugin: FastifyPluginAsync<{ outbox?: MailOutbox }> = async (app, options) => {
  const smtp = !options.outbox && !app.config.sandboxServices && app.config.mail ? new SmtpMailSender(app.config.mail) : undefined;
  if (smtp) app.addHook('onClose', async () => smtp.close());
  app.decorate('outbox', options.outbox ?? smtp ?? new DbMailOutbox(app.db, app.clock));
};

export const outbox = fp(outboxPlugin, { name: 'mail-outbox', dependencies: ['db'] });
