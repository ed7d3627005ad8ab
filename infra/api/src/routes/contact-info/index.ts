import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from 'shared-kernel/messages';
import { ContactInfo, ContactInfoRequest, IdParam, isValidEmail, normalizeEstonianMobile } from 'shared-kernel/schemas';
import { z } from 'zod';
import { ApiError } from '../../lib/api-error';
import { requireUser } from '../../plugins/session';
import { responses } from '../../schemas/responses';

const c = messages.identity.contact;
const MAX_CONTACTS_PER_USER = 20;
const UserIdParam = z.object({ userId: IdParam.shape.id });

/** Checks and normalises a value for its type; phones are stored as +372XXXXXXX. */
function normalize(type: ContactInfo['type'], raw: string): string {
  const value = raw.trim();
  if (type === 'PHONE') {
    const phone = normalizeEstonianMobile(value);
    if (!phone) throw new ApiError(400, 'INVALID_PHONE', c.invalidPhone);
    return phone;
  }
  if (type === 'EMAIL') {
    if (!isValidEmail(value)) throw new ApiError(400, 'INVALID_EMAIL', c.invalidEmail);
    return value;
  }
  if (value.length === 0 || value.length > 255) throw new ApiError(400, 'INVALID_ADDRESS', c.invalidAddress);
  return value;
}

/** `POST /contact-info/user/{userId}` and `PUT /contact-info/{id}`: a user edits only their own. */
export const contactInfoRoutes: FastifyPluginAsyncZod = async (app) => {
  const contacts = app.contactInfoRepository;

  app.post(
    '/contact-info/user/:userId',
    { schema: { params: UserIdParam, body: ContactInfoRequest, response: responses({ 200: ContactInfo }) } },
    async (request) => {
      const user = requireUser(request);
      if (request.params.userId !== user.id) throw new ApiError(403, 'FORBIDDEN', messages.identity.refusal.notOwnAccount);
      const { type, prime } = request.body;
      const value = normalize(type, request.body.value);
      if (type === 'EMAIL' && (await contacts.emailTakenByOther(value, user.id))) {
        throw new ApiError(409, 'EMAIL_ALREADY_IN_USE', messages.errors.registration.emailInUse);
      }
      const added = await contacts.add(user.id, { type, value, prime }, MAX_CONTACTS_PER_USER);
      if (!added) throw new ApiError(409, 'TOO_MANY_CONTACTS', c.tooMany);
      return added;
    },
  );

  app.put(
    '/contact-info/:id',
    { schema: { params: IdParam, body: ContactInfoRequest, response: responses({ 200: ContactInfo }) } },
    async (request) => {
      const user = requireUser(request);
      const existing = await contacts.findById(request.params.id);
      // Someone else's contact answers like a missing one: ids are not a way to probe accounts.
      if (!existing || existing.userId !== user.id) throw new ApiError(404, 'NOT_FOUND', c.notFound);
      const { type, prime } = request.body;
      const value = normalize(type, request.body.value);
      if (type === 'EMAIL' && (await contacts.emailTakenByOther(value, user.id))) {
        throw new ApiError(409, 'EMAIL_ALREADY_IN_USE', messages.errors.registration.emailInUse);
      }
      return contacts.update(existing, { type, value, prime });
    },
  );
};
