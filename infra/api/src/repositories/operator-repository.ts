import { and, desc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminUser, AuditLogEntry, OperatorAction, RoleName } from 'shared-kernel/schemas';
import type { Db } from '../db/database';
import { operatorAuditLog, reservations, sessions, users } from '../db/schema';
import type { Tx } from '../db/transaction';

/** The columns the console shows of a user, with the prime (or first) e-mail. */
const adminUserColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  lastName: users.lastName,
  type: users.type,
  roles: users.roles,
  suspended: users.suspended,
  suspendedReason: users.suspendedReason,
  suspendedTs: users.suspendedTs,
  // "users"."id" written out: inside a select list drizzle leaves a column unqualified, and a bare
  // "id" in the subquery would be the contact's own id.
  email: sql<
    string | null
  >`(select c.value from contact_infos c where c.user_id = "users"."id" and c.type = 'EMAIL' order by c.prime desc, c.id limit 1)`,
};

type AdminUserRow = Omit<AdminUser, 'roles' | 'suspendedTs'> & { roles: string[]; suspendedTs: Date | null };

const present = (r: AdminUserRow): AdminUser => ({
  ...r,
  roles: r.roles as RoleName[],
  suspendedTs: r.suspendedTs?.toISOString() ?? null,
});

/** `%`, `_` and `\` typed by the operator are letters, not patterns. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface AuditInput {
  actorId: number;
  action: OperatorAction;
  targetUserId?: number | null;
  contractId?: number | null;
  paymentId?: number | null;
  reason?: string | null;
  details?: Record<string, unknown>;
  now: Date;
}

/** The operator console's data (issue 31): users as the console sees them, suspension, the audit log. */
export class OperatorRepository {
  constructor(private readonly db: Db) {}

  /** Users whose name, last name, "name last name", username or an e-mail contains `q` (any case); newest first. */
  async searchUsers(q: string, limit = 50): Promise<AdminUser[]> {
    const pattern = likePattern(q);
    const where =
      q === ''
        ? undefined
        : or(
            sql`${users.name} ilike ${pattern}`,
            sql`${users.lastName} ilike ${pattern}`,
            sql`(${users.name} || ' ' || coalesce(${users.lastName}, '')) ilike ${pattern}`,
            sql`${users.username} ilike ${pattern}`,
            sql`exists (select 1 from contact_infos c where c.user_id = "users"."id" and c.type = 'EMAIL' and c.value ilike ${pattern})`,
          );
    const rows = await this.db.select(adminUserColumns).from(users).where(where).orderBy(desc(users.id)).limit(limit);
    return rows.map((r) => present(r));
  }

  async findUser(db: Db | Tx, id: number): Promise<AdminUser | null> {
    const [row] = await db.select(adminUserColumns).from(users).where(eq(users.id, id)).limit(1);
    return row ? present(row) : null;
  }

  /** Locks the user row for a suspension change and answers it (null: no such user). */
  async lockUser(tx: Tx, id: number): Promise<AdminUser | null> {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
    return this.findUser(tx, id);
  }

  async setSuspension(tx: Tx, id: number, suspension: { reason: string; now: Date } | null): Promise<void> {
    await tx
      .update(users)
      .set(
        suspension
          ? { suspended: true, suspendedReason: suspension.reason, suspendedTs: suspension.now, updatedTs: suspension.now }
          : { suspended: false, suspendedReason: null, suspendedTs: null },
      )
      .where(eq(users.id, id));
  }

  /** Ends every session of the user (they are signed out on their next request). */
  async endSessions(tx: Tx, userId: number): Promise<number> {
    const rows = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
    return rows.length;
  }

  /** Ids of the REQUESTED reservations the user waits on, as renter or as owner, ascending (the lock order). */
  async openRequestIds(tx: Tx, userId: number): Promise<number[]> {
    const rows = await tx
      .select({ id: reservations.id })
      .from(reservations)
      .where(and(eq(reservations.status, 'REQUESTED'), or(eq(reservations.userId, userId), eq(reservations.productOwnerId, userId))))
      .orderBy(reservations.id);
    return rows.map((r) => r.id);
  }

  async audit(tx: Tx, input: AuditInput): Promise<void> {
    await tx.insert(operatorAuditLog).values({
      actorId: input.actorId,
      action: input.action,
      targetUserId: input.targetUserId ?? null,
      contractId: input.contractId ?? null,
      paymentId: input.paymentId ?? null,
      reason: input.reason ?? null,
      details: input.details ?? {},
      createdTs: input.now,
    });
  }

  /** The audit log, newest first; of one user (as the one acted on) when given. */
  async auditLog(size: number, userId?: number): Promise<AuditLogEntry[]> {
    const actor = alias(users, 'actor');
    const target = alias(users, 'target');
    const rows = await this.db
      .select({
        id: operatorAuditLog.id,
        createdTs: operatorAuditLog.createdTs,
        action: operatorAuditLog.action,
        actorId: operatorAuditLog.actorId,
        actorName: sql<string>`trim(${actor.name} || ' ' || coalesce(${actor.lastName}, ''))`,
        targetUserId: operatorAuditLog.targetUserId,
        targetName: sql<
          string | null
        >`case when ${target.id} is null then null else trim(${target.name} || ' ' || coalesce(${target.lastName}, '')) end`,
        contractId: operatorAuditLog.contractId,
        paymentId: operatorAuditLog.paymentId,
        reason: operatorAuditLog.reason,
      })
      .from(operatorAuditLog)
      .innerJoin(actor, eq(actor.id, operatorAuditLog.actorId))
      .leftJoin(target, eq(target.id, operatorAuditLog.targetUserId))
      .where(userId === undefined ? undefined : eq(operatorAuditLog.targetUserId, userId))
      .orderBy(desc(operatorAuditLog.createdTs), desc(operatorAuditLog.id))
      .limit(size);
    return rows.map((r) => ({ ...r, createdTs: r.createdTs.toISOString() }));
  }
}
