import { withTransaction } from '../db/transaction';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ContactInfo, NewContactInfo, RoleName, SessionUser } from 'shared-kernel/schemas';
import type { Db } from '../db/database';
import { contactInfos, ledgerEntries, users } from '../db/schema';
import { centsToEuros } from '../lib/money';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export const MAX_FAILED_LOGINS = 5;
export const LOGIN_LOCK_MS = 60 * 60 * 1000;

export function walletAccount(userId: number): string {
  return `user:${userId}:wallet`;
}

export class UserRepository {
  constructor(private readonly db: Db) {}

  async findByUsername(username: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`)
      .limit(1);
    return row;
  }

  async findById(id: number): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  async emailInUse(email: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: contactInfos.id })
      .from(contactInfos)
      .where(and(eq(contactInfos.type, 'EMAIL'), sql`lower(${contactInfos.value}) = lower(${email})`))
      .limit(1);
    return Boolean(row);
  }

  /** Creates the user and contact infos in one transaction. */
  async create(user: NewUser, contacts: NewContactInfo[]): Promise<UserRow> {
    return withTransaction(this.db, async (tx) => {
      const [row] = await tx.insert(users).values(user).returning();
      if (contacts.length > 0) {
        await tx.insert(contactInfos).values(contacts.map((c) => ({ userId: row.id, type: c.type, value: c.value, prime: c.prime })));
      }
      return row;
    });
  }

  /** Atomic so parallel wrong guesses cannot slip past the limit. Returns the lock end if it locked now. */
  async recordFailedLogin(id: number, now: Date): Promise<Date | null> {
    const lockUntil = new Date(now.getTime() + LOGIN_LOCK_MS);
    const [row] = await this.db
      .update(users)
      .set({
        failedLogins: sql`case when ${users.failedLogins} + 1 >= ${MAX_FAILED_LOGINS} then 0 else ${users.failedLogins} + 1 end`,
        lockedUntil: sql`case when ${users.failedLogins} + 1 >= ${MAX_FAILED_LOGINS} then ${lockUntil.toISOString()}::timestamptz else ${users.lockedUntil} end`,
      })
      .where(eq(users.id, id))
      .returning({ lockedUntil: users.lockedUntil });
    return row?.lockedUntil && row.lockedUntil.getTime() === lockUntil.getTime() ? lockUntil : null;
  }

  async resetFailedLogins(id: number): Promise<void> {
    await this.db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, id));
  }

  async setPasswordHash(id: number, passwordHash: string, now: Date): Promise<void> {
    await this.db.update(users).set({ passwordHash, failedLogins: 0, lockedUntil: null, updatedTs: now }).where(eq(users.id, id));
  }

  /** Another private account already carries this verified personal code. */
  async verifiedCodeTakenByOther(identityCode: string, userId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.identityCode, identityCode), eq(users.verified, true), eq(users.type, 'B2C'), ne(users.id, userId)))
      .limit(1);
    return Boolean(row);
  }

  /**
   * The identity upgrade: sets the verified fields if the user still has `pendingRole`, and runs
   * `alsoInTransaction` (spending the proof) in the same transaction. Conditional on the role, so
   * two racing upgrades succeed once; undefined for the one that lost.
   */
  async markVerified(
    id: number,
    pendingRole: string,
    fields: Pick<NewUser, 'roles' | 'name' | 'lastName' | 'identityCode' | 'birthday' | 'verifiedTs' | 'updatedTs'>,
    alsoInTransaction: (tx: Pick<Db, 'update'>) => Promise<void>,
  ): Promise<UserRow | undefined> {
    return withTransaction(this.db, async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ ...fields, verified: true })
        .where(and(eq(users.id, id), sql`${pendingRole} = any(${users.roles})`))
        .returning();
      if (!row) return undefined;
      await alsoInTransaction(tx);
      return row;
    });
  }

  async contactInfosOf(userIds: number[]): Promise<Map<number, ContactInfo[]>> {
    const map = new Map<number, ContactInfo[]>();
    if (userIds.length === 0) return map;
    const rows = await this.db.select().from(contactInfos).where(inArray(contactInfos.userId, userIds)).orderBy(contactInfos.id);
    for (const r of rows) {
      const list = map.get(r.userId) ?? [];
      list.push({ id: r.id, type: r.type, value: r.value, prime: r.prime });
      map.set(r.userId, list);
    }
    return map;
  }

  /** The profile's own settings (`PUT /users/{id}/update`); only the fields given change. */
  async updateSettings(
    id: number,
    fields: { allowEmail?: boolean; allowVat?: boolean; accountNr?: string | null },
    now: Date,
  ): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ ...fields, updatedTs: now })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  /** Balance is derived from the ledger, never stored on the user. */
  async balanceCents(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ total: sql<string | null>`sum(${ledgerEntries.amountCents})` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.account, walletAccount(userId)));
    return Number(row?.total ?? 0);
  }

  async toSessionUser(user: UserRow): Promise<SessionUser> {
    const [contacts, balance] = await Promise.all([this.contactInfosOf([user.id]), this.balanceCents(user.id)]);
    return toSessionUser(user, contacts.get(user.id) ?? [], balance);
  }
}

export function toSessionUser(user: UserRow, contacts: ContactInfo[], balanceCents: number): SessionUser {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    lastName: user.lastName,
    type: user.type,
    isB2b: user.type === 'B2B',
    allowVat: user.allowVat,
    allowEmail: user.allowEmail,
    accountNr: user.accountNr,
    accountBalance: centsToEuros(balanceCents),
    contactInfos: contacts,
    roles: user.roles as RoleName[],
  };
}
