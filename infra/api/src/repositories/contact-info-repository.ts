import { withTransaction } from '../db/transaction';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { ContactInfo } from 'shared-kernel/schemas';
import type { Db } from '../db/database';
import { contactInfos } from '../db/schema';

type ContactInfoRow = typeof contactInfos.$inferSelect;
export type ContactInfoValues = Pick<ContactInfoRow, 'type' | 'value' | 'prime'>;

const toContactInfo = (row: ContactInfoRow): ContactInfo => ({ id: row.id, type: row.type, value: row.value, prime: row.prime });

/** A user's phones, e-mails and addresses. Only one contact per type is prime. */
export class ContactInfoRepository {
  constructor(private readonly db: Db) {}

  async findById(id: number): Promise<ContactInfoRow | undefined> {
    const [row] = await this.db.select().from(contactInfos).where(eq(contactInfos.id, id)).limit(1);
    return row;
  }

  /** Another user already lists this e-mail (case-insensitively). */
  async emailTakenByOther(email: string, userId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: contactInfos.id })
      .from(contactInfos)
      .where(and(eq(contactInfos.type, 'EMAIL'), sql`lower(${contactInfos.value}) = lower(${email})`, ne(contactInfos.userId, userId)))
      .limit(1);
    return Boolean(row);
  }

  /** Adds a contact unless the user already has `max`; null when they have. Counting and adding share one transaction. */
  async add(userId: number, values: ContactInfoValues, max: number): Promise<ContactInfo | null> {
    return withTransaction(this.db, async (tx) => {
      const [{ total }] = await tx.select({ total: count() }).from(contactInfos).where(eq(contactInfos.userId, userId));
      if (total >= max) return null;
      if (values.prime)
        await tx
          .update(contactInfos)
          .set({ prime: false })
          .where(and(eq(contactInfos.userId, userId), eq(contactInfos.type, values.type)));
      const [row] = await tx
        .insert(contactInfos)
        .values({ userId, ...values })
        .returning();
      return toContactInfo(row);
    });
  }

  async update(existing: Pick<ContactInfoRow, 'id' | 'userId'>, values: ContactInfoValues): Promise<ContactInfo> {
    return withTransaction(this.db, async (tx) => {
      if (values.prime) {
        await tx
          .update(contactInfos)
          .set({ prime: false })
          .where(and(eq(contactInfos.userId, existing.userId), eq(contactInfos.type, values.type), ne(contactInfos.id, existing.id)));
      }
      const [row] = await tx.update(contactInfos).set(values).where(eq(contactInfos.id, existing.id)).returning();
      return toContactInfo(row);
    });
  }
}
