import { and, eq, gt, isNull } from 'drizzle-orm';
import { withTransaction } from '../db/transaction';
import { enqueueMail, type MailJob } from './outbox';
import type { Db } from '../db/database';
import { passwordResetTokens } from '../db/schema';
import { randomToken, sha256 } from '../lib/tokens';

export const RESET_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

export class PasswordResetRepository {
  constructor(private readonly db: Db) {}

  /**
   * Makes a reset token and queues the mail that carries it (`mail` writes it from the token) in
   * one transaction: the link exists exactly when its mail is on its way.
   */
  async create(userId: number, now: Date, mail: (token: string) => Extract<MailJob, { kind: 'mail' }>): Promise<void> {
    const token = randomToken();
    await withTransaction(this.db, async (tx) => {
      await tx.insert(passwordResetTokens).values({
        tokenHash: sha256(token),
        userId,
        createdTs: now,
        expiresTs: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
      });
      await enqueueMail(tx, mail(token), now);
    });
  }

  async isUsable(token: string, now: Date): Promise<boolean> {
    const [row] = await this.db
      .select({ userId: passwordResetTokens.userId })
      .from(passwordResetTokens)
      .where(
        and(eq(passwordResetTokens.tokenHash, sha256(token)), isNull(passwordResetTokens.usedTs), gt(passwordResetTokens.expiresTs, now)),
      )
      .limit(1);
    return Boolean(row);
  }

  /** Marks the token used and returns its user, atomically, so a link works exactly once. */
  async consume(token: string, now: Date): Promise<number | null> {
    const [row] = await this.db
      .update(passwordResetTokens)
      .set({ usedTs: now })
      .where(
        and(eq(passwordResetTokens.tokenHash, sha256(token)), isNull(passwordResetTokens.usedTs), gt(passwordResetTokens.expiresTs, now)),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!row) return null;
    // The other links mailed to this account die with this one: a mailbox read later by someone
    // else must not undo the reset.
    await this.db
      .update(passwordResetTokens)
      .set({ usedTs: now })
      .where(and(eq(passwordResetTokens.userId, row.userId), isNull(passwordResetTokens.usedTs)));
    return row.userId;
  }
}
