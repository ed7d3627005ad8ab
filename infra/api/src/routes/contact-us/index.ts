import { RATE_LIMITS } from '../../plugins/abuse-limits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages, SUPPORT_EMAIL } from 'shared-kernel/messages';
import { ContactUsRequest, isValidEmail, OkResponse } from 'shared-kernel/schemas';
import { ApiError } from '../../lib/api-error';
import { responses } from '../../schemas/responses';

const c = messages.identity.contact;

/**
 * `POST /feedback/contactus` (the public contact form): kept in the database and mailed to the
 * support address through the outbox. Lives outside routes/feedback on purpose: that folder is the
 * product-feedback resource.
 */
export const contactUsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/feedback/contactus',
    { config: { rateLimit: RATE_LIMITS.contact }, schema: { body: ContactUsRequest, response: responses({ 200: OkResponse }) } },
    async (request) => {
      const email = request.body.email.trim();
      const content = request.body.content.trim();
      const name = (request.body.name ?? '').trim().slice(0, 200) || null;
      if (!isValidEmail(email)) throw new ApiError(400, 'INVALID_EMAIL', c.invalidEmail);
      if (content === '') throw new ApiError(400, 'CONTENT_REQUIRED', c.contentRequired);

      await app.contactMessageRepository.add({ name, email, content }, app.clock.now(), {
        kind: 'mail',
        to: SUPPORT_EMAIL,
        subject: `Kontaktvorm: ${name ?? email}`,
        body: `Saatja: ${name ? `${name} <${email}>` : email}\n\n${content}`,
      });
      return { ok: true as const };
    },
  );
};
