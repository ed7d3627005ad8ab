import { and, desc, eq, gte, isNull, not, like, sql } from 'drizzle-orm';
import type { IdentityMethod, IdentityStatus } from 'shared-kernel/schemas';
import type { Db } from '../db/database';
import { identityVerifications } from '../db/schema';
import { randomToken } from '../lib/tokens';

export type VerificationRow = typeof identityVerifications.$inferSelect;

/** A successful verification proves the person for this long (upgrade, business sign-up). */
export const VERIFICATION_VALID_MS = 15 * 60 * 1000;

// A spent verification keeps its row as the audit record; its token is replaced by this marker
// (plus randomness for the unique index) so the proof cannot be presented a second time.
const SPENT_PREFIX = 'spent:';

/** Smart-ID / Mobile-ID verifications: the running sessions, their outcomes, and the proofs they give. */
export class VerificationRepository {
  constructor(private readonly db: Db) {}

  async create(row: {
    userId: number | null;
    method: IdentityMethod;
    phoneNumber: string | null;
    personalCode: string;
    controlCode: string;
    providerSessionId: string | null;
    status: IdentityStatus;
    providerResult: string | null;
    message: string;
    now: Date;
  }): Promise<VerificationRow> {
    const done = row.status !== 'waiting';
    const [created] = await this.db
      .insert(identityVerifications)
      .values({
        token: randomToken(),
        userId: row.userId,
        method: row.method,
        phoneNumber: row.phoneNumber,
        personalCode: row.personalCode,
        controlCode: row.controlCode,
        providerSessionId: row.providerSessionId,
        status: row.status,
        providerResult: row.providerResult,
        message: row.message,
        createdTs: row.now,
        completedTs: done ? row.now : null,
      })
      .returning();
    return created;
  }

  async findByToken(token: string): Promise<VerificationRow | undefined> {
    if (token.startsWith(SPENT_PREFIX)) return undefined;
    const [row] = await this.db.select().from(identityVerifications).where(eq(identityVerifications.token, token)).limit(1);
    return row;
  }

  /** Records the outcome once; a concurrent poll that lost the race gets the stored row back. */
  async complete(
    id: number,
    outcome: { status: IdentityStatus; providerResult: string; message: string },
    now: Date,
  ): Promise<VerificationRow> {
    const [updated] = await this.db
      .update(identityVerifications)
      .set({ status: outcome.status, providerResult: outcome.providerResult, message: outcome.message, completedTs: now })
      .where(and(eq(identityVerifications.id, id), eq(identityVerifications.status, 'waiting')))
      .returning();
    if (updated) return updated;
    const [current] = await this.db.select().from(identityVerifications).where(eq(identityVerifications.id, id)).limit(1);
    return current;
  }

  /** The user's latest unspent, successful and recent verification of this personal code. */
  async findUsableForUser(userId: number, personalCode: string, now: Date): Promise<VerificationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(identityVerifications)
      .where(
        and(
          eq(identityVerifications.userId, userId),
          eq(identityVerifications.personalCode, personalCode),
          eq(identityVerifications.status, 'ok'),
          gte(identityVerifications.completedTs, new Date(now.getTime() - VERIFICATION_VALID_MS)),
          not(like(identityVerifications.token, `${SPENT_PREFIX}%`)),
        ),
      )
      .orderBy(desc(identityVerifications.completedTs))
      .limit(1);
    return row;
  }

  /**
   * Spends an anonymous verification (business sign-up) atomically: the row id only for the one
   * caller that turned a usable token of this personal code into a spent one, else null.
   */
  async spendAnonymous(token: string, personalCode: string, now: Date): Promise<number | null> {
    if (token.startsWith(SPENT_PREFIX)) return null;
    const rows = await this.db
      .update(identityVerifications)
      .set({ token: `${SPENT_PREFIX}${randomToken(16)}` })
      .where(
        and(
          eq(identityVerifications.token, token),
          isNull(identityVerifications.userId),
          eq(identityVerifications.personalCode, personalCode),
          eq(identityVerifications.status, 'ok'),
          gte(identityVerifications.completedTs, new Date(now.getTime() - VERIFICATION_VALID_MS)),
        ),
      )
      .returning({ id: identityVerifications.id });
    return rows.length === 1 ? rows[0].id : null;
  }

  /** Links a spent anonymous verification to the account it created, for the audit trail. */
  async attachUser(id: number, userId: number): Promise<void> {
    await this.db.update(identityVerifications).set({ userId }).where(eq(identityVerifications.id, id));
  }

  async isUsableAnonymous(token: string, personalCode: string, now: Date): Promise<boolean> {
    const row = await this.findByToken(token);
    return Boolean(
      row &&
      row.userId === null &&
      row.personalCode === personalCode &&
      row.status === 'ok' &&
      row.completedTs &&
      row.completedTs.getTime() >= now.getTime() - VERIFICATION_VALID_MS,
    );
  }

  /** Pass the caller's transaction so the spending commits with what it paid for. */
  async spend(id: number, executor: Pick<Db, 'update'> = this.db): Promise<void> {
    await executor
      .update(identityVerifications)
      .set({ token: sql`${SPENT_PREFIX} || ${randomToken(16)}` })
      .where(eq(identityVerifications.id, id));
  }
}
