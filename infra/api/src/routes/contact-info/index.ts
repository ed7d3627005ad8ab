import type { FastifyPluginAsync } from 'fastify';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import { messages } from 'shared-kernel/messages';
import { ContactInfoRequest, IdParam, isValidEmail, normalizeEstonianMobile, type ContactInfo } from 'shared-kernel/schemas';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { contactInfos } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import type { ZodTypeProvider } from '../../lib/zod-type-provider';
import { requireUser } from '../../plugins/session';

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

async function emailTakenByOther(db: Db, email: string, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: contactInfos.id })
    .from(contactInfos)
    .where(and(eq(contactInfos.type, 'EMAIL'), sql`lower(${contactInfos.value}) = lower(${email})`, ne(contactInfos.userId, userId)))
    .limit(1);
  return Boolean(row);
}

const toContactInfo = (row: typeof contactInfos.$inferSelect): ContactInfo => ({ id: row.id, type: row.type, value: row.value, prime: row.prime });

/** `POST /contact-info/user/{userId}` and `PUT /contact-info/{id}`: a user edits only their own. */
export const contactInfoRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/contact-info/user/:userId',
    { schema: { params: UserIdParam, body: ContactInfoRequest } },
    async (request): Promise<ContactInfo> => {
      const user = requireUser(request);
      if (request.params.userId !== user.id) throw new ApiError(403, 'FORBIDDEN', messages.identity.refusal.notOwnAccount);
      const { type, prime } = request.body;
      const value = normalize(type, request.body.value);
      if (type === 'EMAIL' && (await emailTakenByOther(app.db, value, user.id))) {
        throw new ApiError(409, 'EMAIL_ALREADY_IN_USE', messages.errors.registration.emailInUse);
      }
      return app.db.transaction(async (tx) => {
        const [{ total }] = await tx.select({ total: count() }).from(contactInfos).where(eq(contactInfos.userId, user.id));
        if (total >= MAX_CONTACTS_PER_USER) throw new ApiError(409, 'TOO_MANY_CONTACTS', c.tooMany);
        // One prime contact per type.
        if (prime) await tx.update(contactInfos).set({ prime: false }).where(and(eq(contactInfos.userId, user.id), eq(contactInfos.type, type)));
        const [row] = await tx.insert(contactInfos).values({ userId: user.id, type, value, prime }).returning();
        return toContactInfo(row);
      });
    },
  );

  app.put(
    '/contact-info/:id',
    { schema: { params: IdParam, body: ContactInfoRequest } },
    async (request): Promise<ContactInfo> => {
      const user = requireUser(request);
      const [existing] = await app.db.select().from(contactInfos).where(eq(contactInfos.id, request.params.id)).limit(1);
      // Someone else's contact answers like a missing one: ids are not a way to probe accounts.
      if (!existing || existing.userId !== user.id) throw new ApiError(404, 'NOT_FOUND', c.notFound);
      const { type, prime } = request.body;
      const value = normalize(type, request.body.value);
      if (type === 'EMAIL' && (await emailTakenByOther(app.db, value, user.id))) {
        throw new ApiError(409, 'EMAIL_ALREADY_IN_USE', messages.errors.registration.emailInUse);
      }
      return app.db.transaction(async (tx) => {
        if (prime) {
          await tx
            .update(contactInfos)
            .set({ prime: false })
            .where(and(eq(contactInfos.userId, user.id), eq(contactInfos.type, type), ne(contactInfos.id, existing.id)));
        }
        const [row] = await tx.update(contactInfos).set({ type, value, prime }).where(eq(contactInfos.id, existing.id)).returning();
        return toContactInfo(row);
      });
    },
  );
};
