import type { FastifyInstance } from 'fastify';
import { format, messages } from 'shared-kernel/messages/server';
import { z } from 'zod';
import type { Mail } from '../mail';
import type { MailJob } from '../../repositories/outbox';

const MailJobSchema: z.ZodType<MailJob> = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('mail'), to: z.string(), subject: z.string(), body: z.string() }),
  z.object({ kind: z.literal('rental-notice'), userId: z.number().int(), product: z.string(), message: z.string(), path: z.string() }),
  z.object({ kind: z.literal('notification'), userId: z.number().int(), message: z.string(), path: z.string() }),
  z.object({
    kind: z.literal('rental-request'),
    userId: z.number().int(),
    renter: z.string(),
    product: z.string(),
    start: z.string(),
    end: z.string(),
    path: z.string(),
  }),
]);

/**
 * What a queued mail job sends: the texts are the catalogue's, the link is the configured site's,
 * and a mail to a user goes only while they allow mail (checked when it is sent). Null: nothing
 * to send (the user said no to mail, or is gone).
 */
export async function composeMail(app: FastifyInstance, job: MailJob): Promise<Mail | null> {
  if (job.kind === 'mail') return { to: job.to, subject: job.subject, body: job.body };
  const user = await app.userRepository.findById(job.userId);
  if (!user?.allowEmail) return null;
  const site = app.config.publicSiteUrl;
  const t = messages.notifications;
  switch (job.kind) {
    case 'rental-notice':
      return {
        to: user.username,
        subject: format(t.rentalUpdateMailSubject, { product: job.product }),
        body: format(t.rentalUpdateMailBody, { message: job.message, link: `${site}${job.path}` }),
      };
    case 'notification':
      return {
        to: user.username,
        subject: t.notificationMailSubject,
        body: format(t.notificationMailBody, { message: job.message, link: `${site}${job.path}` }),
      };
    case 'rental-request': {
      const params = { renter: job.renter, product: job.product, start: job.start, end: job.end, link: `${site}${job.path}` };
      return { to: user.username, subject: format(t.rentalRequestMailSubject, params), body: format(t.rentalRequestMailBody, params) };
    }
  }
}

/** The `mail.send` job: composes and hands the mail to the sender; a failure throws, so the queue retries it. */
export async function deliverMailJob(app: FastifyInstance, payload: unknown): Promise<void> {
  const job = MailJobSchema.parse(payload);
  const mail = await composeMail(app, job);
  if (mail) await app.outbox.send(mail);
}
